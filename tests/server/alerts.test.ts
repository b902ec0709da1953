import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { z } from 'zod';
import { alert as alertSchema, alertAnswer, alertsResponse, ALERT_EVENTS, increaseRoomAlertEvent, type Alert, type AlertInput } from '../../src/contract/alerts';
import {
  chatLikeCountEvent,
  chatMessage,
  chatThreadIncreaseEvent,
  CLIENT_EVENTS,
  joinAck,
  likeAck,
  messageDeletedEvent,
  moreMessagesAck,
  okAck,
  postMessageAck,
  SERVER_EVENTS,
} from '../../src/contract/chat';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { hashPassword } from '../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { alerts, mailOutbox, messages, rooms, uploads, users, userSubscriptions } from '../../server/db/schema';
import { chatClient, collect, nextEvent } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

let server: TestServer;
let chat: ReturnType<typeof chatClient>;
const ids = new Map<string, number>();

/**
 * Two members the demo data lacks: 'redacteur' may write news and holds VIP but is not staff;
 * 'primeonly' reads the Prime room (subscription 5) without VIP.
 */
beforeAll(async () => {
  server = await startTestServer();
  chat = chatClient(server);
  const db = server.database.db;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  const created = await db
    .insert(users)
    .values([
      { username: 'redacteur', email: 'redacteur@comptoir.test', passwordHash, firstName: 'Rémi', canWriteNews: true },
      { username: 'primeonly', email: 'primeonly@comptoir.test', passwordHash, firstName: 'Paul' },
    ])
    .returning({ id: users.id, username: users.username });
  const idOf = (name: string) => created.find((u) => u.username === name)?.id ?? -1;
  await db.insert(userSubscriptions).values([
    { userId: idOf('redacteur'), subscriptionId: SUBSCRIPTION.VIP, expiresAt: later },
    { userId: idOf('primeonly'), subscriptionId: SUBSCRIPTION.PRIME, expiresAt: later },
  ]);
  for (const row of await db.select({ id: users.id, username: users.username }).from(users)) ids.set(row.username, row.id);
}, 30_000);
afterEach(() => chat.closeAll());
afterAll(() => server.close());

const errorBody = z.object({ error: z.string() });
type Feed = z.infer<typeof alertsResponse>;
type Page = Exclude<z.infer<typeof moreMessagesAck>, { error: string }>;

const idOf = (username: string): number => {
  const id = ids.get(username);
  if (id === undefined) throw new Error(username);
  return id;
};
const feed = async (account: string, query: Record<string, string> = {}): Promise<Feed> => {
  const response = await server.get(`/rest/alerts/v2?${new URLSearchParams(query)}`, await chat.token(account));
  expect(response.status).toBe(200);
  return alertsResponse.parse(await response.json());
};
const draft = (room: string, fields: Partial<AlertInput> = {}): AlertInput => ({
  title: 'Trade du jour',
  room,
  content: `Contenu ${randomUUID()}`,
  attachments: [],
  trade: null,
  freeAlert: false,
  ...fields,
});
const postAlert = async (account: string, input: unknown) => server.post('/rest/alerts', input, await chat.token(account));
const putAlert = async (account: string, id: string, input: unknown) => server.put(`/rest/alerts/${id}`, input, await chat.token(account));
const created = async (account: string, input: AlertInput): Promise<Alert> => {
  const response = await postAlert(account, input);
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`notification refusée : ${JSON.stringify(body)}`);
  return alertAnswer.parse(body).alert;
};
const expectLocked = (alert: Alert) => expect(alert).toMatchObject({ locked: true, content: '', attachments: [], trade: null });
const more = async (socket: Socket, payload: unknown): Promise<Page> => {
  const answer = await chat.ask(socket, CLIENT_EVENTS.more, payload, moreMessagesAck);
  if ('error' in answer) throw new Error(`more messages refusé : ${answer.error}`);
  return answer;
};
/** Every event the socket receives, raw, to check that no content slips through any of them. */
const everything = (socket: Socket): unknown[] => {
  const seen: unknown[] = [];
  socket.onAny((event: string, ...args: unknown[]) => seen.push([event, ...args]));
  return seen;
};
const EUR_USD = { name: 'EUR/USD', order: 'BUY', enter: 1.085, sl: 1.082, be: null, tp1: 1.09, tp2: 1.095, tp3: null } as const;

