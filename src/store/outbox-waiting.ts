import type { ComptoirDatabase } from './database';

/**
 * Whether this device still has writes to send for the screens whose syncs load on first use
 * (src/data-layer.ts): a course's steps or video seconds, a replay's position. Two cheap reads at
 * start, so the data layer loads those syncs only when there is something for them to send.
 */

/** The kv keys of replay positions (src/store/replay-queries.ts). */
export const REPLAY_POSITION_PREFIX = 'replayPosition:';

/** A formation's progress with writes waiting (`queuedAt` set until the server has them). */
export const progressWaiting = async (db: ComptoirDatabase): Promise<boolean> =>
  (await db.formation_progress.findOne({ selector: { queuedAt: { $gt: 0 } } }).exec()) !== null;

/** A replay position the server has not stored yet. */
export async function replayPositionWaiting(db: ComptoirDatabase): Promise<boolean> {
  const docs = await db.kv.find({ selector: { key: { $gte: REPLAY_POSITION_PREFIX, $lt: `${REPLAY_POSITION_PREFIX}\uffff` } } }).exec();
  return docs.some((doc) => (doc.toJSON().value as { pending?: unknown } | null)?.pending === true);
}
