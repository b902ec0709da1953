import type { Replay, TeamMember } from '../contract/replays';
import { isLastPage, sortAuthors, type ReplayFilter } from '../domain/replay-rules';
import type { ComptoirDatabase } from '../store/database';
import { replayCategoryKey, replayKey, replayPagesKey, replayPositionKey, teamMemberKey, type ReplayPages, type StoredPosition } from '../store/replay-queries';
import type { ContentDoc } from '../store/schemas';

/**
 * Folds replays into the store (a page of the list, a `replayPublished` event): one bulk upsert,
 * keyed by id. The server's latest answer is the truth for this member (a replay turns locked or
 * unlocked with the member's rights), so an answer simply replaces what was stored.
 */
export async function foldReplays(db: ComptoirDatabase, replays: readonly Replay[]): Promise<void> {
  if (replays.length === 0) return;
  const byId = new Map(replays.map((data) => [data.id, data] as const));
  const docs: ContentDoc[] = [...byId.values()].map((data) => ({ key: replayKey(data.id), type: 'replay', sortKey: Date.parse(data.attributes.date), data }));
  await db.content.bulkUpsert(docs);
}

/**
 * One page of a filter's list: its replays, and what is known of the list's pages (the highest
 * loaded, the end, the oldest date loaded). The same page folded twice, or pages folded in another
 * order, give the same record.
 */
export async function foldReplayPage(db: ComptoirDatabase, filter: ReplayFilter, page: number, replays: readonly Replay[]): Promise<ReplayPages> {
  await foldReplays(db, replays);
  const dates = replays.map((r) => Date.parse(r.attributes.date));
  const last = isLastPage(replays.length);
  return modifyKv<ReplayPages>(db, replayPagesKey(filter), (prev) => {
    const oldest = Math.min(prev?.oldest ?? Infinity, ...dates);
    return {
      // A short page before the known end means the list shrank: it ends there now.
      pages: last ? (prev && prev.end ? Math.min(prev.pages, page) : page) : Math.max(prev?.pages ?? 0, page),
      end: last || (prev !== undefined && page < prev.pages && prev.end),
      oldest: Number.isFinite(oldest) ? oldest : null,
    };
  });
}

/**
 * The replay filters' answer, the whole truth: members and categories it no longer lists are
 * removed. Members are ranked by the author priority, categories keep the server's order.
 */
export async function foldReplayFilters(db: ComptoirDatabase, answer: { teamMembers: readonly TeamMember[]; replayCategories: readonly string[] }): Promise<void> {
  const members: ContentDoc[] = sortAuthors(answer.teamMembers).map((data, rank) => ({ key: teamMemberKey(data.id), type: 'teamMember', sortKey: rank, data }));
  const names = [...new Set(answer.replayCategories)];
  const categories: ContentDoc[] = names.map((name, rank) => ({ key: replayCategoryKey(name), type: 'replayCategory', sortKey: rank, data: { name } }));
  await replaceType(db, 'teamMember', members);
  await replaceType(db, 'replayCategory', categories);
}

/**
 * The server's stored positions: taken where this device has nothing waiting to be sent (what
 * this device watched last and has not sent wins, it is the newer).
 */
export async function foldServerPositions(db: ComptoirDatabase, positions: readonly { replayId: number; second: number }[], now: number): Promise<void> {
  for (const { replayId, second } of positions) {
    await modifyKv<StoredPosition>(db, replayPositionKey(replayId), (prev) => (prev?.pending ? prev : { second, pending: false, at: now }));
  }
}

/**
 * Changes one kv value atomically (RxDB's `incrementalModify` reruns `change` on the latest
 * revision when another write got there first); resolves with the value written.
 */
export async function modifyKv<T>(db: ComptoirDatabase, key: string, change: (prev: T | undefined) => T): Promise<T> {
  let found = await db.kv.findOne(key).exec();
  if (!found) {
    const value = change(undefined);
    try {
      await db.kv.insert({ key, value });
      return value;
    } catch {
      // Another writer made it first: change theirs.
      found = await db.kv.findOne(key).exec();
      if (!found) throw new Error(`kv ${key} vanished`);
    }
  }
  let written: T | undefined;
  await found.incrementalModify((doc) => {
    written = change(doc.value as T | undefined);
    return { ...doc, value: written };
  });
  return written as T;
}

async function replaceType(db: ComptoirDatabase, type: 'teamMember' | 'replayCategory', docs: ContentDoc[]): Promise<void> {
  const kept = new Set(docs.map((d) => d.key));
  const stored = await db.content.find({ selector: { type } }).exec();
  const stale = stored.map((d) => d.key).filter((key) => !kept.has(key));
  if (stale.length > 0) await db.content.bulkRemove(stale);
  if (docs.length > 0) await db.content.bulkUpsert(docs);
}
