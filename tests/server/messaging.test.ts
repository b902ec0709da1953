import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Socket } from 'socket.io-client';
import {
  chatMessage,
  CLIENT_EVENTS,
  joinAck,
  messageDeletedEvent,
  moreMessagesAck,
  okAck,
  postMessageAck,
  SERVER_EVENTS,
  type ChatMessage,
} from '../../src/contract/chat';
import {
  conversationReadEvent,
  conversationsResponse,
  MESSAGING_CLIENT_EVENTS,
  MESSAGING_SERVER_EVENTS,
  newPrivateMessageEvent,
  type Conversation,
} from '../../src/contract/messaging';
import { hashPassword } from '../../server/auth/passwords';
import { conversations, messages, uploads, users, userSubscriptions } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { collect, nextEvent, useChatServer, userIdOf } from './chat-helpers';

const { server, chat } = useChatServer();

const anyAnswer = z.unknown();
const idOf = async (username: string): Promise<string> => String(await userIdOf(server(), username));

/** 'post message' of a private message; the raw answer (a message or an error). */
const send = (socket: Socket, payload: Record<string, unknown>) =>
  chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Bonjour', ...payload }, postMessageAck);
const sent = async (socket: Socket, payload: Record<string, unknown>): Promise<ChatMessage & { conversationId: string }> => {
  const answer = await send(socket, payload);
  if (!('message' in answer)) throw new Error(`message privé refusé : ${'error' in answer ? answer.error : 'retenu'}`);
  const { conversationId } = answer.message;
  if (!conversationId) throw new Error('message privé sans conversation');
  return { ...answer.message, conversationId };
};
const listOf = async (account: string) => {
  const response = await server().get('/rest/conversations', await chat.token(account));
  expect(response.status).toBe(200);
  return conversationsResponse.parse(await response.json());
};
const conversationOf = async (account: string, id: string): Promise<Conversation> => {
  const found = (await listOf(account)).conversations.find((c) => c._id === id);
  if (!found) throw new Error(`conversation ${id} absente de la liste de ${account}`);
  return found;
};
const more = async (socket: Socket, payload: unknown) => {
  const answer = await chat.ask(socket, CLIENT_EVENTS.more, payload, moreMessagesAck);
  if ('error' in answer) throw new Error(`more messages refusé : ${answer.error}`);
  return answer;
};

describe('the demo conversations', () => {
  it('give vip two conversations with unread messages, from the support and the analyst', async () => {
    const list = await listOf('vip');
    expect(list.unreadConversations).toBe(2);
    expect(list.cursor).toBeNull();
    const unread = Object.fromEntries(
      list.conversations.map((c) => [c.users.find((u) => u.username !== 'vip')?.username, c.unreadMessages]),
    );
    expect(unread).toEqual({ support: 1, analyste: 2 });
    // Last changed first.
    expect(list.conversations.map((c) => c.users.map((u) => u.username).sort().join('+'))).toEqual(['analyste+vip', 'support+vip']);
    const analyst = list.conversations[0];
    expect(analyst?.lastMessage).toBe('Je t’ai mis le graphique dans la room Indices.');
    expect(analyst?.users.every((u) => /^\d+$/.test(u._id))).toBe(true);
    expect((await listOf('coach')).unreadConversations).toBe(0);
  });
});

