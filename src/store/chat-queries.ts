import { combineLatest, defer, distinctUntilChanged, map, tap, type Observable } from 'rxjs';
import { markBoot } from '../domain/boot-marks';
import { LIST_PAGE } from '../domain/chat-limits';
import type { ChatMessage } from '../contract/chat';
import { fromDoc, historyKey, revOf, visibleMessage, type HistoryState } from '../sync/message-state';
import type { ComptoirDatabase } from './database';
import type { AlertDoc, MessageDoc, OutboxDoc, RoomDoc } from './schemas';
import type { Alert } from '../contract/alerts';
import type { RoomRead } from '../contract/read-state';
import { fromAlertDoc, visibleAlert } from '../sync/alert-state';
import { kept } from './kept-queries';
import type { BackwardsReads } from './fast-index-reads';
import { asShown, liveTail$ } from './live-tail';

/**
 * The chat's query builders. Every hot query is an ascending scan of an index with a limit
 * (FACTS.md), checked by tests/unit/store/chat-queries.test.ts through its query plan.
 */

export const roomsQuery = (db: ComptoirDatabase) => db.rooms.find({ sort: [{ position: 'asc' }] });
/** A stored room as the views read it, once per stored revision (see `readMessage`). */
const readAsRoom = new WeakMap<object, RoomDoc>();
const readRoom = (doc: { toJSON(): unknown }): RoomDoc => {
  let read = readAsRoom.get(doc);
  if (read === undefined) {
    read = doc.toJSON() as RoomDoc;
    readAsRoom.set(doc, read);
  }
  return read;
};
/** The room list; a room keeps its identity until it changes (another room's badge re-renders nothing of it). */
export const rooms$ = (db: ComptoirDatabase): Observable<RoomDoc[]> => roomsQuery(db).$.pipe(map((docs) => docs.map(readRoom)));
export const room$ = (db: ComptoirDatabase, id: string): Observable<RoomDoc | null> =>
  db.rooms.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as RoomDoc) : null)));

/**
 * The newest `limit` messages of a stream no older than `oldestRev` (the contiguous history the
 * client holds) and, once the reader has scrolled far up, no newer than `newestRev`, newest first:
 * the message list's window, always a bounded range of the `[stream+rev]` index.
 */
const windowSelector = (stream: string, oldestRev: number | null, newestRev: number | null) => {
  const rev = { ...(oldestRev === null ? {} : { $lte: oldestRev }), ...(newestRev === null ? {} : { $gte: newestRev }) };
  return Object.keys(rev).length === 0 ? { stream } : { stream, rev };
};

export const windowQuery = (db: ComptoirDatabase, stream: string, limit: number, oldestRev: number | null, newestRev: number | null = null) =>
  db.messages.find({ selector: windowSelector(stream, oldestRev, newestRev), sort: [{ rev: 'asc' }], limit });

/**
 * The oldest `count` messages of a stream at or newer than `rev` (its same-millisecond rows too),
 * oldest first: where a room's first unread far back is read from the store (issue 21). Read from
 * the `[stream+rev]` range's end with a reverse cursor where the storage has one; else (the tests'
 * memory storage) by the sort that reads the whole range (FACTS.md).
 */
export async function messagesFrom(db: ComptoirDatabase, stream: string, rev: number, count: number): Promise<ChatMessage[]> {
  const selector = windowSelector(stream, rev, null);
  const storage = db.messages.internalStorageInstance as Partial<BackwardsReads<MessageDoc>>;
  if (storage.readBackwards) {
    const prepared = db.messages.find({ selector, sort: [{ rev: 'asc' }] }).getPreparedQuery();
    const rows = await storage.readBackwards(prepared, count);
    return rows.map((row) => visibleMessage(fromDoc(row))).filter((m): m is ChatMessage => m !== null);
  }
  return visible(await db.messages.find({ selector, sort: [{ rev: 'desc' }], limit: count }).exec());
}

/** How many messages of that range the store holds. */
export const windowCount = (db: ComptoirDatabase, stream: string, oldestRev: number | null, newestRev: number | null = null): Promise<number> =>
  db.messages.count({ selector: windowSelector(stream, oldestRev, newestRev) }).exec();

export const threadsQuery = (db: ComptoirDatabase, roomStreamKey: string, limit: number) =>
  db.messages.find({ selector: { threadKey: roomStreamKey }, sort: [{ rev: 'asc' }], limit });

