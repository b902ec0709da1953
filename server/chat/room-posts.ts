import type { ChatMessage } from '../../src/contract/chat';
import type { Database } from '../db/open-database';
import type { UserRow } from '../users/user-queries';
import { isPlainRoomPost, postMessage, postRoomMessages, type PostMessageData, type PostOutcome, type RoomPost } from './post-message';

/**
 * How the socket's posts reach the database (issue 25). A plain post to a room (no attachments)
 * joins its room's queue: the first one of a quiet room is written at once; those that arrive
 * while a room's write is under way are written together by the next one (group commit), each
 * answered with its own outcome, in arrival order. Other posts (threads, comments, attachments)
 * are written one by one as before.
 *
 * Past what the server can write, a post is answered at once with `SERVER_BUSY` and a wait
 * (`retryAfterMs`) instead of queueing for seconds: the client's outbox keeps it and sends it
 * again after the wait, with its same client id, so nothing is lost nor doubled.
 */
export type RoomPosts = {
  post(user: UserRow, input: PostMessageData, now?: Date): Promise<PostOutcome>;
  /** Posts waiting or being written (tests, metrics). */
  readonly pending: number;
};

export const SERVER_BUSY = 'Serveur très sollicité : votre message partira dans un instant.';

export type RoomPostsOptions = {
  /** At most so many posts in one write. */
  maxBatch: number;
  /** A room's queue whose oldest post has waited this long turns new posts away. */
  maxWaitMs: number;
  /**
   * A post still queued (its write not begun) after this long is answered `SERVER_BUSY` then:
   * a write that stalls (the embedded database's checkpoint, a starved thread) keeps the posts
   * queued behind it waiting no longer. Not written, it is sent again by its outbox, once.
   */
  answerWithinMs: number;
  /** Or a queue this long. */
  maxQueued: number;
  /** The wait answered to a post turned away: this, plus up to as much again at random (retries spread out). */
  retryAfterMs: number;
  /**
   * Told of each batch's new messages, in seq order, right after their posts are answered (they go
   * to the room together); the outcomes then say `announced`. Without it, each post's caller announces.
   */
  announce?: (posts: { message: ChatMessage; blockerIds: number[] }[]) => void;
};

export const ROOM_POSTS_DEFAULTS: Omit<RoomPostsOptions, 'announce'> = { maxBatch: 64, maxWaitMs: 400, answerWithinMs: 600, maxQueued: 400, retryAfterMs: 1000 };

type Job = RoomPost & { queuedAt: number; answer: (outcome: PostOutcome) => void; fail: (error: unknown) => void };

