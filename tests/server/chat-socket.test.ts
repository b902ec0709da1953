import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { toChatMessage } from '../../server/chat/message-view';
import {
  chatLikeCountEvent,
  chatMessage,
  chatThreadIncreaseEvent,
  chatUsersCountEvent,
  CLIENT_EVENTS,
  increaseRoomMessageEvent,
  likeAck,
  messageDeletedEvent,
  moreMessagesAck,
  okAck,
  postMessageAck,
  SERVER_EVENTS,
  type ChatMessage,
} from '../../src/contract/chat';
import { messages } from '../../server/db/schema';
import { collect, nextEvent, useChatServer, userIdOf } from './chat-helpers';

const { server, chat } = useChatServer();

const ackError = z.object({ error: z.string() });
type Page = Exclude<z.infer<typeof moreMessagesAck>, { error: string }>;

const more = async (account: string, payload: unknown): Promise<Page> => {
  const answer = await chat.ask(await chat.open(account), CLIENT_EVENTS.more, payload, moreMessagesAck);
  if ('error' in answer) throw new Error(`more messages refusé : ${answer.error}`);
  return answer;
};
const idOf = (username: string): Promise<number> => userIdOf(server(), username);

describe('who may join, read and post (spec 2 §6)', () => {
  it('keeps a member without subscription out of every room', async () => {
    const socket = await chat.open('membre');
    for (const room of ['all', 'forex', 'prime']) {
      expect(await chat.join(socket, room)).toEqual({ error: 'NOT_ALLOWED' });
      expect(await chat.ask(socket, CLIENT_EVENTS.more, { room, cursor: null }, moreMessagesAck)).toEqual({ error: 'NOT_ALLOWED' });
      expect(await chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Bonjour', room }, postMessageAck)).toEqual({
        error: 'NOT_ALLOWED',
      });
    }
  });

  it('lets a VIP join and post in Forex, not in ALL (staff only) nor in Prime', async () => {
    const socket = await chat.open('vip');
    const joined = await chat.join(socket, 'forex');
    expect(joined).toMatchObject({ ok: true, usersCount: 1 });
    const message = await chat.post(socket, { room: 'forex', content: 'EUR/USD en hausse' });
    expect(message).toMatchObject({ room: 'forex', parentMessage: null, content: 'EUR/USD en hausse', likesCount: 0, liked: false, pinned: false });
    expect(message.sender).toMatchObject({ username: 'vip', firstName: 'Victor', _id: String(message.sender.id) });
    expect(message.seq).toBeGreaterThan('ok' in joined ? joined.lastSeq : 0);
    expect(await chat.join(socket, 'prime')).toEqual({ error: 'NOT_ALLOWED' });
    for (const room of ['all', 'prime']) {
      const answer = await chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Salut', room }, postMessageAck);
      expect(answer).toEqual({ error: 'NOT_ALLOWED' });
    }
  });

  it('lets a banned member read but not post', async () => {
    const socket = await chat.open('banni');
    expect(await chat.join(socket, 'crypto')).toMatchObject({ ok: true });
    const answer = await chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Je peux ?', room: 'crypto' }, postMessageAck);
    expect(answer).toEqual({ error: 'Vous avez été banni du chat' });
  });

  it('lets the coach (staff) post in ALL, shown with the Coach badge', async () => {
    const socket = await chat.open('coach');
    const message = await chat.post(socket, { room: 'all', content: 'Annonce générale' });
    expect(message.sender.mention).toBe('Coach');
  });

  it('refuses an unknown room or parent message', async () => {
    const socket = await chat.open('coach');
    expect(await chat.join(socket, 'inconnue')).toEqual({ error: 'NOT_ALLOWED' });
    expect(await chat.ask(socket, CLIENT_EVENTS.join, { parentMessage: 'inconnu' }, z.unknown())).toEqual({ error: 'NOT_ALLOWED' });
    const answer = await chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', parentMessage: 'inconnu' }, postMessageAck);
    expect(answer).toEqual({ error: 'NOT_ALLOWED' });
  });
});