describe('the demo alerts', () => {
  it('share each room’s change sequence with its messages, without a gap or a repeat', async () => {
    // Read in a fresh server: the other tests here add to the sequences.
    const fresh = await startTestServer();
    try {
      const db = fresh.database.db;
      const seeded = await db.select().from(alerts);
      expect(seeded.length).toBeGreaterThanOrEqual(10);
      expect(seeded.filter((a) => a.trade !== null).length).toBeGreaterThanOrEqual(3);
      expect(seeded.filter((a) => a.freeAlert)).toHaveLength(1);
      expect(new Set(seeded.map((a) => a.roomId))).toEqual(new Set(['all', 'forex', 'indices', 'crypto', 'prime']));
      for (const room of await db.select().from(rooms)) {
        const seqs = [
          ...(await db.select({ seq: messages.seq }).from(messages).where(eq(messages.roomId, room.id))),
          ...seeded.filter((a) => a.roomId === room.id),
        ].map((row) => row.seq);
        expect([...seqs].sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
        expect(room.lastSeq).toBe(seqs.length);
      }
      const commented = seeded.filter((a) => a.repliesCount > 0);
      expect(commented.length).toBeGreaterThanOrEqual(2);
      for (const alert of commented) {
        const [comments] = await db.select({ n: count() }).from(messages).where(eq(messages.alertId, alert.id));
        expect(comments?.n).toBe(alert.repliesCount);
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('a member without VIP never receives an alert’s content (spec 2 §6)', () => {
  it('gets locked cards from GET /alerts/v2 and GET /alerts, except the free one', async () => {
    const rooms = { rooms: 'all,forex,indices,crypto,prime' };
    const locked = await feed('membre', rooms);
    expect(locked.alerts.length).toBeGreaterThan(5);
    for (const alert of locked.alerts) {
      if (alert.freeAlert) expect(alert).toMatchObject({ locked: false, content: expect.stringContaining('Gratuit') });
      else expectLocked(alert);
    }
    expect(locked.alerts.some((a) => a.freeAlert)).toBe(true);

    const whole = await feed('vip', rooms);
    expect(whole.alerts.filter((a) => a.room !== 'prime').every((a) => !a.locked && a.content !== '')).toBe(true);
    expect(whole.alerts.some((a) => a.trade?.name === 'EUR/USD')).toBe(true);
    expect(whole.alerts.some((a) => a.attachments.some((f) => f.attachmentType === 'audio'))).toBe(true);
    // VIP but not a reader of Prime: its alerts stay blurred; the coach reads everything.
    for (const alert of whole.alerts.filter((a) => a.room === 'prime')) expectLocked(alert);
    expect((await feed('coach', { room: 'prime' })).alerts.every((a) => !a.locked && a.content !== '')).toBe(true);

    // Nothing of a non-free alert's content, in any form, is in what the member got.
    const secrets = await server.database.db.select({ content: alerts.content }).from(alerts).where(eq(alerts.freeAlert, false));
    const raw = [
      await (await server.get(`/rest/alerts/v2?${new URLSearchParams(rooms)}`, await chat.token('membre'))).text(),
      await (await server.get('/rest/alerts', await chat.token('membre'))).text(),
    ].join('');
    for (const { content } of secrets) expect(raw.includes(content)).toBe(false);

    const summary = z.object({ alerts: z.array(alertSchema).max(10) }).parse(await (await server.get('/rest/alerts?room=forex', await chat.token('membre'))).json());
    expect(summary.alerts.length).toBeGreaterThan(0);
    expect(summary.alerts.every((a) => a.room === 'forex' && (a.freeAlert || a.locked))).toBe(true);

    // The spec's `POST /alerts/v2`: the same summary for several rooms in one call, locked alike.
    const several = z.object({ alerts: z.array(alertSchema).max(10) }).parse(await (await server.post('/rest/alerts/v2', { rooms: ['forex', 'crypto'] }, await chat.token('membre'))).json());
    expect(several.alerts.length).toBeGreaterThan(0);
    expect(several.alerts.every((a) => ['forex', 'crypto'].includes(a.room) && (a.freeAlert || a.locked))).toBe(true);
    const dates = several.alerts.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const every = z.object({ alerts: z.array(alertSchema) }).parse(await (await server.post('/rest/alerts/v2', {}, await chat.token('vip'))).json());
    expect(every.alerts.length).toBe(10);
    expect((await server.post('/rest/alerts/v2', { rooms: 'forex' }, await chat.token('vip'))).status).toBe(400);
  });

  it('finds nothing by a word of the content, but finds a title', async () => {
    const word = 'invalidation';
    expect((await feed('vip', { query: word })).alerts.length).toBeGreaterThan(0);
    expect((await feed('membre', { query: word })).alerts).toEqual([]);
    const byTitle = await feed('membre', { query: 'scalp' });
    expect(byTitle.alerts.length).toBeGreaterThan(0);
    for (const alert of byTitle.alerts) expectLocked(alert);
    // The free alert is searchable by its content for everyone.
    expect((await feed('membre', { query: 'nombre rond' })).alerts.map((a) => a.title)).toEqual(['Pédagogie']);
    // An alert with an audio note is not revealed by the audio filter either.
    expect((await feed('membre', { alertType: 'audio' })).alerts).toEqual([]);
  });

  it('receives the locked alert live while a VIP receives it whole', async () => {
    const membre = await chat.open('membre');
    const vip = await chat.open('vip');
    const coach = await chat.open('coach');
    await chat.join(vip, 'forex');
    await chat.join(coach, 'forex');
    const membreSaw = everything(membre);
    const secret = `Achat secret ${randomUUID()}`;
    const toMembre = nextEvent(membre, ALERT_EVENTS.alert, alertSchema, (a) => a.title === 'Swing');
    const toVip = nextEvent(vip, ALERT_EVENTS.alert, alertSchema, (a) => a.title === 'Swing');
    const toCoach = nextEvent(coach, ALERT_EVENTS.alert, alertSchema, (a) => a.title === 'Swing');
    const badge = nextEvent(vip, ALERT_EVENTS.increaseRoomAlert, increaseRoomAlertEvent, (e) => e.room === 'forex');
    const posted = await created('coach', draft('forex', { title: 'Swing', content: secret, trade: EUR_USD }));
    expect(posted).toMatchObject({ me: true, locked: false, content: secret, trade: EUR_USD, room: 'forex' });

    expectLocked(await toMembre);
    expect(await toMembre).toMatchObject({ _id: posted._id, title: 'Swing', me: false, user: { username: 'coach' } });
    expect(await toVip).toMatchObject({ _id: posted._id, locked: false, content: secret, trade: EUR_USD, me: false });
    expect(await toCoach).toMatchObject({ me: true, content: secret });
    expect(await badge).toEqual({ room: 'forex' });

    // A comment, a like and an edit later, still nothing of the content reached the member.
    await chat.ask(vip, CLIENT_EVENTS.like, { alertId: posted._id }, likeAck);
    await chat.post(vip, { alertId: posted._id, content: `Je prends ${secret}` });
    const edited = nextEvent(membre, ALERT_EVENTS.alert, alertSchema, (a) => a._id === posted._id && a.seq > posted.seq);
    expect((await putAlert('coach', posted._id, draft('forex', { title: 'Swing', content: `${secret} (modifié)` }))).status).toBe(200);
    expectLocked(await edited);
    await collect(membre, ALERT_EVENTS.alert, 300);
    expect(JSON.stringify(membreSaw)).not.toContain(secret);
    expect(membreSaw.some((entry) => Array.isArray(entry) && entry[0] === ALERT_EVENTS.increaseRoomAlert)).toBe(false);
  });

  it('keeps the comments of a locked alert closed, and opens those of a free one', async () => {
    const locked = await created('coach', draft('forex'));
    const free = await created('coach', draft('forex', { freeAlert: true, title: 'Pédagogie' }));
    const membre = await chat.open('membre');
    const refused = { error: 'NOT_ALLOWED' };
    expect(await chat.ask(membre, CLIENT_EVENTS.join, { alertId: locked._id }, joinAck)).toEqual(refused);
    expect(await chat.ask(membre, CLIENT_EVENTS.more, { alertId: locked._id, cursor: null }, moreMessagesAck)).toEqual(refused);
    const comment = { clientId: randomUUID(), content: 'Je peux lire ?', alertId: locked._id };
    expect(await chat.ask(membre, CLIENT_EVENTS.post, comment, postMessageAck)).toEqual(refused);
    expect(await chat.ask(membre, CLIENT_EVENTS.like, { alertId: locked._id }, likeAck)).toEqual(refused);

    expect(await chat.ask(membre, CLIENT_EVENTS.join, { alertId: free._id }, joinAck)).toMatchObject({ ok: true });
    const mine = await chat.ask(membre, CLIENT_EVENTS.post, { ...comment, clientId: randomUUID(), alertId: free._id }, postMessageAck);
    expect(mine).toMatchObject({ message: { alertId: free._id, room: 'forex', parentMessage: null } });
    expect((await more(membre, { alertId: free._id, cursor: null })).messages).toHaveLength(1);
  });

  it('leaves comments of locked alerts out of a room’s catch-up and its files out of reach', async () => {
    const coach = await chat.open('coach');
    const before = await chat.join(coach, 'prime');
    if (!('ok' in before)) throw new Error(before.error);
    const alert = await created('coach', draft('prime'));
    const comment = await chat.post(coach, { alertId: alert._id, content: 'Détail réservé' });
    const reader = await chat.open('primeonly');
    const catchUp = await more(reader, { room: 'prime', cursor: null, afterSeq: before.lastSeq });
    expect(catchUp.messages.some((m) => m._id === comment._id)).toBe(false);
    expect((await more(coach, { room: 'prime', cursor: null, afterSeq: before.lastSeq })).messages.map((m) => m._id)).toContain(comment._id);
    // Not in the room's history page either, for anyone: comments live under their alert.
    expect((await more(coach, { room: 'prime', cursor: null })).messages.some((m) => m._id === comment._id)).toBe(false);

    const audio = (await feed('vip', { room: 'all', alertType: 'audio' })).alerts[0]?.attachments[0];
    if (!audio) throw new Error('note audio de démo manquante');
    expect((await server.get(audio.resourceUrl, await chat.token('membre'))).status).toBe(403);
    const file = await server.get(audio.resourceUrl, await chat.token('vip'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
  });
});

describe('authoring (spec 2 §6)', () => {
  it('lets the coach post anywhere, ALL included, with a trade block and a new room seq', async () => {
    const [room] = await server.database.db.select().from(rooms).where(eq(rooms.id, 'indices'));
    const alert = await created('coach', draft('indices', { trade: EUR_USD }));
    expect(alert).toMatchObject({ room: 'indices', trade: EUR_USD, freeAlert: false, likesCount: 0, repliesCount: 0, liked: false, me: true });
    expect(alert.seq).toBeGreaterThan(room?.lastSeq ?? Infinity);
    expect((await created('coach', draft('all'))).room).toBe('all');
  });

  it('refuses members without canWriteNews, non-staff in ALL, and bad input', async () => {
    const refused = await postAlert('vip', draft('forex'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'NOT_ALLOWED' });
    expect((await created('redacteur', draft('forex'))).user.username).toBe('redacteur');
    expect((await postAlert('redacteur', draft('all'))).status).toBe(403);
    expect((await postAlert('redacteur', draft('prime'))).status).toBe(403);
    expect((await postAlert('coach', draft('inconnue'))).status).toBe(403);
    expect((await postAlert('banni', draft('crypto'))).status).toBe(403);
    for (const bad of [{}, draft('forex', { title: '  ' }), { ...draft('forex'), trade: { name: 'X', order: 'HOLD' } }]) {
      const response = await postAlert('coach', bad);
      expect(response.status).toBe(400);
      expect(errorBody.parse(await response.json()).error).toBe('Requête invalide');
    }
    for (const call of [server.post('/rest/alerts', draft('forex')), server.put('/rest/alerts/x', draft('forex')), server.get('/rest/alerts/v2'), server.get('/rest/alerts')]) {
      const response = await call;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: SIGN_IN_REQUIRED });
    }
  });

  it('accepts the author’s own uploads once, and audio or video only from staff', async () => {
    const db = server.database.db;
    const upload = async (owner: string, attachmentType: 'audio' | 'image') => {
      const id = randomUUID();
      await db.insert(uploads).values({ id, ownerId: idOf(owner), attachmentType, name: 'x', mimeType: 'image/png', size: 1 });
      return id;
    };
    const image = await upload('redacteur', 'image');
    const alert = await created('redacteur', draft('forex', { attachments: [image] }));
    expect(alert.attachments.map((a) => a._id)).toEqual([image]);
    expect((await postAlert('redacteur', draft('forex', { attachments: [image] }))).status).toBe(400);
    expect((await postAlert('coach', draft('forex', { attachments: [await upload('redacteur', 'image')] }))).status).toBe(400);
    expect((await postAlert('redacteur', draft('forex', { attachments: [await upload('redacteur', 'audio')] }))).status).toBe(403);
    expect((await created('coach', draft('forex', { attachments: [await upload('coach', 'audio')] }))).attachments[0]?.attachmentType).toBe('audio');
  });

  it('lets the author or a moderator edit, with a newer seq broadcast under the same id', async () => {
    const alert = await created('redacteur', draft('crypto', { attachments: [] }));
    const watcher = await chat.open('vip');
    await chat.join(watcher, 'crypto');
    const again = nextEvent(watcher, ALERT_EVENTS.alert, alertSchema, (a) => a._id === alert._id);
    const edit = draft('crypto', { title: 'Swing', content: 'Corrigé', trade: EUR_USD });
    const response = await putAlert('redacteur', alert._id, { ...edit, sendMail: true });
    expect(response.status).toBe(200);
    const edited = alertAnswer.parse(await response.json()).alert;
    expect(edited).toMatchObject({ _id: alert._id, title: 'Swing', content: 'Corrigé', trade: EUR_USD, date: alert.date });
    expect(edited.seq).toBeGreaterThan(alert.seq);
    expect(await again).toMatchObject({ _id: alert._id, content: 'Corrigé', seq: edited.seq });

    expect((await putAlert('vip', alert._id, edit)).status).toBe(403);
    const byCoach = await putAlert('coach', alert._id, { ...edit, room: 'indices' });
    expect(byCoach.status).toBe(200);
    const moved = alertAnswer.parse(await byCoach.json()).alert;
    expect(moved).toMatchObject({ room: 'indices', me: false });
    expect(moved.seq).toBeGreaterThan(edited.seq);
    const [indices] = await server.database.db.select().from(rooms).where(eq(rooms.id, 'indices'));
    expect(indices?.lastSeq).toBe(moved.seq);
    // A non-staff author cannot move it to ALL.
    expect((await putAlert('redacteur', alert._id, { ...edit, room: 'all' })).status).toBe(403);

    const missing = await putAlert('coach', 'inconnue', edit);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Notification introuvable' });
  });

  it('lets the author or a moderator delete through the socket, softly and once', async () => {
    const alert = await created('redacteur', draft('forex'));
    const other = await created('redacteur', draft('forex'));
    expect(await chat.ask(await chat.open('vip'), CLIENT_EVENTS.delete, { alertId: alert._id }, okAck)).toEqual({ error: 'NOT_ALLOWED' });
    const membre = await chat.open('membre');
    const gone = nextEvent(membre, SERVER_EVENTS.deleted, messageDeletedEvent, (e) => e._id === alert._id);
    const author = await chat.open('redacteur');
    expect(await chat.ask(author, CLIENT_EVENTS.delete, { alertId: alert._id }, okAck)).toEqual({ ok: true });
    const event = await gone;
    expect(event).toMatchObject({ room: 'forex', parentMessage: null });
    expect(event.seq).toBeGreaterThan(alert.seq);
    expect(await chat.ask(author, CLIENT_EVENTS.delete, { alertId: alert._id }, okAck)).toEqual({ ok: true });
    expect(await chat.ask(await chat.open('coach'), CLIENT_EVENTS.delete, { alertId: other._id }, okAck)).toEqual({ ok: true });
    const ids = (await feed('vip', { room: 'forex' })).alerts.map((a) => a._id);
    expect(ids).not.toContain(alert._id);
    expect(ids).not.toContain(other._id);
    expect((await putAlert('redacteur', alert._id, draft('forex'))).status).toBe(404);
    const [row] = await server.database.db.select().from(alerts).where(eq(alerts.id, alert._id));
    expect(row?.deletedAt).not.toBeNull();
  });
});

describe('likes and comments', () => {
  it('counts likes once per member and announces them', async () => {
    const alert = await created('coach', draft('indices'));
    const liker = await chat.open('live');
    const watcher = await chat.open('membre');
    const counts = collect(watcher, SERVER_EVENTS.likeCount, 700);
    const first = await chat.ask(liker, CLIENT_EVENTS.like, { alertId: alert._id }, likeAck);
    expect(first).toMatchObject({ _id: alert._id, likesCount: 1, liked: true });
    expect(await chat.ask(liker, CLIENT_EVENTS.like, { alertId: alert._id }, likeAck)).toEqual(first);
    const events = (await counts).map((payload) => chatLikeCountEvent.parse(payload)).filter((e) => e._id === alert._id);
    expect(events).toEqual([{ _id: alert._id, room: 'indices', likesCount: 1, seq: 'seq' in first ? first.seq : -1 }]);
    expect((await feed('live', { room: 'indices' })).alerts.find((a) => a._id === alert._id)).toMatchObject({ liked: true, likesCount: 1 });
    expect(await chat.ask(liker, CLIENT_EVENTS.unlike, { alertId: alert._id }, likeAck)).toMatchObject({ likesCount: 0, liked: false });
    expect(await chat.ask(liker, CLIENT_EVENTS.unlike, { alertId: alert._id }, likeAck)).toMatchObject({ likesCount: 0, liked: false });
  });

  it('posts comments under the alert, counts them for every feed and pages them', async () => {
    const alert = await created('coach', draft('crypto'));
    const reader = await chat.open('vip');
    expect(await chat.ask(reader, CLIENT_EVENTS.join, { alertId: alert._id }, joinAck)).toMatchObject({ ok: true });
    const feedWatcher = await chat.open('membre');
    const discussion = nextEvent(reader, SERVER_EVENTS.discussion, chatMessage, (m) => m.alertId === alert._id);
    const increase = nextEvent(feedWatcher, SERVER_EVENTS.threadIncrease, chatThreadIncreaseEvent, (e) => e._id === alert._id);
    const notInRoom = collect(reader, SERVER_EVENTS.message, 500);
    const comment = await chat.post(await chat.open('live'), { alertId: alert._id, content: 'Entrée prise' });
    expect(comment).toMatchObject({ alertId: alert._id, room: 'crypto', parentMessage: null });
    expect(await discussion).toEqual(comment);
    const event = await increase;
    expect(event).toMatchObject({ room: 'crypto', repliesCount: 1 });
    expect(event.seq).toBeGreaterThan(comment.seq);
    expect(await notInRoom).toEqual([]);
    const second = await chat.post(reader, { alertId: alert._id, content: 'Moi aussi' });
    const page = await more(reader, { alertId: alert._id, cursor: null });
    expect(page.messages.map((m) => m._id)).toEqual([second._id, comment._id]);
    expect((await feed('vip', { room: 'crypto' })).alerts.find((a) => a._id === alert._id)?.repliesCount).toBe(2);

    const banned = await chat.ask(await chat.open('banni'), CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', alertId: alert._id }, postMessageAck);
    expect(banned).toEqual({ error: 'Vous avez été banni du chat' });
    const decrease = nextEvent(feedWatcher, SERVER_EVENTS.threadIncrease, chatThreadIncreaseEvent, (e) => e._id === alert._id && e.repliesCount === 1);
    expect(await chat.ask(reader, CLIENT_EVENTS.delete, { alertId: second._id }, okAck)).toEqual({ ok: true });
    await decrease;
    // A comment cannot open a thread of its own.
    const nested = await chat.ask(reader, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'x', parentMessage: comment._id }, postMessageAck);
    expect(nested).toEqual({ error: 'NOT_ALLOWED' });
  });
});

describe('GET /alerts/v2 filters and pages', () => {
  it('keeps the known rooms asked, one author, and the audio alerts', async () => {
    expect((await feed('vip', { rooms: 'forex,inconnue' })).alerts.every((a) => a.room === 'forex')).toBe(true);
    expect((await feed('vip', { rooms: 'inconnue' })).alerts).toEqual([]);
    expect((await feed('vip', { rooms: '' })).alerts).toEqual([]);
    const mine = await created('redacteur', draft('indices'));
    const byAuthor = await feed('vip', { author: String(idOf('redacteur')) });
    expect(byAuthor.alerts.map((a) => a._id)).toContain(mine._id);
    expect(byAuthor.alerts.every((a) => a.user.username === 'redacteur')).toBe(true);
    const audio = await feed('vip', { alertType: 'audio', rooms: 'all,forex,indices,crypto' });
    expect(audio.alerts.length).toBeGreaterThanOrEqual(2);
    expect(audio.alerts.every((a) => a.attachments.some((f) => f.attachmentType === 'audio'))).toBe(true);
    expect(byAuthor.authors.map((a) => a.username)).toEqual(['coach', 'redacteur']);
    expect((await server.get('/rest/alerts/v2?author=coach', await chat.token('vip'))).status).toBe(400);
    expect((await server.get('/rest/alerts/v2?cursor=pas-un-curseur', await chat.token('vip'))).status).toBe(400);
  });

  it('ignores a query under 3 characters and escapes % and _', async () => {
    const all = await feed('vip', { room: 'forex' });
    expect((await feed('vip', { room: 'forex', query: 'EU' })).alerts).toEqual(all.alerts);
    expect((await feed('vip', { room: 'forex', query: '%%%' })).alerts).toEqual([]);
    const title = await created('coach', draft('forex', { title: 'Taux_100%' }));
    expect((await feed('vip', { room: 'forex', query: '_100%' })).alerts.map((a) => a._id)).toEqual([title._id]);
  });

  it('counts the connected members and the pins of one room', async () => {
    const socket = await chat.open('live');
    await chat.join(socket, 'indices');
    const [pins] = await server.database.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.roomId, 'indices'), eq(messages.pinned, true), isNull(messages.deletedAt)));
    expect(await feed('vip', { room: 'indices' })).toMatchObject({ userCount: 1, pinsCount: pins?.n ?? -1 });
    expect(await feed('vip', { rooms: 'indices,forex' })).toMatchObject({ userCount: 0, pinsCount: 0 });
  });

  it('pages newest first, 20 at a time, complete and disjoint', async () => {
    for (let i = 0; i < 23; i += 1) await created('coach', draft('crypto', { title: `Page ${i}` }));
    const seen: Alert[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Feed = await feed('vip', { room: 'crypto', ...(cursor ? { cursor } : {}) });
      expect(page.alerts.length).toBeLessThanOrEqual(20);
      seen.push(...page.alerts);
      cursor = page.cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBeGreaterThan(1);
    const keys = seen.map((a) => `${a.date}|${a._id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort().reverse()).toEqual(keys);
    const [stored] = await server.database.db.select({ n: count() }).from(alerts).where(and(eq(alerts.roomId, 'crypto'), isNull(alerts.deletedAt)));
    expect(seen.length).toBe(stored?.n);
  });
});

describe('sendMail', () => {
  const mailsOf = async (subjectPart: string) =>
    (await server.database.db.select().from(mailOutbox)).filter((mail) => mail.subject.includes(subjectPart));

  it('queues one e-mail per reader of the room, the author aside, content only for VIP readers', async () => {
    const title = `Alerte ${randomUUID().slice(0, 8)}`;
    const alert = await created('coach', { ...draft('forex', { title, content: 'Achat au marché.', trade: EUR_USD }), sendMail: true });
    const forex = await mailsOf(title);
    expect(forex.map((mail) => mail.toEmail).sort()).toEqual(
      ['analyste', 'banni', 'live', 'redacteur', 'support', 'vip'].map((name) => `${name}@comptoir.test`),
    );
    for (const mail of forex) {
      expect(mail.subject).toBe(`Nouvelle notification Forex : ${title}`);
      expect(mail.text).toContain('Achat au marché.');
      expect(mail.text).toContain('EUR/USD');
    }
    expect(alert.me).toBe(true);

    const primeTitle = `Prime ${randomUUID().slice(0, 8)}`;
    await created('coach', { ...draft('prime', { title: primeTitle, content: 'Allocation secrète' }), sendMail: true });
    const prime = await mailsOf(primeTitle);
    // The other coach reads every room, VIP included; primeonly reads Prime without VIP.
    expect(prime.map((mail) => mail.toEmail).sort()).toEqual(['analyste@comptoir.test', 'primeonly@comptoir.test']);
    const locked = prime.find((mail) => mail.toEmail === 'primeonly@comptoir.test');
    expect(locked?.text).not.toContain('Allocation secrète');
    expect(locked?.text).toContain('réservée aux membres VIP');
    expect(prime.find((mail) => mail.toEmail === 'analyste@comptoir.test')?.text).toContain('Allocation secrète');

    const quiet = `Sans mail ${randomUUID().slice(0, 8)}`;
    await created('coach', draft('forex', { title: quiet }));
    expect(await mailsOf(quiet)).toEqual([]);
  });
});
