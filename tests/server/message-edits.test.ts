import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessage, CLIENT_EVENTS, editMessageAck, moreMessagesAck, okAck, postMessageAck, SERVER_EVENTS, type ChatMessage } from '../../src/contract/chat';
import { inboxMention, INBOX_SERVER_EVENTS } from '../../src/contract/inbox';
import { conversationsResponse } from '../../src/contract/messaging';
import { EDIT_TEXT } from '../../src/domain/message-edit';
import { messages } from '../../server/db/schema';
import { collect, nextEvent, useChatServer, userIdOf } from './chat-helpers';
import type { Socket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';

/** Issue 22: a message's text edited by its author within 24 hours, or by a moderator. */
const { server, chat } = useChatServer();

const edit = (socket: Socket, messageId: string, content: string) => chat.ask(socket, CLIENT_EVENTS.edit, { messageId, content }, editMessageAck);
const edited = async (socket: Socket, messageId: string, content: string): Promise<ChatMessage> => {
  const answer = await edit(socket, messageId, content);
  if ('error' in answer) throw new Error(`modification refusée : ${answer.error}`);
  return answer.message;
};
/** Moves a message's posting time back by `hours`. */
const age = async (id: string, hours: number) =>
  server().database.db.update(messages).set({ createdAt: new Date(Date.now() - hours * 3_600_000) }).where(eq(messages.id, id));

describe('editing a message (issue 22)', () => {
  it('lets the author change the text: answered, broadcast to the room, and caught up after', async () => {
    const vip = await chat.open('vip');
    const joined = await chat.join(vip, 'forex');
    if (!('ok' in joined)) throw new Error(joined.error);
    const message = await chat.post(vip, { room: 'forex', content: 'EURUSD cible 1.0950' });

    const watcher = await chat.open('live');
    await chat.join(watcher, 'forex');
    const heard = nextEvent(watcher, SERVER_EVENTS.edited, chatMessage, (m) => m._id === message._id);
    const answer = await edited(vip, message._id, '  EURUSD cible 1.0980  ');
    expect(answer).toMatchObject({ _id: message._id, content: 'EURUSD cible 1.0980', date: message.date, clientId: message.clientId });
    expect(answer.editedAt).not.toBeNull();
    expect(answer.seq).toBeGreaterThan(message.seq);
    expect(await heard).toEqual({ ...answer, liked: false });

    // A member away during the edit finds the new text in the catch-up after their seq, and in pages.
    const catchUp = await chat.ask(watcher, CLIENT_EVENTS.more, { room: 'forex', cursor: null, afterSeq: message.seq }, moreMessagesAck);
    if ('error' in catchUp) throw new Error(catchUp.error);
    expect(catchUp.messages.find((m) => m._id === message._id)).toMatchObject({ content: 'EURUSD cible 1.0980', editedAt: answer.editedAt });
    const page = await chat.ask(watcher, CLIENT_EVENTS.more, { room: 'forex', cursor: null }, moreMessagesAck);
    if ('error' in page) throw new Error(page.error);
    expect(page.messages.find((m) => m._id === message._id)?.content).toBe('EURUSD cible 1.0980');
  });

  it('refuses another member’s message, a deleted one, an empty text and a malformed payload', async () => {
    const vip = await chat.open('vip');
    const live = await chat.open('live');
    const theirs = await chat.post(live, { room: 'forex', content: 'Le message de live' });
    expect(await edit(vip, theirs._id, 'réécrit')).toEqual({ error: 'NOT_ALLOWED' });
    expect(await edit(live, theirs._id, '   ')).toEqual({ error: EDIT_TEXT.empty });
    expect(await edit(live, 'inconnu', 'texte')).toEqual({ error: 'NOT_ALLOWED' });
    for (const payload of [null, {}, { messageId: theirs._id }, { messageId: theirs._id, content: 'x'.repeat(1001) }, { messageId: 42, content: 'x' }]) {
      expect(await chat.ask(live, CLIENT_EVENTS.edit, payload, editMessageAck)).toEqual({ error: 'Requête invalide' });
    }
    expect(await chat.ask(live, CLIENT_EVENTS.delete, { alertId: theirs._id }, okAck)).toEqual({ ok: true });
    expect(await edit(live, theirs._id, 'trop tard')).toEqual({ error: 'NOT_ALLOWED' });
    const [row] = await server().database.db.select().from(messages).where(eq(messages.id, theirs._id));
    expect(row).toMatchObject({ content: 'Le message de live', editedAt: null });
  });

  it('closes the author’s edits 24 hours after posting; a moderator edits any message, on record', async () => {
    const vip = await chat.open('vip');
    const message = await chat.post(vip, { room: 'indices', content: 'DAX support 18 000' });
    await age(message._id, 23.9);
    expect((await edited(vip, message._id, 'DAX support 18 050')).content).toBe('DAX support 18 050');
    await age(message._id, 24.1);
    expect(await edit(vip, message._id, 'DAX support 18 100')).toEqual({ error: EDIT_TEXT.tooLate });

    const coach = await chat.open('coach');
    const corrected = await edited(coach, message._id, 'DAX support 18 000 (corrigé par la modération)');
    expect(corrected.sender.username).toBe('vip');
    const [row] = await server().database.db.select().from(messages).where(eq(messages.id, message._id));
    expect(row?.editedBy).toBe(await userIdOf(server(), 'coach'));
  });

  it('takes no seq and announces nothing for the same text again', async () => {
    const vip = await chat.open('vip');
    const message = await chat.post(vip, { room: 'crypto', content: 'BTC 60k' });
    const watcher = await chat.open('coach');
    await chat.join(watcher, 'crypto');
    const heard = collect(watcher, SERVER_EVENTS.edited, 400);
    const same = await edited(vip, message._id, 'BTC 60k ');
    expect(same).toMatchObject({ seq: message.seq, editedAt: null, content: 'BTC 60k' });
    expect(await heard).toEqual([]);
  });

  it('keeps a banned author from editing, as from posting', async () => {
    const banni = await chat.open('banni');
    const [recent] = await server()
      .database.db.select()
      .from(messages)
      .where(eq(messages.authorId, await userIdOf(server(), 'banni')))
      .orderBy(messages.createdAt)
      .then((rows) => rows.filter((r) => r.parentId === null && r.roomId !== null && Date.now() - r.createdAt.getTime() < 20 * 3_600_000).slice(-1));
    if (!recent) throw new Error('aucun message récent de banni');
    expect(await edit(banni, recent.id, 'contournement')).toEqual({ error: 'Vous avez été banni du chat' });
  });

  it('names anew only whom the edit adds', async () => {
    const coach = await chat.open('coach');
    const message = await chat.post(coach, { room: 'forex', content: 'Point marché' });
    const vip = await chat.open('vip');
    const mentioned = nextEvent(vip, INBOX_SERVER_EVENTS.mention, inboxMention, (m) => m._id === message._id);
    await edited(coach, message._id, 'Point marché, @vip regarde le niveau');
    expect(await mentioned).toMatchObject({ excerpt: 'Point marché, @vip regarde le niveau' });
    const again = collect(vip, INBOX_SERVER_EVENTS.mention, 400);
    await edited(coach, message._id, 'Point marché, @vip regarde bien le niveau');
    expect(await again).toEqual([]);
  });

  it('edits a private message for both participants and its conversation’s last message', async () => {
    const coachId = String(await userIdOf(server(), 'coach'));
    const vip = await chat.open('vip');
    const coach = await chat.open('coach');
    const sent = await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), usersId: [coachId], content: 'Une question sur le DAX' }, postMessageAck);
    if (!('message' in sent)) throw new Error(`message privé refusé : ${'error' in sent ? sent.error : 'retenu'}`);
    const { message } = sent;
    const heard = nextEvent(coach, SERVER_EVENTS.edited, chatMessage, (m) => m._id === message._id);
    expect(await edit(coach, message._id, 'pas à moi')).toEqual({ error: 'NOT_ALLOWED' });
    const answer = await edited(vip, message._id, 'Une question sur le CAC');
    expect(answer).toMatchObject({ conversationId: message.conversationId, content: 'Une question sur le CAC' });
    expect((await heard).conversationId).toBe(message.conversationId);
    const list = conversationsResponse.parse(await (await server().get('/rest/conversations', await chat.token('coach'))).json());
    expect(list.conversations.find((c) => c._id === message.conversationId)?.lastMessage).toBe('Une question sur le CAC');
    // A moderator edits no private message of others.
    await server().database.db.update(messages).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(messages.id, message._id));
    expect(await edit(vip, message._id, 'encore')).toEqual({ error: EDIT_TEXT.tooLate });
  });
});