export const pinsQuery = (db: ComptoirDatabase, roomStreamKey: string) =>
  db.messages.find({ selector: { pinKey: roomStreamKey }, sort: [{ rev: 'asc' }] });

export const outboxQuery = (db: ComptoirDatabase, stream: string) =>
  db.outbox.find({ selector: { stream }, sort: [{ createdAt: 'asc' }] });

/**
 * A stored message as the views read it, made once per stored revision: RxDB hands the same
 * document object for an unchanged revision, so unchanged rows keep their identity from one
 * emission to the next and their memoised views skip re-rendering (a burst re-renders only the
 * new rows).
 */
const readAs = new WeakMap<object, ChatMessage | null>();
const readMessage = (doc: { toJSON(): unknown }): ChatMessage | null => {
  let read = readAs.get(doc);
  if (read === undefined) {
    read = visibleMessage(fromDoc(doc.toJSON() as MessageDoc));
    if (read !== null) read = asShown(read);
    readAs.set(doc, read);
  }
  return read;
};
const visible = (docs: readonly { toJSON(): unknown }[]): ChatMessage[] => docs.map(readMessage).filter((m): m is ChatMessage => m !== null);

/**
 * A window as the list shows it: `rows` oldest first, `context` the row just older than them (read
 * for its header: the first row's author line never flips when older rows arrive), `more` whether
 * the range holds rows older than `rows` (the context row at least).
 */
export type WindowRows = { rows: ChatMessage[]; context: ChatMessage | null; more: boolean };

export const window$ = (db: ComptoirDatabase, stream: string, limit: number, oldestRev: number | null, newestRev: number | null = null): Observable<WindowRows> => {
  const stored$ = defer(() => {
    markBoot('window-query');
    return windowQuery(db, stream, limit + 1, oldestRev, newestRev).$;
  });
  // The newest window also shows the messages heard live and not yet stored (src/store/live-tail.ts).
  const rows$ = newestRev !== null ? stored$.pipe(map((docs) => storedWindow(docs, limit))) : combineLatest([stored$, liveTail$(db, stream)]).pipe(map(([docs, tail]) => withTail(docs, tail, limit)));
  // A message leaving the live tail once stored changes nothing shown: no new emission for it.
  return rows$.pipe(
    distinctUntilChanged(sameWindow),
    tap(() => markBoot('window-rows')),
  );
};

/** The same rows (the same objects: unchanged stored revisions keep theirs), context and `more`. */
const sameWindow = (a: WindowRows, b: WindowRows): boolean =>
  a.more === b.more && a.context === b.context && a.rows.length === b.rows.length && a.rows.every((row, i) => row === b.rows[i]);

type WindowDoc = { toJSON(): unknown; get(field: string): unknown; readonly primary: string };

function storedWindow(docs: readonly WindowDoc[], limit: number): WindowRows {
  const more = docs.length > limit;
  const shown = visible(more ? docs.slice(0, limit) : docs).reverse();
  const context = more ? readMessage(docs[limit]!) : null;
  return { rows: shown, context, more };
}

/** The stored window with the live tail's messages the store does not hold yet, newest `limit` of them all. */
function withTail(docs: readonly WindowDoc[], tail: readonly ChatMessage[], limit: number): WindowRows {
  if (tail.length === 0) return storedWindow(docs, limit);
  const stored = new Set(docs.map((doc) => doc.primary));
  const heard = tail.filter((message) => !stored.has(message._id));
  if (heard.length === 0) return storedWindow(docs, limit);
  const merged = [
    ...docs.map((doc) => ({ rev: Number(doc.get('rev')), read: () => readMessage(doc) })),
    ...heard.map((message) => ({ rev: revOf(message.date), read: () => message })),
  ]
    .sort((a, b) => a.rev - b.rev)
    .slice(0, limit + 1);
  const more = merged.length > limit;
  const shown = (more ? merged.slice(0, limit) : merged)
    .map((entry) => entry.read())
    .filter((m): m is ChatMessage => m !== null)
    .reverse();
  return { rows: shown, context: more ? merged[limit]!.read() : null, more };
}

/**
 * How long a room's opening window and history state stay live once its list is closed: a coach
 * going back to a room read in the last half minute sees its rows in the click's first render.
 */
