import type { Replay, TeamMember } from '../contract/replays';
import { isLastPage, sortAuthors, type ReplayFilter } from '../domain/replay-rules';
import type { ComptoirDatabase } from '../store/database';
import type { LoadedPages } from '../domain/paged-list';
import { replayCategoryKey, replayKey, replayPagesKey, replayPositionKey, teamMemberKey, type StoredPosition } from '../store/replay-queries';
import type { ContentDoc } from '../store/schemas';
import { modifyKv, replaceContentType } from './fold-store';
import { foldLoadedPages } from './page-loader';

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

/** One page of a filter's list: its replays, and what is known of the list's pages. */
export async function foldReplayPage(db: ComptoirDatabase, filter: ReplayFilter, page: number, replays: readonly Replay[]): Promise<LoadedPages> {
  await foldReplays(db, replays);
  return foldLoadedPages(db, replayPagesKey(filter), page, isLastPage(replays.length), replays.map((r) => Date.parse(r.attributes.date)));
}

/**
 * The replay filters' answer, the whole truth: members and categories it no longer lists are
 * removed. Members are ranked by the author priority, categories keep the server's order.
 */
export async function foldReplayFilters(db: ComptoirDatabase, answer: { teamMembers: readonly TeamMember[]; replayCategories: readonly string[] }): Promise<void> {
  const members: ContentDoc[] = sortAuthors(answer.teamMembers).map((data, rank) => ({ key: teamMemberKey(data.id), type: 'teamMember', sortKey: rank, data }));
  const names = [...new Set(answer.replayCategories)];
  const categories: ContentDoc[] = names.map((name, rank) => ({ key: replayCategoryKey(name), type: 'replayCategory', sortKey: rank, data: { name } }));
  await replaceContentType(db, 'teamMember', members);
  await replaceContentType(db, 'replayCategory', categories);
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