describe('posting', () => {
  it('stores one message for repeated posts with the same clientId and answers the same one', async () => {
    const sender = await chat.open('vip');
    const listener = await chat.open('live');
    await chat.join(listener, 'indices');
    const broadcasts = collect(listener, SERVER_EVENTS.message, 600);
    const clientId = randomUUID();
    const first = await chat.post(sender, { room: 'indices', clientId, content: 'Une seule fois' });
    const again = await Promise.all([1, 2, 3].map(() => chat.post(sender, { room: 'indices', clientId, content: 'Une seule fois' })));
    for (const repeat of again) expect(repeat).toEqual(first);
    const [stored] = await server().database.db.select({ n: count() }).from(messages).where(eq(messages.clientId, clientId));
    expect(stored?.n).toBe(1);
    const received = (await broadcasts).map((payload) => chatMessage.parse(payload)).filter((m) => m.clientId === clientId);
    expect(received).toHaveLength(1);
  });

  it('delivers a post live to another member in the room and a badge to readers elsewhere', async () => {
    const sender = await chat.open('vip');
    const inRoom = await chat.open('live');
    const elsewhere = await chat.open('coach');
    await chat.join(inRoom, 'forex');
    await chat.join(elsewhere, 'indices');
    const live = nextEvent(inRoom, SERVER_EVENTS.message, chatMessage, (m) => m.content === 'En direct');
    const badge = nextEvent(elsewhere, SERVER_EVENTS.increaseRoomMessage, increaseRoomMessageEvent, (e) => e.room === 'forex');
    const inRoomBadges = collect(inRoom, SERVER_EVENTS.increaseRoomMessage, 800);
    const posted = await chat.post(sender, { room: 'forex', content: 'En direct' });
    expect(await live).toEqual(posted);
    expect(await badge).toEqual({ room: 'forex', count: 1, seq: posted.seq, seqs: [posted.seq] });
    // A socket joined to the room has the message itself: no badge for it.
    expect((await inRoomBadges).filter((e) => increaseRoomMessageEvent.parse(e).room === 'forex')).toEqual([]);
  });

  it("never badges the author's own message on their other devices: it is not unread to them", async () => {
    const sender = await chat.open('coach');
    const senderElsewhere = await chat.open('coach');
    const reader = await chat.open('vip');
    const readerBadge = nextEvent(reader, SERVER_EVENTS.increaseRoomMessage, increaseRoomMessageEvent, (e) => e.room === 'indices');
    const ownBadges = collect(senderElsewhere, SERVER_EVENTS.increaseRoomMessage, 800);
    const posted = await chat.post(sender, { room: 'indices', content: 'Depuis mon autre appareil' });
    // (Coalesced with the coach's earlier posts here, if any: at least this one.)
    expect((await readerBadge).seq).toBeGreaterThanOrEqual(posted.seq);
    expect((await ownBadges).filter((e) => increaseRoomMessageEvent.parse(e).room === 'indices')).toEqual([]);
  });

  it('answers a new room message with exactly what the stored row reads back as (the view built from hand, issue 25)', async () => {
    const sender = await chat.open('vip');
    const posted = await chat.post(sender, { room: 'forex', content: 'Vue construite sur place' });
    const [row] = await server().database.db.select().from(messages).where(eq(messages.id, posted._id));
    expect(posted).toEqual(await toChatMessage(server().database.db, row!, null));
  });

  it('does not deliver a blocked member’s post to the blocker, in live or in history', async () => {
    const blocker = await chat.open('live');
    // The blocker's other device, not in the room: it would hear of the post by a badge.
    const blockerElsewhere = await chat.open('live');
    const other = await chat.open('coach');
    await chat.join(blocker, 'crypto');
    await chat.join(other, 'crypto');
    expect((await server().post('/rest/users/block/vip', {}, await chat.token('live'))).status).toBe(200);
    try {
      const hidden = collect(blocker, SERVER_EVENTS.message, 800);
      const badges = collect(blockerElsewhere, SERVER_EVENTS.increaseRoomMessage, 800);
      const seen = nextEvent(other, SERVER_EVENTS.message, chatMessage, (m) => m.content === 'Tu ne me vois pas');
      const posted = await chat.post(await chat.open('vip'), { room: 'crypto', content: 'Tu ne me vois pas' });
      expect((await seen)._id).toBe(posted._id);
      expect(await hidden).toEqual([]);
      // Badges come a moment after their posts (coalesced): an earlier test's may still arrive.
      expect((await badges).filter((e) => increaseRoomMessageEvent.parse(e).room === 'crypto')).toEqual([]);
      const page = await more('live', { room: 'crypto', cursor: null });
      expect(page.messages.some((m) => m.sender.username === 'vip')).toBe(false);
      const catchUp = await more('live', { room: 'crypto', cursor: null, afterSeq: posted.seq - 1 });
      expect(catchUp.messages.some((m) => m._id === posted._id)).toBe(false);
    } finally {
      await server().post('/rest/users/unblock/vip', {}, await chat.token('live'));
    }
    const page = await more('live', { room: 'crypto', cursor: null });
    expect(page.messages.some((m) => m.content === 'Tu ne me vois pas')).toBe(true);
  });

  it('counts distinct connected members on join, leave and disconnect', async () => {
    const first = await chat.open('coach');
    await chat.join(first, 'prime');
    const second = await chat.open('coach');
    const counted = nextEvent(first, SERVER_EVENTS.usersCount, chatUsersCountEvent, (e) => e.room === 'prime');
    expect(await chat.join(second, 'prime')).toMatchObject({ ok: true, usersCount: 1 });
    expect(await counted).toEqual({ room: 'prime', count: 1 });

    const vip = await chat.open('vip');
    await chat.join(vip, 'forex');
    const watcher = await chat.open('live');
    await chat.join(watcher, 'forex');
    const afterLeave = nextEvent(watcher, SERVER_EVENTS.usersCount, chatUsersCountEvent, (e) => e.room === 'forex');
    expect(await chat.ask(vip, CLIENT_EVENTS.leave, { room: 'forex' }, okAck)).toEqual({ ok: true });
    expect((await afterLeave).count).toBe(1);
    await chat.join(vip, 'forex');
    const afterDisconnect = nextEvent(watcher, SERVER_EVENTS.usersCount, chatUsersCountEvent, (e) => e.room === 'forex' && e.count === 1);
    vip.close();
    await afterDisconnect;
  });

  it('attaches the sender’s own uploads once, and audio only for staff', async () => {
    const upload = async (account: string, type: string, mime: string, bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', new Blob([bytes], { type: mime }), name);
      const response = await fetch(`${server().url}/rest/upload`, { method: 'POST', headers: { authorization: `Bearer ${await chat.token(account)}` }, body: form });
      expect(response.status).toBe(200);
      return ((await response.json()) as { attachmentId: string }).attachmentId;
    };
    const pdf = new TextEncoder().encode('%PDF-1.4\n%test\n');
    const vip = await chat.open('vip');
    const mine = await upload('vip', 'file', 'application/pdf', pdf, 'plan.pdf');
    const message = await chat.post(vip, { room: 'forex', content: '', attachments: [mine] });
    expect(message.attachments).toEqual([
      { _id: mine, attachmentType: 'file', resourceUrl: `/rest/upload/files/${mine}`, thumbnail: null, name: 'plan.pdf', width: null, height: null },
    ]);
    const reused = await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'encore', room: 'forex', attachments: [mine] }, postMessageAck);
    expect(reused).toEqual({ error: 'Pièce jointe invalide' });
    const othersFile = await upload('live', 'file', 'application/pdf', pdf, 'autre.pdf');
    const stolen = await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'à moi', room: 'forex', attachments: [othersFile] }, postMessageAck);
    expect(stolen).toEqual({ error: 'Pièce jointe invalide' });

    const audio = await upload('coach', 'audio', 'audio/webm', new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]), 'note.webm');
    const voice = await chat.post(await chat.open('coach'), { room: 'forex', content: '', attachments: [audio] });
    expect(voice.attachments[0]?.attachmentType).toBe('audio');
  });
});

