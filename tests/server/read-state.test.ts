import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Socket } from 'socket.io-client';
import {
  READ_CLIENT_EVENTS,
  READ_SERVER_EVENTS,
  roomRead,
  roomReadAck,
  roomReadsAck,
  roomReadsResponse,
  type RoomRead,
} from '../../src/contract/read-state';
import { collect, nextEvent, useChatServer } from './chat-helpers';

const { server, chat } = useChatServer();

const ackError = z.object({ error: z.string() });
const stateOf = (answer: z.infer<typeof roomReadAck>): RoomRead => {
  if ('error' in answer) throw new Error(`refusé : ${answer.error}`);
  return answer;
};
const markRead = async (socket: Socket, room: string, messageId?: string) =>
  stateOf(await chat.ask(socket, READ_CLIENT_EVENTS.markRead, messageId === undefined ? { room } : { room, messageId }, roomReadAck));
const badges = async (account: string): Promise<Record<string, RoomRead>> => {
  const response = await server().get('/rest/chat/read-state', await chat.token(account));
  expect(response.status).toBe(200);
  const body = z.parse(roomReadsResponse, await response.json());
  return Object.fromEntries(body.rooms.map((state) => [state.room, state]));
};
const postMany = async (socket: Socket, room: string, n: number) => {
  const posted = [];
  for (let i = 0; i < n; i += 1) posted.push(await chat.post(socket, { room, content: `Message ${i + 1}` }));
  return posted;
};

describe('read state per member and room (issue 21)', () => {
  it('starts at the newest message and counts what others post after it', async () => {
    const start = await badges('vip');
    expect(start.forex).toMatchObject({ room: 'forex', unread: 0 });
    expect(start.forex?.readUpTo).not.toBeNull();
    expect(start.prime).toBeUndefined();
    const coach = await chat.open('coach');
    await postMany(coach, 'forex', 3);
    expect((await badges('vip')).forex?.unread).toBe(3);
    // The author's own messages are never unread for them.
    expect((await badges('coach')).forex?.unread ?? 0).toBe(0);
  });

  it('moves forward only: an older read never moves it back', async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    await markRead(vip, 'indices');
    const [first, second, third] = await postMany(coach, 'indices', 3);
    const afterSecond = await markRead(vip, 'indices', second!._id);
    expect(afterSecond).toMatchObject({ readUpTo: { _id: second!._id }, unread: 1 });
    const late = await markRead(vip, 'indices', first!._id);
    expect(late).toEqual(afterSecond);
    const all = await markRead(vip, 'indices');
    expect(all).toMatchObject({ readUpTo: { _id: third!._id }, unread: 0 });
    expect(all.version).toBeGreaterThan(afterSecond.version);
  });

  it('is shared by two devices of one member: a read on one reaches the other', async () => {
    const coach = await chat.open('coach');
    const phone = await chat.open('vip');
    const desktop = await chat.open('vip');
    await markRead(phone, 'crypto');
    const posted = await postMany(coach, 'crypto', 2);
    expect((await badges('vip')).crypto?.unread).toBe(2);
    const heard = nextEvent(desktop, READ_SERVER_EVENTS.roomRead, roomRead, (state) => state.readUpTo?._id === posted[1]!._id);
    const read = await markRead(phone, 'crypto');
    expect(await heard).toEqual(read);
    expect(read.unread).toBe(0);
    expect((await badges('vip')).crypto?.unread).toBe(0);
    // Another member hears nothing of it.
    const other = await chat.open('live');
    const stray = collect(other, READ_SERVER_EVENTS.roomRead, 300);
    await markRead(phone, 'crypto');
    expect(await stray).toEqual([]);
  });

  it("'marquer comme non lu' sets it just before a message, on every device", async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    const other = await chat.open('vip');
    const posted = await postMany(coach, 'forex', 4);
    await markRead(vip, 'forex');
    const heard = nextEvent(other, READ_SERVER_EVENTS.roomRead, roomRead, (state) => state.room === 'forex' && state.readUpTo?._id === posted[0]!._id);
    const unread = stateOf(await chat.ask(vip, READ_CLIENT_EVENTS.markUnread, { messageId: posted[1]!._id }, roomReadAck));
    expect(unread).toMatchObject({ room: 'forex', readUpTo: { _id: posted[0]!._id }, unread: 3 });
    expect(await heard).toEqual(unread);
    expect((await badges('vip')).forex?.unread).toBe(3);
  });

  it("'tout marquer comme lu' clears every badge", async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    await postMany(coach, 'forex', 1);
    await postMany(coach, 'indices', 2);
    const answer = await chat.ask(vip, READ_CLIENT_EVENTS.markAllRead, {}, roomReadsAck);
    if ('error' in answer) throw new Error(answer.error);
    expect(answer.rooms.every((state) => state.unread === 0)).toBe(true);
    expect(Object.values(await badges('vip')).every((state) => state.unread === 0)).toBe(true);
  });

  it('leaves replies and blocked members out of the count', async () => {
    const coach = await chat.open('coach');
    const live = await chat.open('live');
    const banni = await chat.open('banni');
    await markRead(live, 'forex');
    const [parent] = await postMany(coach, 'forex', 1);
    await chat.post(coach, { parentMessage: parent!._id, content: 'Une réponse' });
    await chat.post(banni, { room: 'forex', content: 'Bloqué par live' }).catch(() => null);
    expect((await badges('live')).forex?.unread).toBe(1);
  });

  it('refuses bad input in French, rooms one cannot read, and never answers 5xx', async () => {
    const vip = await chat.open('vip');
    for (const payload of [null, {}, { room: '' }, { room: 'forex', messageId: 42 }, { room: 'forex', extra: 1 }, 'forex']) {
      expect(await chat.ask(vip, READ_CLIENT_EVENTS.markRead, payload, ackError)).toEqual({ error: 'Requête invalide' });
    }
    expect(await chat.ask(vip, READ_CLIENT_EVENTS.markRead, { room: 'prime' }, ackError)).toEqual({ error: 'NOT_ALLOWED' });
    expect(await chat.ask(vip, READ_CLIENT_EVENTS.markRead, { room: 'forex', messageId: 'inconnu' }, ackError)).toEqual({ error: 'Message introuvable' });
    expect(await chat.ask(vip, READ_CLIENT_EVENTS.markUnread, { messageId: 'inconnu' }, ackError)).toEqual({ error: 'Message introuvable' });
    expect(await chat.ask(vip, READ_CLIENT_EVENTS.markUnread, {}, ackError)).toEqual({ error: 'Requête invalide' });
    const membre = await chat.open('membre');
    expect(await chat.ask(membre, READ_CLIENT_EVENTS.markRead, { room: 'forex' }, ackError)).toEqual({ error: 'NOT_ALLOWED' });
    expect((await server().get('/rest/chat/read-state')).status).toBe(401);
    const none = await server().get('/rest/chat/read-state', await chat.token('membre'));
    expect(z.parse(roomReadsResponse, await none.json())).toEqual({ rooms: [] });
  });
});
