import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { READ_CLIENT_EVENTS, roomReadAck, roomReadsResponse, type RoomRead } from '../../src/contract/read-state';
import { user } from '../../src/contract/user';
import type { ComptoirDatabase } from '../../src/store/database';
import type { ChatSync } from '../../src/sync/chat-sync';
import { readKv } from '../../src/sync/fold-chat-event';
import { readStateKey } from '../../src/sync/fold-read-state';
import { openMemoryDatabase } from '../unit/store/memory-database';
import { userChannel } from '../../server/realtime/channels';
import { rooms } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '../../src/contract/chat';
import { chatClient, connectChatSync } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

/**
 * The client's read state sync against the real server (issue 21): this device (the client's
 * sync and store) and another device of `vip` (a bare socket) agree on each room's badge. One
 * store per process (FACTS.md: RxDB's collection limit), so the other device is the bare socket.
 */
let server: TestServer;
let db: ComptoirDatabase;
let sync: ChatSync;
let vipToken: string;
const others = () => {
  const client = chatClient(server);
  cleanups.push(client.closeAll);
  return client;
};
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  server = await startTestServer();
  db = await openMemoryDatabase();
  vipToken = await server.tokenOf('vip');
  const connected = connectChatSync(server, db, vipToken);
  sync = connected.sync;
  cleanups.push(connected.close);
  await sync.refreshRooms();
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  await db.remove();
  await server.close();
});

const vipId = () => (JSON.parse(Buffer.from(vipToken.split('.')[1]!, 'base64url').toString()) as { id: number }).id;
const badge = async (room: string) => (await db.rooms.findOne(room).exec())?.unread;
const serverBadge = async (room: string) => {
  const body = z.parse(roomReadsResponse, await (await server.get('/rest/chat/read-state', vipToken)).json());
  return body.rooms.find((state) => state.room === room)?.unread;
};
const postAsCoach = async (room: string, n: number) => {
  const client = others();
  const coach = await client.open('coach');
  const posted = [];
  for (let i = 0; i < n; i += 1) posted.push(await client.post(coach, { room, content: `${room} ${i}` }));
  return posted;
};