describe('threads', () => {
  it('counts a reply on its parent and announces it to the room and the thread', async () => {
    const author = await chat.open('vip');
    const parent = await chat.post(author, { room: 'forex', content: 'Qui prend ce trade ?' });
    const roomWatcher = await chat.open('coach');
    const threadWatcher = await chat.open('analyste');
    await chat.join(roomWatcher, 'forex');
    expect(await chat.ask(threadWatcher, CLIENT_EVENTS.join, { parentMessage: parent._id }, z.unknown())).toMatchObject({ ok: true });

    const inRoom = nextEvent(roomWatcher, SERVER_EVENTS.discussion, chatMessage);
    const inThread = nextEvent(threadWatcher, SERVER_EVENTS.discussion, chatMessage);
    const increase = nextEvent(roomWatcher, SERVER_EVENTS.threadIncrease, chatThreadIncreaseEvent, (e) => e._id === parent._id);
    const noRoomMessage = collect(roomWatcher, SERVER_EVENTS.message, 500);
    const reply = await chat.post(await chat.open('live'), { parentMessage: parent._id, content: 'Moi !' });
    expect(reply).toMatchObject({ parentMessage: parent._id, room: 'forex' });
    expect(await inRoom).toEqual(reply);
    expect(await inThread).toEqual(reply);
    const event = await increase;
    expect(event).toMatchObject({ _id: parent._id, room: 'forex', repliesCount: 1, repliesPictures: [] });
    expect(event.seq).toBeGreaterThan(reply.seq);
    expect(await noRoomMessage).toEqual([]);

    const thread = await more('vip', { parentMessage: parent._id, cursor: null });
    expect(thread.messages.map((m) => m._id)).toEqual([reply._id]);
    const page = await more('vip', { room: 'forex', cursor: null });
    expect(page.messages.find((m) => m._id === parent._id)?.repliesCount).toBe(1);
    expect(page.messages.some((m) => m._id === reply._id)).toBe(false);
  });

  it('refuses a reply to a reply and a thread of a room the member cannot read', async () => {
    const coach = await chat.open('coach');
    const parent = await chat.post(coach, { room: 'prime', content: 'Analyse macro' });
    const reply = await chat.post(coach, { parentMessage: parent._id, content: 'Suite' });
    const nested = await chat.ask(coach, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', parentMessage: reply._id }, postMessageAck);
    expect(nested).toEqual({ error: 'NOT_ALLOWED' });
    const vip = await chat.open('vip');
    expect(await chat.ask(vip, CLIENT_EVENTS.join, { parentMessage: parent._id }, z.unknown())).toEqual({ error: 'NOT_ALLOWED' });
    expect(await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', parentMessage: parent._id }, postMessageAck)).toEqual({
      error: 'NOT_ALLOWED',
    });
  });
});