describe('a first message', () => {
  it('creates the conversation, reaches the receiver, and a resent clientId creates nothing more', async () => {
    const coachId = await idOf('coach');
    const vipId = await idOf('vip');
    const coach = await chat.open('coach');
    const arrival = nextEvent(coach, MESSAGING_SERVER_EVENTS.newPrivateMessage, newPrivateMessageEvent);
    const vip = await chat.open('vip');
    const clientId = randomUUID();
    const first = await sent(vip, { usersId: [coachId], clientId, content: 'Bonjour coach, une question sur le DAX' });
    expect(first).toMatchObject({ room: '', parentMessage: null, alertId: null, content: 'Bonjour coach, une question sur le DAX', seq: 1 });
    expect(first.sender.username).toBe('vip');

    const event = await arrival;
    expect(event).toEqual({ conversationId: first.conversationId, message: first, unreadMessages: 1 });

    // The same clientId again, even naming the conversation now: the stored message, nothing new.
    const again = await Promise.all([
      send(vip, { usersId: [coachId], clientId, content: 'Bonjour coach, une question sur le DAX' }),
      send(vip, { conversationId: first.conversationId, clientId, content: 'autre chose' }),
    ]);
    for (const answer of again) expect(answer).toEqual({ message: first });
    const db = server().database.db;
    const [stored] = await db.select({ n: count() }).from(messages).where(eq(messages.clientId, clientId));
    expect(stored?.n).toBe(1);
    const pair = [Number(vipId), Number(coachId)].sort((a, b) => a - b).join(':');
    expect(await db.select().from(conversations).where(eq(conversations.pairKey, pair))).toHaveLength(1);

    // The other's first message meets the same conversation.
    const answer = await sent(coach, { usersId: [vipId], content: 'Bonjour Victor, je t’écoute' });
    expect(answer.conversationId).toBe(first.conversationId);
    expect(answer.seq).toBe(2);

    const seenByCoach = await conversationOf('coach', first.conversationId);
    expect(seenByCoach).toMatchObject({ unreadMessages: 0, lastMessage: 'Bonjour Victor, je t’écoute' });
    expect(seenByCoach.users.map((u) => u.username).sort()).toEqual(['coach', 'vip']);
    expect(await conversationOf('vip', first.conversationId)).toMatchObject({ unreadMessages: 1 });
  });
});

describe('unread and read', () => {
  it('counts the others’ messages until the conversation is read, on every socket of the reader', async () => {
    const analystId = await idOf('analyste');
    const live = await chat.open('live');
    const analyst = await chat.open('analyste');
    const analystElsewhere = await chat.open('analyste');
    const before = (await listOf('analyste')).unreadConversations;
    const arrivals = collect(analystElsewhere, MESSAGING_SERVER_EVENTS.newPrivateMessage, 600);
    const first = await sent(live, { usersId: [analystId], content: 'Bonjour Hugo' });
    await sent(live, { conversationId: first.conversationId, content: 'Tu as un avis sur le Nasdaq ?' });
    const counts = (await arrivals).map((payload) => newPrivateMessageEvent.parse(payload).unreadMessages);
    expect(counts).toEqual([1, 2]);
    expect(await conversationOf('analyste', first.conversationId)).toMatchObject({ unreadMessages: 2, lastMessage: 'Tu as un avis sur le Nasdaq ?' });
    expect((await listOf('analyste')).unreadConversations).toBe(before + 1);
    // The sender's own messages are never unread for them.
    expect(await conversationOf('live', first.conversationId)).toMatchObject({ unreadMessages: 0 });

    const cleared = nextEvent(analystElsewhere, MESSAGING_SERVER_EVENTS.read, conversationReadEvent);
    expect(await chat.ask(analyst, MESSAGING_CLIENT_EVENTS.read, { conversationId: first.conversationId }, okAck)).toEqual({ ok: true });
    expect(await cleared).toEqual({ conversationId: first.conversationId });
    expect(await conversationOf('analyste', first.conversationId)).toMatchObject({ unreadMessages: 0 });
    expect((await listOf('analyste')).unreadConversations).toBe(before);
    // Reading twice changes nothing.
    expect(await chat.ask(analyst, MESSAGING_CLIENT_EVENTS.read, { conversationId: first.conversationId }, okAck)).toEqual({ ok: true });

    // An answer reads the conversation for its writer and counts for the other.
    await sent(live, { conversationId: first.conversationId, content: 'Encore une' });
    const readByWriting = nextEvent(analystElsewhere, MESSAGING_SERVER_EVENTS.read, conversationReadEvent);
    await sent(analyst, { conversationId: first.conversationId, content: 'Biais neutre pour moi' });
    expect(await readByWriting).toEqual({ conversationId: first.conversationId });
    expect(await conversationOf('analyste', first.conversationId)).toMatchObject({ unreadMessages: 0 });
    expect(await conversationOf('live', first.conversationId)).toMatchObject({ unreadMessages: 1 });
  });
});

