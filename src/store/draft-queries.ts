import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { ComptoirDatabase } from './database';

/**
 * A composer's draft is one kv record per stream (a room, a thread, an alert's comments, a
 * conversation): `draft:{stream}` holding the text. No record, no draft.
 */
export const DRAFT_PREFIX = 'draft:';
export const draftKey = (stream: string): string => `${DRAFT_PREFIX}${stream}`;

// ';' follows ':' in code-unit order: the range holds exactly the keys under the prefix.
const draftRange = { key: { $gte: DRAFT_PREFIX, $lt: 'draft;' } };

/** Every stored draft, by stream (read once when the data layer opens). */
export async function readDrafts(db: ComptoirDatabase): Promise<Map<string, string>> {
  const docs = await db.kv.find({ selector: draftRange }).exec();
  return new Map(docs.map((d) => [d.key.slice(DRAFT_PREFIX.length), String(d.toJSON().value ?? '')]));
}

/**
 * The streams with a stored draft (the room list's pencil marks). It emits only when that set
 * changes, not on every saved keystroke.
 */
export const draftStreams$ = (db: ComptoirDatabase): Observable<ReadonlySet<string>> =>
  db.kv.find({ selector: draftRange }).$.pipe(
    map((docs) => docs.map((d) => d.key.slice(DRAFT_PREFIX.length)).sort()),
    distinctUntilChanged((a, b) => a.length === b.length && a.every((s, i) => s === b[i])),
    map((streams) => new Set(streams)),
  );