describe('likes', () => {
  it('are idempotent per member and broadcast to the room', async () => {
    const message = await chat.post(await chat.open('vip'), { room: 'indices', content: 'À liker' });
    const liker = await chat.open('live');
    const watcher = await chat.open('coach');
    await chat.join(watcher, 'indices');
    const counts = collect(watcher, SERVER_EVENTS.likeCount, 700);
    const first = await chat.ask(liker, CLIENT_EVENTS.like, { alertId: message._id }, likeAck);
    const second = await chat.ask(liker, CLIENT_EVENTS.like, { alertId: message._id }, likeAck);
    expect(first).toMatchObject({ _id: message._id, likesCount: 1, liked: true });
    expect(second).toEqual(first);
    const events = (await counts).map((payload) => chatLikeCountEvent.parse(payload));
    expect(events).toEqual([{ _id: message._id, room: 'indices', likesCount: 1, seq: 'seq' in first ? first.seq : -1 }]);

    const coachLike = await chat.ask(watcher, CLIENT_EVENTS.like, { alertId: message._id }, likeAck);
    expect(coachLike).toMatchObject({ likesCount: 2 });
    const page = await more('live', { room: 'indices', cursor: null });
    expect(page.messages.find((m) => m._id === message._id)).toMatchObject({ likesCount: 2, liked: true });

    const unliked = nextEvent(watcher, SERVER_EVENTS.likeCount, chatLikeCountEvent, (e) => e._id === message._id && e.likesCount === 1);
    expect(await chat.ask(liker, CLIENT_EVENTS.unlike, { alertId: message._id }, likeAck)).toMatchObject({ likesCount: 1, liked: false });
    expect(await chat.ask(liker, CLIENT_EVENTS.unlike, { alertId: message._id }, likeAck)).toMatchObject({ likesCount: 1, liked: false });
    await unliked;
  });

  it('need the right to read the room', async () => {
    const message = await chat.post(await chat.open('coach'), { room: 'prime', content: 'Réservé' });
    expect(await chat.ask(await chat.open('vip'), CLIENT_EVENTS.like, { alertId: message._id }, likeAck)).toEqual({ error: 'NOT_ALLOWED' });
  });
});

