import 'fake-indexeddb/auto';
import { IDBDatabase, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE } from '../../../src/domain/chat-limits';
import { listedRows, windowListing } from '../../../src/domain/message-grouping';
import { window$ } from '../../../src/store/chat-queries';
import { openDatabase, type ComptoirDatabase } from '../../../src/store/database';
import { DATABASE_NAME } from '../../../src/store/schemas';
import { foldChatEvents, writeKv } from '../../../src/sync/fold-chat-event';
import { FOLLOWINGS_KEY, historyKey, revOf, roomStream, type HistoryState } from '../../../src/sync/message-state';
import { readRawFirstWindow } from '../../../src/sync/raw-first-window';
import { firstRows } from '../../../src/views/chat/first-paint';
import { roomMessage as message } from '../store/chat-fixtures';

/**
 * The boot's raw read of the chat's first screen (src/sync/raw-first-window.ts) against the real
 * database on RxDB's Dexie storage: it must find what the store's own window query finds, leave
 * nothing open and create nothing. Each test has its own IndexedDB (fake-indexeddb), small data.
 */

let idb: IDBFactory;
let db: ComptoirDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

const ROOMS = [
  { id: 'forex', name: 'Forex', icon: null, position: 1, canRead: true, canWrite: true, canSendAttachments: true, unread: 0 },
  { id: 'crypto', name: 'Crypto', icon: null, position: 2, canRead: true, canWrite: true, canSendAttachments: true, unread: 0 },
  { id: 'prime', name: 'Prime', icon: null, position: 0, canRead: false, canWrite: false, canSendAttachments: false, unread: 0 },
];
const HELD: HistoryState = { cursor: 'c', oldestRev: null, exhausted: true };

async function filled(options: { history?: Record<string, HistoryState | null> } = {}): Promise<ComptoirDatabase> {
  idb = new IDBFactory();
  db = await openDatabase({ name: DATABASE_NAME, storage: getRxStorageDexie({ indexedDB: idb, IDBKeyRange }) });
  await db.rooms.bulkInsert(ROOMS);
  const events = [
    ...Array.from({ length: 70 }, (_, i) => message(i, 'forex', i % 5 === 3 ? { sender: { id: 3, _id: '3', firstName: 'Bea', username: 'bea', picture: null, mention: null } } : {})),
    ...Array.from({ length: 5 }, (_, i) => message(i, 'crypto')),
    ...Array.from({ length: 3 }, (_, i) => message(100 + i, 'forex', { parentMessage: 'forex-7' })),
  ].map((m) => ({ type: 'MessageReceived' as const, message: m, forViewer: true }));
  await foldChatEvents(db, events);
  await db.messages.findOne('forex-69').remove();
  const history = options.history ?? { forex: HELD, crypto: HELD };
  for (const [room, state] of Object.entries(history)) if (state) await writeKv(db, historyKey(roomStream(room)), state);
  return db;
}

const at = (requestedRoom: string | null, lastRoomId: string | null = null) => ({ requestedRoom, lastRoomId });

describe('readRawFirstWindow', () => {
  it("reads the room's opening window as the store's window query does, with its context row", async () => {
    const store = await filled();
    const raw = await readRawFirstWindow(idb, at('forex'));
    expect(raw?.room.id).toBe('forex');
    expect(raw?.docs).toHaveLength(LIST_PAGE + 1);
    const live = await firstValueFrom(window$(store, roomStream('forex'), LIST_PAGE, null));
    const listing = windowListing(live.rows, live.context, HELD.exhausted && !live.more);
    const expected = listedRows(listing.rows, listing.context, []).map((row) => [row.message._id, row.showHeader, row.showDay]);
    expect(firstRows(raw!)?.map((row) => [row.message._id, row.showHeader, row.showDay])).toEqual(expected);
    // The newest live row, not the deleted one, nor a thread reply.
    expect(expected.at(-1)?.[0]).toBe('forex-68');
  });

  it('stops at the oldest row of the history the client holds', async () => {
    const bound = revOf(message(40, 'forex').date);
    await filled({ history: { forex: { cursor: 'c', oldestRev: bound, exhausted: false } } });
    const raw = await readRawFirstWindow(idb, at('forex', 'forex'));
    const rows = firstRows(raw!)!;
    // The oldest row held, the history going further back: the context of the first row listed.
    expect(raw?.exhausted).toBe(false);
    expect(rows[0]?.message._id).toBe('forex-41');
    expect(rows.at(-1)?.message._id).toBe('forex-68');
  });

  it('reads the room the page opens even when the last room was another one (a second round)', async () => {
    const store = await filled();
    const raw = await readRawFirstWindow(idb, at('crypto', 'forex'));
    const live = await firstValueFrom(window$(store, roomStream('crypto'), LIST_PAGE, null));
    expect(firstRows(raw!)?.map((row) => row.message._id)).toEqual(live.rows.map((m) => m._id));
  });

  it('picks the room as the room selection does: the parameter, then the last room, then the first readable one', async () => {
    await filled();
    expect((await readRawFirstWindow(idb, at('CRYPTO', 'forex')))?.room.id).toBe('crypto');
    expect((await readRawFirstWindow(idb, at(null, 'crypto')))?.room.id).toBe('crypto');
    expect((await readRawFirstWindow(idb, at('nulle-part', 'forex')))?.room.id).toBe('forex');
  });

  it('paints nothing for a room the member may not read, or whose history is not stored yet', async () => {
    await filled({ history: { forex: HELD, crypto: null } });
    // The first room by position is Prime, which the member may not read.
    expect(await readRawFirstWindow(idb, at(null))).toBeNull();
    expect(await readRawFirstWindow(idb, at('crypto'))).toBeNull();
  });

  it('paints nothing from a history state that is not one', async () => {
    const store = await filled();
    await writeKv(store, historyKey(roomStream('forex')), { cursor: 'c', oldestRev: 'hier', exhausted: false });
    expect(await readRawFirstWindow(idb, at('forex', 'forex'))).toBeNull();
    await writeKv(store, historyKey(roomStream('forex')), 'corrompu');
    expect(await readRawFirstWindow(idb, at('forex'))).toBeNull();
  });

  it('carries the stored blocks, and the first paint leaves their messages out', async () => {
    const store = await filled();
    await writeKv(store, FOLLOWINGS_KEY, { followings: [], blocked: ['3'] });
    const raw = await readRawFirstWindow(idb, at('forex'));
    const rows = firstRows(raw!)!;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.message.sender._id === '3')).toBe(false);
  });

  it('never creates a database: a first visit finds nothing and leaves nothing', async () => {
    idb = new IDBFactory();
    expect(await readRawFirstWindow(idb, at('forex'))).toBeNull();
    expect(await idb.databases()).toEqual([]);
  });

  it('closes every database it opened before answering', async () => {
    await filled();
    const close = vi.spyOn(IDBDatabase.prototype, 'close');
    await readRawFirstWindow(idb, at('forex'));
    expect(close.mock.contexts.map((connection) => (connection as IDBDatabase).name).sort()).toEqual(
      ['kv', 'messages', 'rooms'].map((collection) => `rxdb-dexie-${DATABASE_NAME}--0--${collection}`),
    );
    close.mockRestore();
  });
});