describe('a conversation’s stream', () => {
  it('joins, pages, delivers live, catches up and deletes, for its participants only', async () => {
    const supportId = await idOf('support');
    const coach = await chat.open('coach');
    const opening = await sent(coach, { usersId: [supportId], content: 'Premier message' });
    const conversationId = opening.conversationId;
    const support = await chat.open('support');
    const joined = await chat.ask(support, CLIENT_EVENTS.join, { conversationId }, joinAck);
    expect(joined).toEqual({ ok: true, lastSeq: 1, usersCount: 1 });

    const live = nextEvent(support, SERVER_EVENTS.message, chatMessage, (m) => m.content === 'Deuxième message');
    const second = await sent(coach, { conversationId, content: 'Deuxième message' });
    expect(await live).toEqual(second);

    const page = await more(support, { conversationId, cursor: null });
    expect(page.messages.map((m) => m.content)).toEqual(['Deuxième message', 'Premier message']);
    expect(page).toMatchObject({ cursor: null, lastSeq: 2, deleted: [] });

    // A delete by its author: a tombstone with the conversation's next seq, announced to the stream.
    const gone = nextEvent(support, SERVER_EVENTS.deleted, messageDeletedEvent, (e) => e._id === second._id);
    expect(await chat.ask(support, CLIENT_EVENTS.delete, { alertId: second._id }, okAck)).toEqual({ error: 'NOT_ALLOWED' });
    expect(await chat.ask(coach, CLIENT_EVENTS.delete, { alertId: second._id }, okAck)).toEqual({ ok: true });
    expect(await gone).toEqual({ _id: second._id, room: '', parentMessage: null, conversationId, seq: 3 });
    const third = await sent(coach, { conversationId, content: 'Troisième message' });
    expect(third.seq).toBe(4);

    const catchUp = await more(support, { conversationId, cursor: null, afterSeq: 1 });
    expect(catchUp).toMatchObject({ deleted: [second._id], lastSeq: 4, cursor: null });
    expect(catchUp.messages.map((m) => m._id)).toEqual([third._id]);
    expect(await conversationOf('support', conversationId)).toMatchObject({ lastMessage: 'Troisième message', unreadMessages: 2 });

    const left = collect(support, SERVER_EVENTS.message, 500);
    expect(await chat.ask(support, CLIENT_EVENTS.leave, { conversationId }, okAck)).toEqual({ ok: true });
    await sent(coach, { conversationId, content: 'Après le départ' });
    expect(await left).toEqual([]);

    // Someone else's conversation stays closed, whatever the event.
    const outsider = await chat.open('vip');
    const notFound = { error: 'Conversation introuvable' };
    expect(await chat.ask(outsider, CLIENT_EVENTS.join, { conversationId }, anyAnswer)).toEqual(notFound);
    expect(await chat.ask(outsider, CLIENT_EVENTS.more, { conversationId, cursor: null }, anyAnswer)).toEqual(notFound);
    expect(await send(outsider, { conversationId })).toEqual(notFound);
    expect(await chat.ask(outsider, MESSAGING_CLIENT_EVENTS.read, { conversationId }, anyAnswer)).toEqual(notFound);
    expect(await chat.ask(outsider, CLIENT_EVENTS.delete, { alertId: third._id }, anyAnswer)).toEqual({ error: 'NOT_ALLOWED' });
    // Pins and likes belong to rooms (spec 2 §4: no pins in one-to-one chats).
    expect(await chat.ask(coach, CLIENT_EVENTS.like, { alertId: third._id }, anyAnswer)).toEqual({ error: 'NOT_ALLOWED' });
    const pin = await server().post('/rest/chat/toggle_pinned', { messageId: third._id, title: 'Épinglé' }, await chat.token('coach'));
    expect(pin.status).toBe(404);
  });
});