export const ROOM_KEEP_MS = 30_000;
const keepOf = (stream: string) => (stream.startsWith('room:') ? ROOM_KEEP_MS : undefined);

/**
 * The list's window, shared by its readers (the list, the read-ahead, the boot's first screen).
 * A room's opening window (its newest rows) is kept ROOM_KEEP_MS; any other window a second.
 */
export const keptWindow$ = (db: ComptoirDatabase, stream: string, limit: number, oldestRev: number | null, newestRev: number | null = null) =>
  kept(db, `window:${stream}:${limit}:${oldestRev}:${newestRev}`, () => window$(db, stream, limit, oldestRev, newestRev), newestRev === null && limit === LIST_PAGE ? keepOf(stream) : undefined);

/** A stream's history state, shared by its readers (kept as long as the stream's opening window). */
export const keptHistory$ = (db: ComptoirDatabase, stream: string) => kept(db, `kv:history:${stream}`, () => kv$<HistoryState>(db, historyKey(stream)), keepOf(stream));

/** A room's read state (src/sync/fold-read-state.ts), kept as long as its opening window. */
export const keptReadState$ = (db: ComptoirDatabase, room: string) => kept(db, `kv:read:${room}`, () => kv$<RoomRead>(db, `read:${room}`), ROOM_KEEP_MS);

/** Where the member left a room's log while reading its history (src/sync/read-state-sync.ts). */
export const keptPlace$ = (db: ComptoirDatabase, room: string) =>
  kept(db, `kv:place:${room}`, () => kv$<{ topId: string; limit: number; anchors: number[] }>(db, `place:${room}`), ROOM_KEEP_MS);

/** The room list, shared by its readers. */
export const keptRooms$ = (db: ComptoirDatabase) => kept(db, 'rooms', () => rooms$(db));

export const threads$ = (db: ComptoirDatabase, roomStreamKey: string, limit: number): Observable<ChatMessage[]> =>
  threadsQuery(db, roomStreamKey, limit).$.pipe(map(visible));

export const pins$ = (db: ComptoirDatabase, roomStreamKey: string): Observable<ChatMessage[]> =>
  pinsQuery(db, roomStreamKey).$.pipe(map(visible));

export const outbox$ = (db: ComptoirDatabase, stream: string): Observable<OutboxDoc[]> =>
  outboxQuery(db, stream).$.pipe(map((docs) => docs.map((d) => d.toJSON() as OutboxDoc)));

export const message$ = (db: ComptoirDatabase, id: string): Observable<ChatMessage | null> =>
  db.messages.findOne(id).$.pipe(map((d) => (d ? visibleMessage(fromDoc(d.toJSON() as MessageDoc)) : null)));

export const kv$ = <T>(db: ComptoirDatabase, key: string): Observable<T | null> =>
  db.kv.findOne(key).$.pipe(map((d) => (d ? (d.toJSON().value as T) : null)));

/** One alert as the views read it (null while unknown or once deleted). */
export const alert$ = (db: ComptoirDatabase, id: string): Observable<Alert | null> =>
  db.alerts.findOne(id).$.pipe(map((d) => (d ? visibleAlert(fromAlertDoc(d.toJSON() as AlertDoc)) : null)));

/**
 * Of the feed's alerts, the urgent ones the member has still to acknowledge (issue 22), in the
 * feed's order: the feed shows them first until 'Bien reçu'.
 */
export const urgentToAcknowledge$ = (db: ComptoirDatabase, ids: readonly string[]): Observable<string[]> =>
  db.alerts.findByIds([...ids]).$.pipe(
    map((docs) =>
      ids.filter((id) => {
        const doc = docs.get(id);
        const shown = doc ? visibleAlert(fromAlertDoc(doc.toJSON() as AlertDoc)) : null;
        return shown !== null && shown.urgent && !shown.acknowledged && !shown.me && !shown.locked;
      }),
    ),
  );

/** Every room's alert badge ('increase room alert'), keyed by room id. */
export const alertBadges$ = (db: ComptoirDatabase): Observable<Record<string, number>> =>
  db.kv
    .find({ selector: { key: { $gte: 'alert-badge:', $lt: 'alert-badge;' } } })
    .$.pipe(map((docs) => Object.fromEntries(docs.map((d) => [d.key.slice('alert-badge:'.length), Number(d.toJSON().value) || 0]))));
