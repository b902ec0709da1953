import { firstValueFrom, of } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../../src/contract/chat-room';
import { LIST_PAGE } from '../../../src/domain/chat-limits';
import { keptHistory$, keptRooms$, keptWindow$ } from '../../../src/store/chat-queries';
import type { ComptoirDatabase } from '../../../src/store/database';
import { kept } from '../../../src/store/kept-queries';
import { foldChatEvents, foldRooms, writeKv } from '../../../src/sync/fold-chat-event';
import { readFirstScreen } from '../../../src/sync/first-screen';
import { historyKey, revOf } from '../../../src/sync/message-state';
import { roomMessage as message } from './chat-fixtures';
import { openMemoryDatabase } from './memory-database';

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
  const room = (id: string, name: string): ChatRoom => ({ id, attributes: { name, icon: null, canRead: true, canWrite: true, canSendAttachments: false, slowModeSeconds: 0 } });
  await foldRooms(db, [room('forex', 'Forex'), room('crypto', 'Crypto')]);
  await foldChatEvents(db, Array.from({ length: 80 }, (_, i) => ({ type: 'MessageReceived' as const, message: message(i), forViewer: true })));
  await foldChatEvents(db, Array.from({ length: 80 }, (_, i) => ({ type: 'MessageReceived' as const, message: message(i, 'crypto'), forViewer: true })));
  for (const stream of ['room:forex', 'room:crypto']) await writeKv(db, historyKey(stream), { cursor: 'c', oldestRev: revOf(message(0).date), exhausted: false });
});
afterAll(() => db.remove());

describe('kept queries', () => {
  it('give every reader of the same key one shared query, per database', () => {
    expect(keptWindow$(db, 'room:forex', 50, null)).toBe(keptWindow$(db, 'room:forex', 50, null));
    expect(keptWindow$(db, 'room:forex', 50, null)).not.toBe(keptWindow$(db, 'room:forex', 100, null));
    const first = kept(db, 'test:one', () => of(1));
    expect(kept(db, 'test:one', () => of(2))).toBe(first);
    // Another database (only its identity matters here: RxDB allows 13 collections at once).
    const other = {} as ComptoirDatabase;
    expect(kept(other, 'test:one', () => of(1))).not.toBe(first);
  });

  it('read ahead the chat\'s first screen: the requested room, else the last one, peekable at once', async () => {
    await readFirstScreen(db, { path: '/chat', requestedRoom: 'crypto', lastRoomId: 'forex' }, 5_000);
    const history = keptHistory$(db, 'room:crypto').peek()?.value;
    expect(history?.oldestRev).toBe(revOf(message(0).date));
    const rows = keptWindow$(db, 'room:crypto', LIST_PAGE, history!.oldestRev, null).peek()?.value;
    expect(rows?.rows.map((m) => m._id)).toEqual(Array.from({ length: 50 }, (_, i) => `crypto-${30 + i}`));
    expect(keptRooms$(db).peek()?.value.map((r) => r.name)).toEqual(['Forex', 'Crypto']);

    await readFirstScreen(db, { path: '/chat', requestedRoom: null, lastRoomId: 'forex' }, 5_000);
    expect(keptHistory$(db, 'room:forex').peek()).toBeDefined();
    // Other pages read nothing ahead, and neither does a first visit (an empty store): no wait.
    await readFirstScreen(db, { path: '/profil', requestedRoom: null, lastRoomId: 'forex' }, 5_000);
    // (Were it to wait for rooms, this would outlast the test's own time limit.)
    await db.rooms.find().remove();
    await readFirstScreen(db, { path: '/chat', requestedRoom: null, lastRoomId: null }, 600_000);
  });

  it('stay live: a new message reaches the kept window its readers share', async () => {
    const window$ = keptWindow$(db, 'room:forex', LIST_PAGE, revOf(message(0).date), null);
    const reader = window$.subscribe();
    await foldChatEvents(db, [{ type: 'MessageReceived', message: message(80), forViewer: false }]);
    const latest = await firstValueFrom(window$);
    expect(latest.rows.at(-1)?._id).toBe('forex-80');
    expect(window$.peek()?.value.rows.at(-1)?._id).toBe('forex-80');
    reader.unsubscribe();
  });
});
