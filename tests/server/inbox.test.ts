import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Socket } from 'socket.io-client';
import {
  INBOX_CLIENT_EVENTS,
  INBOX_SERVER_EVENTS,
  inboxMention,
  inboxResponse,
  threadRead,
  threadReadAck,
  type Inbox,
  type ThreadRead,
} from '../../src/contract/inbox';
import { READ_CLIENT_EVENTS, roomReadAck, roomReadsAck } from '../../src/contract/read-state';
import { collect, nextEvent, useChatServer } from './chat-helpers';

const { server, chat } = useChatServer();

const ackError = z.object({ error: z.string() });
const stateOf = (answer: z.infer<typeof threadReadAck>): ThreadRead => {
  if ('error' in answer) throw new Error(`refusé : ${answer.error}`);
  return answer;
};
const follow = async (socket: Socket, parentMessage: string, yes = true) =>
  stateOf(await chat.ask(socket, INBOX_CLIENT_EVENTS.follow, { parentMessage, follow: yes }, threadReadAck));
const markThreadRead = async (socket: Socket, parentMessage: string, messageId?: string) =>
  stateOf(await chat.ask(socket, INBOX_CLIENT_EVENTS.markThreadRead, messageId === undefined ? { parentMessage } : { parentMessage, messageId }, threadReadAck));
const markRoomRead = async (socket: Socket, room: string) => chat.ask(socket, READ_CLIENT_EVENTS.markRead, { room }, roomReadAck);
const inbox = async (account: string): Promise<Inbox> => {
  const response = await server().get('/rest/chat/inbox', await chat.token(account));
  expect(response.status).toBe(200);
  return z.parse(inboxResponse, await response.json());
};
const threadIn = (box: Inbox, parent: string) => box.threads.find((t) => t.parentMessage === parent);
const mentionIn = (box: Inbox, id: string) => box.mentions.find((m) => m._id === id);

describe('followed threads (issue 21)', () => {
  it("'Suivre le fil' counts the replies that come next; 'Ne plus suivre le fil' drops it from the inbox", async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    const parent = await chat.post(coach, { room: 'forex', content: 'Un fil à suivre' });
    await chat.post(coach, { parentMessage: parent._id, content: 'Avant le suivi' });
    const followed = await follow(vip, parent._id);
    expect(followed).toMatchObject({ parentMessage: parent._id, room: 'forex', following: true, unread: 0, excerpt: 'Un fil à suivre' });
    const heard = nextEvent(vip, INBOX_SERVER_EVENTS.threadRead, threadRead, (s) => s.parentMessage === parent._id && s.unread === 1);
    const reply = await chat.post(coach, { parentMessage: parent._id, content: 'Après le suivi' });
    expect(await heard).toMatchObject({ unread: 1, newest: { _id: reply._id } });
    expect(threadIn(await inbox('vip'), parent._id)).toMatchObject({ unread: 1 });
    const unfollowed = await follow(vip, parent._id, false);
    expect(unfollowed.following).toBe(false);
    expect(unfollowed.version).toBeGreaterThan(followed.version);
    expect(threadIn(await inbox('vip'), parent._id)).toBeUndefined();
    const again = await follow(vip, parent._id);
    expect(again).toMatchObject({ following: true });
    expect(again.version).toBeGreaterThan(unfollowed.version);
  });

  it('follows by default the threads one started or answered in, unless unfollowed', async () => {
    const coach = await chat.open('coach');
    const live = await chat.open('live');
    const vip = await chat.open('vip');
    const parent = await chat.post(coach, { room: 'indices', content: 'Mon fil' });
    const coachHears = nextEvent(coach, INBOX_SERVER_EVENTS.threadRead, threadRead, (s) => s.parentMessage === parent._id && s.unread === 1);
    await chat.post(live, { parentMessage: parent._id, content: 'Réponse de live' });
    expect(await coachHears).toMatchObject({ following: true, unread: 1 });
    expect(threadIn(await inbox('live'), parent._id)).toBeUndefined();
    const [liveState] = [await markThreadRead(live, parent._id)];
    expect(liveState).toMatchObject({ following: true, unread: 0 });
    await chat.post(vip, { parentMessage: parent._id, content: 'Réponse de vip' });
    expect(threadIn(await inbox('live'), parent._id)).toMatchObject({ unread: 1 });
    expect(threadIn(await inbox('coach'), parent._id)).toMatchObject({ unread: 2 });
    // An explicit unfollow stays when the member answers again.
    await follow(live, parent._id, false);
    await chat.post(live, { parentMessage: parent._id, content: 'Encore moi' });
    const [again] = await Promise.all([markThreadRead(live, parent._id)]);
    expect(again.following).toBe(false);
  });

  it('keeps a read state per thread that only moves forward, shared by two devices', async () => {
    const coach = await chat.open('coach');
    const phone = await chat.open('vip');
    const desktop = await chat.open('vip');
    const parent = await chat.post(coach, { room: 'crypto', content: 'Fil partagé' });
    await follow(phone, parent._id);
    const first = await chat.post(coach, { parentMessage: parent._id, content: 'Un' });
    const second = await chat.post(coach, { parentMessage: parent._id, content: 'Deux' });
    const afterSecond = await markThreadRead(phone, parent._id, second._id);
    expect(afterSecond).toMatchObject({ readUpTo: { _id: second._id }, unread: 0 });
    const late = await markThreadRead(phone, parent._id, first._id);
    expect(late).toEqual(afterSecond);
    const third = await chat.post(coach, { parentMessage: parent._id, content: 'Trois' });
    const heard = nextEvent(desktop, INBOX_SERVER_EVENTS.threadRead, threadRead, (s) => s.readUpTo?._id === third._id);
    const read = await markThreadRead(phone, parent._id);
    expect(await heard).toEqual(read);
    expect(read.unread).toBe(0);
    // Another member hears nothing of it.
    const other = await chat.open('live');
    const stray = collect(other, INBOX_SERVER_EVENTS.threadRead, 300);
    await follow(phone, parent._id, true);
    expect(await stray).toEqual([]);
  });
});