describe('blocks (spec 2 §4)', () => {
  it('stop private messages both ways, and hide each one’s room posts from the other', async () => {
    const liveId = await idOf('live');
    const banniId = await idOf('banni');
    const live = await chat.open('live');
    const banni = await chat.open('banni');
    const blocked = { error: 'Vous ne pouvez pas envoyer de message à ce membre' };
    // The demo data has live block banni: banni cannot write to live, nor live to banni.
    expect(await send(banni, { usersId: [liveId] })).toEqual(blocked);
    expect(await send(live, { usersId: [banniId] })).toEqual(blocked);

    // The blocked member does not see the blocker's posts either, live or in history.
    await chat.join(banni, 'crypto');
    const watcher = await chat.open('vip');
    await chat.join(watcher, 'crypto');
    const hidden = collect(banni, SERVER_EVENTS.message, 700);
    const seen = nextEvent(watcher, SERVER_EVENTS.message, chatMessage, (m) => m.content === 'Réservé à ceux qui me lisent');
    const posted = await chat.post(live, { room: 'crypto', content: 'Réservé à ceux qui me lisent' });
    expect((await seen)._id).toBe(posted._id);
    expect(await hidden).toEqual([]);
    expect((await more(banni, { room: 'crypto', cursor: null })).messages.some((m) => m._id === posted._id)).toBe(false);

    // Once unblocked, a conversation may start; blocking again closes it, whoever blocks.
    expect((await server().post('/rest/users/unblock/banni', {}, await chat.token('live'))).status).toBe(200);
    try {
      const opened = await sent(banni, { usersId: [liveId], content: 'Désolé pour tout à l’heure' });
      expect((await more(banni, { room: 'crypto', cursor: null })).messages.some((m) => m._id === posted._id)).toBe(true);
      expect((await server().post('/rest/users/block/live', {}, await chat.token('banni'))).status).toBe(200);
      expect(await send(live, { conversationId: opened.conversationId })).toEqual(blocked);
      expect(await send(banni, { conversationId: opened.conversationId })).toEqual(blocked);
      // What the other wrote no longer shows, nor counts.
      expect(await conversationOf('live', opened.conversationId)).toMatchObject({ unreadMessages: 0, lastMessage: '' });
      expect((await server().post('/rest/users/unblock/live', {}, await chat.token('banni'))).status).toBe(200);
    } finally {
      await server().post('/rest/users/block/banni', {}, await chat.token('live'));
    }
  });
});

describe('messaging access', () => {
  it('refuses members without a subscription 3, 4 or 6, with the answer the client turns into the access prompt', async () => {
    const membre = await chat.open('membre');
    const refused = { error: 'NOT_ALLOWED' };
    expect(await send(membre, { usersId: [await idOf('coach')] })).toEqual(refused);
    const [anyConversation] = await server().database.db.select().from(conversations).limit(1);
    const conversationId = anyConversation?.id ?? 'x';
    expect(await chat.ask(membre, CLIENT_EVENTS.join, { conversationId }, anyAnswer)).toEqual(refused);
    expect(await chat.ask(membre, CLIENT_EVENTS.more, { conversationId, cursor: null }, anyAnswer)).toEqual(refused);
    expect(await chat.ask(membre, MESSAGING_CLIENT_EVENTS.read, { conversationId }, anyAnswer)).toEqual(refused);
    const token = await chat.token('membre');
    for (const path of ['/rest/conversations', '/rest/conversations/search?query=coach']) {
      const response = await server().get(path, token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(refused);
    }
    for (const path of ['/rest/conversations', '/rest/conversations/search?query=coach']) expect((await server().get(path)).status).toBe(401);
  });

  it('lets the support write, and a member without subscription receive', async () => {
    const support = await chat.open('support');
    const toMember = await sent(support, { usersId: [await idOf('membre')], content: 'Votre compte est bien créé.' });
    expect(toMember.sender).toMatchObject({ username: 'support', mention: 'Support' });
  });

  it('opens to LIVE (4) alone and to staff, not to PRIME (5) alone nor to an expired VIP', async () => {
    const db = server().database.db;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const day = 24 * 60 * 60 * 1000;
    const made = await db
      .insert(users)
      .values(['liveonly', 'equipe', 'primeonly', 'expire'].map((username) => ({ username, email: `${username}@comptoir.test`, passwordHash, isStaff: username === 'equipe' })))
      .returning({ id: users.id, username: users.username });
    const id = (name: string) => made.find((u) => u.username === name)?.id ?? -1;
    await db.insert(userSubscriptions).values([
      { userId: id('liveonly'), subscriptionId: SUBSCRIPTION.LIVE, expiresAt: new Date(Date.now() + day) },
      { userId: id('primeonly'), subscriptionId: SUBSCRIPTION.PRIME, expiresAt: new Date(Date.now() + day) },
      { userId: id('expire'), subscriptionId: SUBSCRIPTION.VIP, expiresAt: new Date(Date.now() - day) },
    ]);
    const coachId = await idOf('coach');
    for (const account of ['liveonly', 'equipe']) await sent(await chat.open(account), { usersId: [coachId] });
    for (const account of ['primeonly', 'expire']) expect(await send(await chat.open(account), { usersId: [coachId] })).toEqual({ error: 'NOT_ALLOWED' });
  });
});

describe('voice notes in private messages', () => {
  it('takes a member’s audio upload and shows it to the conversation’s participants only', async () => {
    const form = new FormData();
    form.append('type', 'audio');
    form.append('file', new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'audio/webm;codecs=opus' }), 'note.webm');
    const uploaded = await fetch(`${server().url}/rest/upload`, { method: 'POST', headers: { authorization: `Bearer ${await chat.token('vip')}` }, body: form });
    expect(uploaded.status).toBe(200);
    const { attachmentId } = (await uploaded.json()) as { attachmentId: string };
    const vip = await chat.open('vip');
    // Not in a room: voice notes there are the staff's.
    expect(await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), content: '', room: 'forex', attachments: [attachmentId] }, postMessageAck)).toEqual({
      error: 'NOT_ALLOWED',
    });
    const note = await sent(vip, { usersId: [await idOf('coach')], content: '', attachments: [attachmentId] });
    expect(note.attachments).toMatchObject([{ _id: attachmentId, attachmentType: 'audio', name: 'note.webm' }]);
    const url = note.attachments[0]?.resourceUrl ?? '';
    expect((await server().get(url, await chat.token('coach'))).status).toBe(200);
    expect((await server().get(url, await chat.token('live'))).status).toBe(403);

    // A video stays the staff's, refused as an attachment (not as a lack of messaging access).
    const video = randomUUID();
    await server().database.db.insert(uploads).values({ id: video, ownerId: Number(await idOf('vip')), attachmentType: 'video', name: 'v.mp4', mimeType: 'video/mp4', size: 1 });
    expect(await send(vip, { conversationId: note.conversationId, attachments: [video] })).toEqual({ error: 'Pièce jointe invalide' });
  });
});

