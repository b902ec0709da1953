import type { ApiResult } from './api-client';

/**
 * A list the page reads whole from the server and changes too (the moderators' queues, the blocked
 * members, the followings record): an answer asked for before one of the page's changes is older
 * than the store, and storing it would undo that change (a report classed, or a member unblocked,
 * as the list opened came back). `changed()` counts each change as it is made or heard; `read`
 * stores an answer only if none came while it was on its way (checked in the store's write queue,
 * so a change queued before the write runs first), else asks again — three rounds at most, then the
 * store keeps what the changes made.
 */
export function createFreshRead(serial: <T>(work: () => Promise<T>) => Promise<T>) {
  let changes = 0;
  return {
    changed(): void {
      changes += 1;
    },
    async read<T>(ask: () => Promise<ApiResult<T>>, store: (data: T) => Promise<void>): Promise<ApiResult<T>> {
      for (let round = 1; ; round += 1) {
        const asked = changes;
        const answer = await ask();
        if (!answer.ok) return answer;
        const kept = await serial(async () => {
          if (changes !== asked) return false;
          await store(answer.data);
          return true;
        });
        if (kept || round === 3) return answer;
      }
    },
  };
}