describe('mentions (issue 21)', () => {
  it('counts a message naming @pseudo as a mention until the room is read past it', async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    await markRoomRead(vip, 'forex');
    const heard = nextEvent(vip, INBOX_SERVER_EVENTS.mention, inboxMention);
    const message = await chat.post(coach, { room: 'forex', content: 'Bonjour @VIP, regarde ce niveau' });
    expect(await heard).toMatchObject({ _id: message._id, room: 'forex', parentMessage: null, author: 'coach' });
    const box = await inbox('vip');
    expect(mentionIn(box, message._id)).toMatchObject({ excerpt: 'Bonjour @VIP, regarde ce niveau' });
    expect(box.rooms.find((r) => r.room === 'forex')).toMatchObject({ unread: 1, firstUnread: { _id: message._id }, newest: { _id: message._id } });
    // Not the author's, nor anyone else's.
    expect(mentionIn(await inbox('coach'), message._id)).toBeUndefined();
    expect(mentionIn(await inbox('live'), message._id)).toBeUndefined();
    await markRoomRead(vip, 'forex');
    const after = await inbox('vip');
    expect(mentionIn(after, message._id)).toBeUndefined();
    expect(after.rooms.find((r) => r.room === 'forex')).toBeUndefined();
  });

  it('clears a mention in a reply when its thread is read', async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    const parent = await chat.post(coach, { room: 'indices', content: 'Question' });
    const reply = await chat.post(coach, { parentMessage: parent._id, content: '@vip et toi ?' });
    expect(mentionIn(await inbox('vip'), reply._id)).toMatchObject({ parentMessage: parent._id });
    await markThreadRead(vip, parent._id);
    expect(mentionIn(await inbox('vip'), reply._id)).toBeUndefined();
  });

  it("leaves out members who may not read the room and blocked authors; 'tout marquer comme lu' clears the rest", async () => {
    const coach = await chat.open('coach');
    const vip = await chat.open('vip');
    const membre = await chat.post(coach, { room: 'forex', content: '@membre tu ne verras pas ceci' });
    expect(mentionIn(await inbox('membre'), membre._id)).toBeUndefined();
    expect(await inbox('membre')).toEqual({ rooms: [], threads: [], mentions: [] });
    const token = await chat.token('live');
    expect((await server().post('/rest/users/block/coach', {}, token)).status).toBeLessThan(300);
    try {
      const blocked = await chat.post(coach, { room: 'forex', content: 'Salut @live' });
      expect(mentionIn(await inbox('live'), blocked._id)).toBeUndefined();
    } finally {
      await server().post('/rest/users/unblock/coach', {}, token);
    }
    const parent = await chat.post(coach, { room: 'crypto', content: 'Fil' });
    await follow(vip, parent._id);
    const inThread = await chat.post(coach, { parentMessage: parent._id, content: 'Pour @vip' });
    const inRoom = await chat.post(coach, { room: 'crypto', content: 'Et @vip ici' });
    // A mention in a thread the member does not follow counts too.
    const other = await chat.post(coach, { room: 'crypto', content: 'Autre fil' });
    const unfollowed = await chat.post(coach, { parentMessage: other._id, content: '@vip ici aussi' });
    const before = await inbox('vip');
    expect(mentionIn(before, inThread._id)).toBeDefined();
    expect(mentionIn(before, inRoom._id)).toBeDefined();
    expect(mentionIn(before, unfollowed._id)).toBeDefined();
    expect(threadIn(before, parent._id)).toMatchObject({ unread: 1 });
    const answer = await chat.ask(vip, READ_CLIENT_EVENTS.markAllRead, {}, roomReadsAck);
    expect('error' in answer).toBe(false);
    expect(await inbox('vip')).toEqual({ rooms: [], threads: [], mentions: [] });
  });

  it('sorts the mentions newest first', async () => {
    const coach = await chat.open('coach');
    const posted = [];
    for (const n of [1, 2, 3]) posted.push(await chat.post(coach, { room: 'indices', content: `@live numéro ${n}` }));
    const ids = (await inbox('live')).mentions.map((m) => m._id);
    expect(ids.slice(0, 3)).toEqual(posted.map((m) => m._id).reverse());
  });
});