describe('deleting', () => {
  it('lets the coach delete anyone’s message, a VIP only their own', async () => {
    const vip = await chat.open('vip');
    const live = await chat.open('live');
    const mine = await chat.post(vip, { room: 'forex', content: 'À effacer par moi' });
    const theirs = await chat.post(live, { room: 'forex', content: 'Pas à toi' });
    expect(await chat.ask(vip, CLIENT_EVENTS.delete, { alertId: theirs._id }, okAck)).toEqual({ error: 'NOT_ALLOWED' });

    const watcher = await chat.open('banni');
    await chat.join(watcher, 'forex');
    const gone = nextEvent(watcher, SERVER_EVENTS.deleted, messageDeletedEvent, (e) => e._id === mine._id);
    expect(await chat.ask(vip, CLIENT_EVENTS.delete, { alertId: mine._id }, okAck)).toEqual({ ok: true });
    expect(await gone).toMatchObject({ _id: mine._id, room: 'forex', parentMessage: null });
    expect(await chat.ask(await chat.open('coach'), CLIENT_EVENTS.delete, { alertId: theirs._id }, okAck)).toEqual({ ok: true });
    const page = await more('vip', { room: 'forex', cursor: null });
    expect(page.messages.some((m) => m._id === mine._id || m._id === theirs._id)).toBe(false);
  });

  it('lowers the parent’s reply count when a reply is deleted', async () => {
    const vip = await chat.open('vip');
    const parent = await chat.post(vip, { room: 'crypto', content: 'Un fil' });
    const reply = await chat.post(vip, { parentMessage: parent._id, content: 'Une réponse' });
    const watcher = await chat.open('coach');
    await chat.join(watcher, 'crypto');
    const decrease = nextEvent(watcher, SERVER_EVENTS.threadIncrease, chatThreadIncreaseEvent, (e) => e._id === parent._id);
    const deleted = nextEvent(watcher, SERVER_EVENTS.deleted, messageDeletedEvent, (e) => e._id === reply._id);
    expect(await chat.ask(vip, CLIENT_EVENTS.delete, { alertId: reply._id }, okAck)).toEqual({ ok: true });
    expect(await decrease).toMatchObject({ repliesCount: 0 });
    expect(await deleted).toMatchObject({ parentMessage: parent._id });
  });
});