export function createRoomPosts(db: Database, options: Partial<RoomPostsOptions> = {}): RoomPosts {
  const { maxBatch, maxWaitMs, answerWithinMs, maxQueued, retryAfterMs, announce } = { ...ROOM_POSTS_DEFAULTS, ...options };
  const queues = new Map<string, Job[]>();
  /** Each room's timer for its oldest queued post's answer deadline. */
  const deadlines = new Map<string, ReturnType<typeof setTimeout>>();
  const busyAnswer = (): PostOutcome => ({ error: SERVER_BUSY, retryAfterMs: retryAfterMs + Math.floor(Math.random() * retryAfterMs) });
  const writing = new Set<string>();
  /** Each room's last post date given (ms). */
  const lastDate = new Map<string, number>();
  let pending = 0;
  /**
   * How long a batch's write takes lately (ms, a moving average over the server's batches): a
   * queue that would take longer than `maxWaitMs` to write turns new posts away before any of
   * them has waited that long (the database may be slower than usual: a busy machine, a thread
   * that gets less of the CPU).
   */
  let batchMs = 0;

  /** Answers the room's queued posts past their deadline (oldest first), then watches the next one's. */
  function answerOverdue(roomId: string): void {
    clearTimeout(deadlines.get(roomId));
    deadlines.delete(roomId);
    const queue = queues.get(roomId);
    if (!queue) return;
    const now = performance.now();
    let overdue = 0;
    while (overdue < queue.length && now - queue[overdue]!.queuedAt >= answerWithinMs) overdue += 1;
    for (const job of queue.splice(0, overdue)) job.answer(busyAnswer());
    pending -= overdue;
    const next = queue[0];
    if (next) deadlines.set(roomId, setTimeout(() => answerOverdue(roomId), Math.max(0, next.queuedAt + answerWithinMs - now)));
  }

  async function drain(roomId: string): Promise<void> {
    writing.add(roomId);
    try {
      for (;;) {
        answerOverdue(roomId);
        const queue = queues.get(roomId);
        if (!queue || queue.length === 0) break;
        const batch = queue.splice(0, maxBatch);
        // The deadline watched is the next post's, which waits for this write.
        answerOverdue(roomId);
        const started = performance.now();
        try {
          const outcomes = await postRoomMessages(db, roomId, batch);
          const took = performance.now() - started;
          batchMs = batchMs === 0 ? took : batchMs * 0.8 + took * 0.2;
          batch.forEach((job, i) => {
            const outcome = outcomes[i]!;
            job.answer(announce && 'created' in outcome && outcome.created ? { ...outcome, announced: true } : outcome);
          });
          // The authors hear their answers first (each a frame on its own socket), then the room
          // its new messages: announced after the answers' continuations have run (a promise's
          // are microtasks), so an answer never waits behind a frame to every member of the room.
          // In order all the same: the next batch's messages are announced after its write, in a
          // later turn of the loop than this one's.
          if (announce) {
            const written = outcomes.flatMap((o) => ('created' in o && o.created ? [{ message: o.message, blockerIds: o.blockerIds }] : []));
            if (written.length > 0) setImmediate(() => announce(written));
          }
        } catch (error) {
          for (const job of batch) job.fail(error);
        } finally {
          pending -= batch.length;
        }
      }
    } finally {
      writing.delete(roomId);
      if (queues.get(roomId)?.length === 0) {
        queues.delete(roomId);
        clearTimeout(deadlines.get(roomId));
        deadlines.delete(roomId);
      }
    }
  }

  /**
   * Whether a post to this queue now would be answered later than `maxWaitMs`: the write under way,
   * then the batches before it. A post that joins the next batch is never turned away for the
   * estimate alone: it costs that batch nothing and waits no longer than the posts already in it
   * (turned away, a slow database wrote one post per write — 4 posts a second in the soak).
   */
  const busy = (queue: Job[] | undefined, at: number): boolean =>
    queue !== undefined &&
    queue.length > 0 &&
    (queue.length >= maxQueued ||
      at - queue[0]!.queuedAt >= maxWaitMs ||
      (queue.length >= maxBatch && (1 + Math.ceil((queue.length + 1) / maxBatch)) * batchMs >= maxWaitMs));

  return {
    get pending() {
      return pending;
    },
    post(user, input, asked = new Date()) {
      if (!isPlainRoomPost(input)) return postMessage(db, user, input, asked);
      // Each post of a room gets its own millisecond, later than the one before: posts read in one
      // tick would otherwise share a date, and lists order by date then id, not by arrival.
      const now = new Date(Math.max(asked.getTime(), (lastDate.get(input.room) ?? 0) + 1));
      lastDate.set(input.room, now.getTime());
      const at = performance.now();
      const queue = queues.get(input.room);
      if (busy(queue, at)) return Promise.resolve(busyAnswer());
      return new Promise<PostOutcome>((answer, fail) => {
        const jobs = queue ?? [];
        if (!queue) queues.set(input.room, jobs);
        jobs.push({ user, input, now, queuedAt: at, answer, fail });
        pending += 1;
        if (!writing.has(input.room)) void drain(input.room);
        else if (!deadlines.has(input.room)) answerOverdue(input.room);
      });
    },
  };
}
