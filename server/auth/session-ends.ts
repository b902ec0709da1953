/**
 * A member's sessions ended at once (issue 23): a password change or reset, 'Se déconnecter de tous
 * les appareils' and an account's deletion move the member's token version on, which refuses every
 * token issued before at its next use; the connections opened with those tokens (socket.io,
 * graphql-ws) are closed here, so none keeps hearing what the member may no longer read.
 */
export type SessionEnds = {
  /** The member's token version has just moved on. */
  ended(userId: number): void;
  /** Called for every member whose sessions end; the connections' servers close theirs. */
  onEnded(listener: (userId: number) => void): void;
};

export function createSessionEnds(): SessionEnds {
  const listeners: ((userId: number) => void)[] = [];
  return {
    ended(userId) {
      for (const listener of listeners) listener(userId);
    },
    onEnded(listener) {
      listeners.push(listener);
    },
  };
}
