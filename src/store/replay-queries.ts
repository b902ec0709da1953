import { map, type Observable } from 'rxjs';
import type { Replay, TeamMember } from '../contract/replays';
import { matchesReplayFilter, normaliseFilter, replayFilterKey, type ReplayFilter } from '../domain/replay-rules';
import type { LoadedPages } from '../domain/paged-list';
import type { ComptoirDatabase } from './database';
import { REPLAY_POSITION_PREFIX } from './outbox-waiting';
import { contentBySlug$, loadedPagesKey, pagedList$ } from './paged-list';

export const replayKey = (id: number) => `replay:${id}`;
export const teamMemberKey = (id: number) => `teamMember:${id}`;
export const replayCategoryKey = (name: string) => `replayCategory:${name}`;

/** kv: the pages of one filter's list loaded so far (see `LoadedPages`). */
export const replayPagesKey = (filter: ReplayFilter) => loadedPagesKey('replays', replayFilterKey(filter));
/** kv: the second a member stopped at in a replay (see `StoredPosition`). */
export const replayPositionKey = (replayId: number) => `${REPLAY_POSITION_PREFIX}${replayId}`;

/** A replay's position: `pending` until the server has stored this very second. */
export type StoredPosition = { second: number; pending: boolean; at: number };

export type ReplayList = {
  /** The list's replays, the newest first. */
  replays: Replay[];
  /** null: no page of this filter was loaded yet (the list shows what the store has, for now). */
  pages: LoadedPages | null;
};

/** A filter's list from the store, the newest first: the date range through the index, the rest checked here. */
export function replayList$(db: ComptoirDatabase, filter: ReplayFilter): Observable<ReplayList> {
  const f = normaliseFilter(filter);
  return pagedList$(db, {
    type: 'replay',
    pagesKey: replayPagesKey(f),
    matches: (replay) => matchesReplayFilter(replay, f),
    from: f.from === null ? null : Date.parse(f.from),
    to: f.to === null ? null : Date.parse(f.to),
  }).pipe(map(({ items, pages }) => ({ replays: items, pages })));
}

/** A filter's replays from the store, the newest first. */
export const replays$ = (db: ComptoirDatabase, filter: ReplayFilter): Observable<Replay[]> => replayList$(db, filter).pipe(map((list) => list.replays));

/** The stored replay of a slug (null: none stored). */
export const replayBySlug$ = (db: ComptoirDatabase, slug: string): Observable<Replay | null> => contentBySlug$(db, 'replay', slug);

/** The newest stored replay (the home card), null when none is stored. */
export const latestReplay$ = (db: ComptoirDatabase): Observable<Replay | null> =>
  db.content
    .find({ selector: { type: 'replay' }, sort: [{ sortKey: 'desc' }], limit: 1 })
    .$.pipe(map((docs) => (docs[0] ? (docs[0].toJSON().data as Replay) : null)));

/** The public team members in the author filter's order. */
export const teamMembers$ = (db: ComptoirDatabase): Observable<TeamMember[]> =>
  db.content
    .find({ selector: { type: 'teamMember' }, sort: [{ sortKey: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON().data as TeamMember)));

/** The replay categories in display order. */
export const replayCategories$ = (db: ComptoirDatabase): Observable<string[]> =>
  db.content
    .find({ selector: { type: 'replayCategory' }, sort: [{ sortKey: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => (d.toJSON().data as { name: string }).name)));

/** The second to resume a replay at (this device's latest, else the server's), null: none. */
export const replayPosition$ = (db: ComptoirDatabase, replayId: number): Observable<number | null> =>
  db.kv.findOne(replayPositionKey(replayId)).$.pipe(map((doc) => (doc ? (doc.toJSON().value as StoredPosition).second : null)));

/** The positions this device has not had stored by the server yet, the oldest first. */
export async function pendingPositions(db: ComptoirDatabase): Promise<{ replayId: number; position: StoredPosition }[]> {
  const docs = await db.kv.find({ selector: { key: { $gte: REPLAY_POSITION_PREFIX, $lt: `${REPLAY_POSITION_PREFIX}\uffff` } } }).exec();
  return docs
    .map((d) => ({ replayId: Number(d.key.slice(REPLAY_POSITION_PREFIX.length)), position: d.toJSON().value as StoredPosition }))
    .filter((p) => p.position.pending)
    .sort((a, b) => a.position.at - b.position.at);
}