describe('inbox permissions and bad input (issue 21)', () => {
  it('refuses bad input in French, threads one cannot read, and never answers 5xx', async () => {
    const vip = await chat.open('vip');
    for (const payload of [null, {}, { parentMessage: '' }, { parentMessage: 'x', follow: 'oui' }, { parentMessage: 'x', follow: true, extra: 1 }, 'x']) {
      expect(await chat.ask(vip, INBOX_CLIENT_EVENTS.follow, payload, ackError)).toEqual({ error: 'Requête invalide' });
    }
    for (const payload of [null, {}, { parentMessage: 42 }, { parentMessage: 'x', messageId: '' }]) {
      expect(await chat.ask(vip, INBOX_CLIENT_EVENTS.markThreadRead, payload, ackError)).toEqual({ error: 'Requête invalide' });
    }
    expect(await chat.ask(vip, INBOX_CLIENT_EVENTS.follow, { parentMessage: 'inconnu', follow: true }, ackError)).toEqual({ error: 'Message introuvable' });
    const coach = await chat.open('coach');
    const parent = await chat.post(coach, { room: 'forex', content: 'Fil VIP' });
    const reply = await chat.post(coach, { parentMessage: parent._id, content: 'Réponse' });
    expect(await chat.ask(vip, INBOX_CLIENT_EVENTS.markThreadRead, { parentMessage: parent._id, messageId: 'inconnu' }, ackError)).toEqual({
      error: 'Message introuvable',
    });
    // A reply is not a thread.
    expect(await chat.ask(vip, INBOX_CLIENT_EVENTS.follow, { parentMessage: reply._id, follow: true }, ackError)).toEqual({ error: 'Message introuvable' });
    const membre = await chat.open('membre');
    expect(await chat.ask(membre, INBOX_CLIENT_EVENTS.follow, { parentMessage: parent._id, follow: true }, ackError)).toEqual({ error: 'NOT_ALLOWED' });
    expect((await server().get('/rest/chat/inbox')).status).toBe(401);
  });
});
