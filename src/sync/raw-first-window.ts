import { LIST_PAGE } from '../domain/chat-limits';
import { initialRoom } from '../domain/room-choice';
import { DATABASE_NAME, kvSchema, messageSchema, roomSchema } from '../store/schemas';
import { FOLLOWINGS_KEY, historyKey, roomStream, windowBound, type HistoryState } from './message-state';

/**
 * What the chat's first screen shows, read straight from RxDB's IndexedDB databases before the data
 * layer is loaded: the room the page will open (chosen as the room selection chooses it) and the
 * stored documents of its opening window, newest first, as they are on disk. `docs` holds one
 * document more than the window when the history goes further, as the list's window query reads
 * it; `exhausted` when the stored history reaches the room's beginning (with these two the first
 * paint lists the rows as the list does, `windowListing`). Nothing here is trusted: the first paint
 * decodes it (`first-paint.tsx`).
 */
export type RawFirstWindow = { room: StoredRoom; docs: unknown[]; followings: unknown; exhausted: boolean };
type StoredRoom = { id: string; name: string; position: number; canRead: boolean };

/** RxDB's Dexie storage: one IndexedDB database per collection, its documents in the store 'docs'. */
const DOCS = 'docs';
const databaseOf = (collection: string, version: number) => `rxdb-dexie-${DATABASE_NAME}--${version}--${collection}`;

/**
 * The first screen of `/chat`, or null when the databases hold none (a first visit, a room not
 * read yet, a room the member may not read) or cannot be read. Never creates a database, and
 * closes the ones it opened before returning, so the data layer opens them as usual.
 *
 * At boot every step waits for a busy main thread, so the reads go in one round once the
 * databases are open: the room list, the blocks, and the history state and newest rows of the room
 * the page most likely opens (the last one); a second round only when the room list picks another.
 */
export async function readRawFirstWindow(idb: IDBFactory, at: { requestedRoom: string | null; lastRoomId: string | null }): Promise<RawFirstWindow | null> {
  const opened = await Promise.all([
    openExisting(idb, databaseOf('rooms', roomSchema.version)),
    openExisting(idb, databaseOf('kv', kvSchema.version)),
    openExisting(idb, databaseOf('messages', messageSchema.version)),
  ]);
  try {
    const [rooms, kv, messages] = opened;
    if (!rooms || !kv || !messages) return null;
    const roomOf = (id: string) => {
      const stream = roomStream(id);
      return Promise.all([request<unknown>(kv.transaction(DOCS, 'readonly').objectStore(DOCS).get(historyKey(stream))), newestOf(messages, stream, LIST_PAGE + 1)]);
    };
    const guessed = at.lastRoomId;
    const [storedRooms, followings, guess] = await Promise.all([
      request<unknown[]>(rooms.transaction(DOCS, 'readonly').objectStore(DOCS).getAll()),
      request<unknown>(kv.transaction(DOCS, 'readonly').objectStore(DOCS).get(FOLLOWINGS_KEY)),
      guessed === null ? null : roomOf(guessed),
    ]);
    const stored = storedRooms.filter(isStoredRoom).sort((a, b) => a.position - b.position);
    const room = stored.find((r) => r.id === initialRoom(stored, at.requestedRoom, at.lastRoomId));
    if (!room || !room.canRead) return null;
    const [history, newest] = room.id === guessed && guess !== null ? guess : await roomOf(room.id);
    // The list opens only once the stream's history state is stored: so does its first paint.
    const state = liveValue(history);
    if (!isHistoryState(state)) return null;
    // The window stops at the oldest row the client holds: the newest rows are read, then cut there.
    const bound = windowBound(state);
    const docs = bound === null ? newest : newest.filter((doc) => isLive(doc) && typeof doc.rev === 'number' && doc.rev <= bound);
    return { room, docs, followings: liveValue(followings) ?? null, exhausted: state.exhausted };
  } catch {
    return null;
  } finally {
    for (const db of opened) db?.close();
  }
}

/**
 * The newest `count` documents of a stream, newest first: the list's window query, on the same
 * `[stream+rev]` index (which RxDB stores as `[_deleted+stream+rev+_id]`:
 * '0' for live documents, the primary key last), in one request.
 */
async function newestOf(db: IDBDatabase, stream: string, count: number): Promise<unknown[]> {
  const store = db.transaction(DOCS, 'readonly').objectStore(DOCS);
  const index = [...store.indexNames].map((name) => store.index(name)).find((candidate) => sameFields(candidate.keyPath, ['stream', 'rev']));
  if (!index) return [];
  const keyPath = index.keyPath as string[];
  const bound = (upper: boolean) =>
    keyPath.map((field) => {
      if (field === '_deleted') return '0';
      if (field === 'stream') return stream;
      if (field === 'rev') return upper ? Infinity : -Infinity;
      return upper ? '\uffff' : '';
    });
  return request<unknown[]>(index.getAll(IDBKeyRange.bound(bound(false), bound(true)), count));
}

const sameFields = (keyPath: string | string[], fields: string[]) =>
  Array.isArray(keyPath) && keyPath.filter((field) => field !== '_deleted' && field !== '_id').join('+') === fields.join('+');

/** An existing database, or null: one that does not exist is not created (its creation is aborted). */
function openExisting(idb: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = idb.open(name);
    } catch {
      resolve(null);
      return;
    }
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => {
      const db = open.result;
      // Never stand in the way of the data layer upgrading its database.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    open.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    open.onblocked = () => resolve(null);
  });
}

function request<T>(req: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error ?? new Error('lecture IndexedDB impossible'));
  });
}

/** A stored document that is not deleted (RxDB keeps deletions, `_deleted` '1' in this storage). */
const isLive = (doc: unknown): doc is Record<string, unknown> => typeof doc === 'object' && doc !== null && (doc as { _deleted?: unknown })._deleted !== '1' && (doc as { _deleted?: unknown })._deleted !== true;
const liveValue = (doc: unknown): unknown => (isLive(doc) ? doc.value : undefined);
const isHistoryState = (value: unknown): value is HistoryState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HistoryState).exhausted === 'boolean' &&
  (typeof (value as HistoryState).oldestRev === 'number' || (value as HistoryState).oldestRev === null);
const isStoredRoom = (doc: unknown): doc is StoredRoom =>
  isLive(doc) && typeof doc.id === 'string' && typeof doc.name === 'string' && typeof doc.position === 'number' && typeof doc.canRead === 'boolean';