describe('more messages', () => {
  it('pages a room newest first, disjoint and complete, top-level messages only', async () => {
    const seen: ChatMessage[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await more('vip', { room: 'indices', cursor });
      expect(page.messages.length).toBeLessThanOrEqual(50);
      seen.push(...page.messages);
      cursor = page.cursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(pages).toBeGreaterThan(1);
    const ids = seen.map((m) => m._id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = seen.map((m) => `${m.date}|${m._id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(seen.every((m) => m.parentMessage === null && m.room === 'indices')).toBe(true);
    const [stored] = await server().database.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.roomId, 'indices'), isNull(messages.parentId), isNull(messages.deletedAt)));
    expect(seen.length).toBe(stored?.n);
  });

  it('pages a seeded thread', async () => {
    const [parent] = await server().database.db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, 'forex'), eq(messages.repliesCount, 3)))
      .limit(1);
    if (!parent) throw new Error('fil de démo manquant');
    const page = await more('vip', { parentMessage: parent.id, cursor: null });
    expect(page.messages).toHaveLength(3);
    expect(page.messages.every((m) => m.parentMessage === parent.id)).toBe(true);
    expect(page.cursor).toBeNull();
  });

  it('catches up after a seq: new posts, like changes and deletions', async () => {
    const vip = await chat.open('vip');
    const joined = await chat.join(vip, 'crypto');
    if (!('ok' in joined)) throw new Error(joined.error);
    const old = await more('vip', { room: 'crypto', cursor: null });
    const liked = old.messages.find((m) => !m.liked);
    const toDelete = old.messages.find((m) => m !== liked && m.sender.username !== 'vip');
    if (!liked || !toDelete) throw new Error('historique trop court');

    const posted = await chat.post(vip, { room: 'crypto', content: 'Pendant ton absence' });
    const reply = await chat.post(await chat.open('live'), { parentMessage: posted._id, content: 'Réponse' });
    const like = await chat.ask(vip, CLIENT_EVENTS.like, { alertId: liked._id }, likeAck);
    expect(await chat.ask(await chat.open('coach'), CLIENT_EVENTS.delete, { alertId: toDelete._id }, okAck)).toEqual({ ok: true });

    const catchUp = await more('vip', { room: 'crypto', cursor: null, afterSeq: joined.lastSeq });
    expect(catchUp.deleted).toEqual([toDelete._id]);
    const byId = new Map(catchUp.messages.map((m) => [m._id, m]));
    expect(byId.get(posted._id)?.repliesCount).toBe(1);
    expect(byId.get(reply._id)?.parentMessage).toBe(posted._id);
    expect(byId.get(liked._id)).toMatchObject({ likesCount: liked.likesCount + 1, liked: true, seq: 'seq' in like ? like.seq : -1 });
    const seqs = catchUp.messages.map((m) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(seqs.every((seq) => seq > joined.lastSeq && seq <= catchUp.lastSeq)).toBe(true);
    expect(catchUp.cursor).toBeNull();

    const nothing = await more('vip', { room: 'crypto', cursor: null, afterSeq: catchUp.lastSeq });
    expect(nothing).toMatchObject({ messages: [], deleted: [], cursor: null, lastSeq: catchUp.lastSeq });
  });
});

describe('malformed payloads', () => {
  it('are answered with an error and the server keeps working', async () => {
    const socket = await chat.open('vip');
    const invalid = { error: 'Requête invalide' };
    const cases: [string, unknown][] = [
      [CLIENT_EVENTS.post, {}],
      [CLIENT_EVENTS.post, 'bonjour'],
      [CLIENT_EVENTS.post, null],
      [CLIENT_EVENTS.post, { clientId: randomUUID(), content: '   ', room: 'forex' }],
      [CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', room: 'forex', parentMessage: 'y' }],
      [CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x'.repeat(1001), room: 'forex' }],
      [CLIENT_EVENTS.join, { room: 42 }],
      [CLIENT_EVENTS.join, { room: 'forex', extra: true }],
      [CLIENT_EVENTS.leave, []],
      [CLIENT_EVENTS.more, { room: 'forex' }],
      [CLIENT_EVENTS.more, { room: 'forex', cursor: 'pas-un-curseur' }],
      [CLIENT_EVENTS.more, { room: 'forex', cursor: Buffer.from('hier|x').toString('base64url') }],
      [CLIENT_EVENTS.like, { alertId: 5 }],
      [CLIENT_EVENTS.unlike, undefined],
      [CLIENT_EVENTS.delete, { alertId: '' }],
    ];
    for (const [event, payload] of cases) {
      expect(await chat.ask(socket, event, payload, ackError), `${event} ${JSON.stringify(payload)}`).toEqual(invalid);
    }
    // An ack passed without a payload, and events without an ack, do not break the connection.
    expect(await socket.timeout(3000).emitWithAck(CLIENT_EVENTS.post)).toEqual(invalid);
    socket.emit(CLIENT_EVENTS.post, { nimporte: 'quoi' });
    socket.emit(CLIENT_EVENTS.like);
    socket.emit(CLIENT_EVENTS.post, {}, 'pas une fonction');
    socket.emit('événement inconnu', 1, 2, 3);
    const message = await chat.post(socket, { room: 'forex', content: 'Toujours là' });
    expect(message.content).toBe('Toujours là');
    expect(socket.connected).toBe(true);
    expect(await idOf('vip')).toBe(message.sender.id);
  });
});