describe('read state sync: a phone and a desktop agree', () => {
  it('learns the counts on connecting, and follows reads and unreads made on the other device', async () => {
    await vi.waitFor(async () => expect(await readKv<RoomRead>(db, readStateKey('indices'))).not.toBeNull(), { timeout: 5000 });
    const posted = await postAsCoach('indices', 3);
    await sync.reads.refresh();
    expect(await badge('indices')).toBe(3);

    const phone = others();
    const socket = await phone.open('vip');
    await phone.ask(socket, READ_CLIENT_EVENTS.markRead, { room: 'indices' }, roomReadAck);
    await vi.waitFor(async () => expect(await badge('indices')).toBe(0), { timeout: 5000 });

    await phone.ask(socket, READ_CLIENT_EVENTS.markUnread, { messageId: posted[1]!._id }, roomReadAck);
    await vi.waitFor(async () => expect(await badge('indices')).toBe(2), { timeout: 5000 });
    expect((await readKv<RoomRead>(db, readStateKey('indices')))?.readUpTo?._id).toBe(posted[0]!._id);
  });

  it("marks read, unread and all read from this device; a room marked unread is not read again until reopened", async () => {
    const posted = await postAsCoach('forex', 3);
    await sync.reads.refresh();
    expect(await badge('forex')).toBe(3);
    expect(await sync.reads.markUnread('forex', posted[0]!._id)).toBeNull();
    sync.reads.read('forex', { _id: posted[2]!._id, date: posted[2]!.date });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await serverBadge('forex')).toBe(3);
    sync.reads.resume('forex');
    sync.reads.read('forex', { _id: posted[2]!._id, date: posted[2]!.date });
    await vi.waitFor(async () => expect(await serverBadge('forex')).toBe(0), { timeout: 3000 });
    await vi.waitFor(async () => expect(await badge('forex')).toBe(0), { timeout: 3000 });

    await postAsCoach('crypto', 2);
    await sync.reads.refresh();
    expect(await badge('crypto')).toBe(2);
    expect(await sync.reads.markAllRead()).toBeNull();
    expect(await badge('crypto')).toBe(0);
    expect(await serverBadge('crypto')).toBe(0);
  });

  it('sends at most one read a second per room while the member reads', async () => {
    const posted = await postAsCoach('crypto', 3);
    await sync.reads.refresh();
    expect(await badge('crypto')).toBe(3);
    // The first read goes at once; the next two fold into one, a second later.
    for (const message of posted) sync.reads.read('crypto', { _id: message._id, date: message.date });
    await vi.waitFor(async () => expect(await serverBadge('crypto')).toBe(2), { timeout: 800 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await serverBadge('crypto')).toBe(2);
    await vi.waitFor(async () => expect(await serverBadge('crypto')).toBe(0), { timeout: 3000 });
  });

  it('a read made while the connection is down is sent once it is back', async () => {
    const posted = await postAsCoach('indices', 2);
    await sync.reads.refresh();
    expect(await badge('indices')).toBe(2);
    // The member reads while this device has no connection (the server cut it; it comes back by itself).
    const read = new Promise<void>((resolve) => {
      const watch = sync.status$.subscribe((status) => {
        if (status !== 'offline') return;
        sync.reads.read('indices', { _id: posted[1]!._id, date: posted[1]!.date });
        resolve();
        queueMicrotask(() => watch.unsubscribe());
      });
    });
    server.io.in(userChannel(vipId())).disconnectSockets();
    await read;
    await vi.waitFor(async () => expect(await serverBadge('indices')).toBe(0), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await badge('indices')).toBe(0), { timeout: 5000 });
  });

  it("drops a badge increase that came after the read state which counted it (they are coalesced, and late)", async () => {
    await postAsCoach('forex', 2);
    await sync.reads.refresh();
    const state = (await readKv<RoomRead>(db, readStateKey('forex')))!;
    const [room] = await server.database.db.select({ lastSeq: rooms.lastSeq }).from(rooms).where(eq(rooms.id, 'forex'));
    // The count was taken with the room's sequence of the same moment.
    expect(state.seq).toBe(room!.lastSeq);
    expect(await badge('forex')).toBe(state.unread);
    // The coalesced increase for those messages comes late: counted already, it is dropped.
    server.io.in(userChannel(vipId())).emit(SERVER_EVENTS.increaseRoomMessage, { room: 'forex', count: 2, seq: state.seq });
    // One for a message after the count is added.
    server.io.in(userChannel(vipId())).emit(SERVER_EVENTS.increaseRoomMessage, { room: 'forex', count: 1, seq: state.seq! + 1 });
    await vi.waitFor(async () => expect(await badge('forex')).toBe(state.unread + 1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await badge('forex')).toBe(state.unread + 1);
  });

  it('adds only the messages of a coalesced badge after the seq its read state was counted at (fetched while the batch waited)', async () => {
    await postAsCoach('forex', 2);
    await sync.reads.refresh();
    const state = (await readKv<RoomRead>(db, readStateKey('forex')))!;
    const before = (await badge('forex')) ?? 0;
    // Two messages counted by the read state, three after it, in one badge.
    const seq = state.seq!;
    server.io.in(userChannel(vipId())).emit(SERVER_EVENTS.increaseRoomMessage, { room: 'forex', count: 5, seq: seq + 3, seqs: [seq - 1, seq, seq + 1, seq + 2, seq + 3] });
    await vi.waitFor(async () => expect(await badge('forex')).toBe(before + 3), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await badge('forex')).toBe(before + 3);
  });
});

describe('read state sync: rooms joined but not shown', () => {
  it("never counts the member's own message from another device in a room joined but not shown", async () => {
    // Signed in: the page knows its member (the session stores them as the app does).
    const me = user.parse(await (await server.get('/content/api/users/me', vipToken)).json());
    await db.account.upsert({ id: 'me', user: me, updatedAt: Date.now() });
    await sync.openRoom('crypto');
    await sync.openRoom('indices');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await badge('crypto')) ?? 0;
    const phone = others();
    await phone.post(await phone.open('vip'), { room: 'crypto', content: 'Depuis mon téléphone' });
    await postAsCoach('crypto', 1);
    // The coach's message is news; the member's own is not.
    await vi.waitFor(async () => expect(await badge('crypto')).toBe(before + 1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await badge('crypto')).toBe(before + 1);
    sync.blurRoom();
  });
});