describe('bad payloads', () => {
  it('are answered with errors, never crash the connection', async () => {
    const vip = await chat.open('vip');
    const vipId = await idOf('vip');
    const invalid = { error: 'Requête invalide' };
    const { conversations: [some] } = await listOf('vip');
    const conversationId = some?._id ?? 'x';
    for (const payload of [
      { usersId: [await idOf('coach')], conversationId },
      { usersId: [vipId] },
      { usersId: ['abc'] },
      { usersId: ['99999999999'] },
      { usersId: [] },
      { usersId: [await idOf('coach'), await idOf('live')] },
      { conversationId, content: '   ' },
      { conversationId, room: 'forex' },
      { conversationId: '' },
    ]) {
      expect(await send(vip, payload)).toEqual(invalid);
    }
    expect(await send(vip, { usersId: ['2147483000'] })).toEqual({ error: "Ce profil n'existe pas" });
    for (const payload of [undefined, null, 'texte', {}, { conversationId: 42 }, { conversationId: 'x', other: 1 }]) {
      expect(await chat.ask(vip, MESSAGING_CLIENT_EVENTS.read, payload, anyAnswer)).toEqual(invalid);
    }
    expect(await chat.ask(vip, CLIENT_EVENTS.more, { conversationId, cursor: 'pas-un-curseur' }, anyAnswer)).toEqual(invalid);
    expect(await chat.ask(vip, CLIENT_EVENTS.more, { conversationId, cursor: null, afterSeq: -1 }, anyAnswer)).toEqual(invalid);
    expect(await chat.ask(vip, CLIENT_EVENTS.join, { conversationId: 'inconnue' }, anyAnswer)).toEqual({ error: 'Conversation introuvable' });
    // Without an acknowledgement, then still answering.
    vip.emit(MESSAGING_CLIENT_EVENTS.read, { conversationId });
    vip.emit(CLIENT_EVENTS.post, { usersId: 'x' });
    expect(await chat.ask(vip, MESSAGING_CLIENT_EVENTS.read, { conversationId }, okAck)).toEqual({ ok: true });
    for (const query of ['?cursor=abc', `?cursor=${Buffer.from('pas une date|x').toString('base64url')}`]) {
      const response = await server().get(`/rest/conversations${query}`, await chat.token('vip'));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalid);
    }
  });
});
