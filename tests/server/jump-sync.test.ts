import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { window$ } from '../../src/store/chat-queries';
import type { ComptoirDatabase } from '../../src/store/database';
import { readKv } from '../../src/sync/fold-chat-event';
import { jumpKey, type JumpState } from '../../src/sync/jump-sync';
import { historyKey, windowBound, type HistoryState } from '../../src/sync/message-state';
import { messages } from '../../server/db/schema';
import { openMemoryDatabase } from '../unit/store/memory-database';
import { connectChatSync, userIdOf } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

/** The jumps of the client's sync (issue 21) against the real server, in Node, on the memory store. */
let server: TestServer;
let db: ComptoirDatabase;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  server = await startTestServer();
  db = await openMemoryDatabase();
}, 30_000);
const closeAll = () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
};
afterAll(async () => {
  closeAll();
  await db.remove();
  await server.close();
});

async function connectVip() {
  const { sync, close } = connectChatSync(server, db, await server.tokenOf('vip'));
  cleanups.push(close);
  return sync;
}

const KEY = jumpKey('room:crypto');
const record = () => readKv<JumpState>(db, KEY);
/** The rows the room's log shows between a jump's bounds, oldest first. */
const shown = async (jump: JumpState) => (await firstValueFrom(window$(db, 'room:crypto', 400, jump.history.oldestRev, jump.newestRev))).rows.map((m) => m.content);

describe('jumps in the chat sync', () => {
  it('folds the window around a message, records it apart, and pages it older and newer', async () => {
    const authorId = await userIdOf(server, 'coach');
    const start = Date.UTC(2019, 3, 1);
    const rows = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), roomId: 'crypto', authorId, content: `saut ${i}`, createdAt: new Date(start + i * 60_000) }));
    await server.database.db.insert(messages).values(rows);
    const sync = await connectVip();
    await sync.openRoom('crypto');
    await vi.waitFor(() => expect(sync.status$.value).toBe('live'), { timeout: 5000 });

    expect(await sync.jumps.jump('crypto', { messageId: 'inconnu' })).toBe('Message introuvable');
    expect(await sync.jumps.jump('crypto', { messageId: rows[150]!.id })).toBeNull();
    const first = (await record())!;
    expect(first).toMatchObject({ session: sync.jumps.session, target: rows[150]!.id, newestId: rows[200]!.id, newer: true });
    expect(await shown(first)).toEqual(rows.slice(100, 201).map((r) => r.content));

    expect(await sync.jumps.loadOlder('crypto')).toBe(true);
    const older = (await record())!;
    expect(await shown(older)).toEqual(rows.slice(50, 201).map((r) => r.content));

    expect(await sync.jumps.loadNewer('crypto')).toBe(true);
    const newer = (await record())!;
    expect(newer.newestId).toBe(rows[250]!.id);
    expect(await shown(newer)).toEqual(rows.slice(50, 251).map((r) => r.content));

    // A day: the first message from that moment on.
    expect(await sync.jumps.jump('crypto', { date: new Date(start + 10 * 60_000 - 1).toISOString() })).toBeNull();
    expect((await record())!).toMatchObject({ target: rows[10]!.id, n: first.n + 1 });

    await sync.jumps.leave('crypto');
    expect(await record()).toBeNull();

    // The first unread after a read position, far back: the window around it, marked as such.
    const read = rows[120]!;
    const vip = await userIdOf(server, 'vip');
    expect(await sync.jumps.jump('crypto', { after: { date: read.createdAt.toISOString(), _id: read.id }, viewer: vip })).toBeNull();
    const unread = (await record())!;
    expect(unread).toMatchObject({ target: rows[121]!.id, unread: true, newer: true });

    // Read on down to the room's newest rows: the block joins the room's own history, the jump ends.
    const ownBefore = (await readKv<HistoryState>(db, historyKey('room:crypto')))!;
    // (A rev grows with age: the room's own block is younger than the window's.)
    expect(ownBefore.oldestRev).toBeLessThan(unread.history.oldestRev!);
    for (let page = 0; page < 40 && (await record()) !== null; page += 1) expect(await sync.jumps.loadNewer('crypto')).toBe(true);
    expect(await record()).toBeNull();
    const own = (await readKv<HistoryState>(db, historyKey('room:crypto')))!;
    expect(own).toEqual(unread.history);
    // The room's log now reads from its newest row back to the first unread's window, without a gap.
    const log = (await firstValueFrom(window$(db, 'room:crypto', 100_000, windowBound(own), null))).rows.map((m) => m.content);
    expect(log.slice(0, 200)).toEqual(rows.slice(71, 271).map((r) => r.content));
    expect(log.slice(-1)[0]).not.toMatch(/^saut /);

    // A first unread the room's rows held here reach back to is read from the store: offline too,
    // and so are the newer rows, until the window joins the room's own again.
    closeAll();
    const readHere = rows[150]!;
    expect(await sync.jumps.jump('crypto', { after: { date: readHere.createdAt.toISOString(), _id: readHere.id }, viewer: vip })).toBeNull();
    const stored = (await record())!;
    // (A screen's worth below the first unread, and a page from the newest for the list's first window.)
    expect(stored).toMatchObject({ target: rows[151]!.id, newestId: rows[176]!.id, newer: true, unread: true, history: own, firstWindow: 50 });
    expect(await shown(stored)).toEqual(rows.slice(71, 177).map((r) => r.content));
    expect(await sync.jumps.loadNewer('crypto')).toBe(true);
    expect((await record())!.newestId).toBe(rows[226]!.id);
    for (let page = 0; page < 40 && (await record()) !== null; page += 1) expect(await sync.jumps.loadNewer('crypto')).toBe(true);
    expect(await record()).toBeNull();
    expect(await readKv<HistoryState>(db, historyKey('room:crypto'))).toEqual(own);
  });
});
