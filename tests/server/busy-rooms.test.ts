import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { chatMessagesEvent, CLIENT_EVENTS, increaseRoomMessageEvent, messagesOf, postMessageAck, SERVER_EVENTS } from '../../src/contract/chat';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { BANNED, NOT_ALLOWED } from '../../server/chat/chat-access';
import { BADGE_INTERVAL_MS } from '../../server/chat/chat-broadcast';
import { postRoomMessages, type PostOutcome } from '../../server/chat/post-message';
import { createRoomPosts, SERVER_BUSY } from '../../server/chat/room-posts';
import type { OpenDatabase } from '../../server/db/open-database';
import { seedDemoData } from '../../server/db/seed';
import { messages, rooms, users, userSubscriptions } from '../../server/db/schema';
import { findUserById, type UserRow } from '../../server/users/user-queries';
import { collect, userIdOf, useChatServer } from './chat-helpers';
import { migratedDatabase } from './migrated-template';

/**
 * Issue 25: busy rooms. Posts to one room that arrive together are written together (group
 * commit), each keeping its answer, its order and its idempotency; past what the server can
 * write, a post is turned away at once with a wait; a member's rights are read for each post, so
 * a ban, an expiry or a block applies to the very next one.
 */

/** Long enough for a badge at once and the interval's next one. */
const BADGES_SETTLE_MS = 2 * BADGE_INTERVAL_MS + 500;

describe('group commit', () => {
  let database: OpenDatabase;
  let member: UserRow;
  let other: UserRow;
  let outsider: UserRow;
  beforeAll(async () => {
    database = await migratedDatabase();
    await seedDemoData(database.db);
    const [vip] = await database.db.select().from(users).where(eq(users.username, 'vip'));
    const [live] = await database.db.select().from(users).where(eq(users.username, 'live'));
    member = (await findUserById(database.db, vip!.id))!;
    other = (await findUserById(database.db, live!.id))!;
    const [free] = await database.db.select().from(users).where(eq(users.username, 'membre'));
    outsider = (await findUserById(database.db, free!.id))!;
  });
  afterAll(() => database.close());

  const plain = (content: string, clientId = `gc-${randomUUID()}`) => ({ clientId, room: 'forex', content, attachments: [] as string[] });
  const created = (outcome: PostOutcome) => {
    if (!('created' in outcome) || !outcome.created) throw new Error(`pas écrit : ${JSON.stringify(outcome)}`);
    return outcome.message;
  };

  it('writes a batch in arrival order with consecutive seqs, one answer per post', async () => {
    const [before] = await database.db.select({ lastSeq: rooms.lastSeq }).from(rooms).where(eq(rooms.id, 'forex'));
    const now = new Date();
    const posts = ['un', 'deux', 'trois', 'quatre'].map((word, i) => ({ user: i % 2 ? other : member, input: plain(`Lot ${word}`), now: new Date(now.getTime() + i) }));
    const outcomes = await postRoomMessages(database.db, 'forex', posts);
    const answered = outcomes.map(created);
    expect(answered.map((m) => m.content)).toEqual(['Lot un', 'Lot deux', 'Lot trois', 'Lot quatre']);
    expect(answered.map((m) => m.seq)).toEqual([1, 2, 3, 4].map((n) => before!.lastSeq + n));
    expect(answered.map((m) => m.sender.username)).toEqual(['vip', 'live', 'vip', 'live']);
    const stored = await database.db.select().from(messages).where(like(messages.content, 'Lot %')).orderBy(asc(messages.seq));
    expect(stored.map((m) => m.id)).toEqual(answered.map((m) => m._id));
    const [after] = await database.db.select({ lastSeq: rooms.lastSeq }).from(rooms).where(eq(rooms.id, 'forex'));
    expect(after!.lastSeq).toBe(before!.lastSeq + 4);
  });

  it('stores a pair repeated in the batch, or already stored, once, and answers every repeat with it', async () => {
    const again = plain('Une fois seulement');
    const now = new Date();
    const outcomes = await postRoomMessages(database.db, 'forex', [
      { user: member, input: again, now },
      { user: other, input: plain('Entre les deux'), now },
      { user: member, input: again, now },
    ]);
    const first = created(outcomes[0]!);
    expect(outcomes[2]).toEqual({ created: false, message: first });
    const later = await postRoomMessages(database.db, 'forex', [{ user: member, input: again, now: new Date() }]);
    expect(later[0]).toEqual({ created: false, message: first });
    const stored = await database.db.select().from(messages).where(and(eq(messages.authorId, member.id), eq(messages.clientId, again.clientId)));
    expect(stored).toHaveLength(1);
  });

  it('screens each post of a batch on its own: a refused one leaves the others written', async () => {
    const now = new Date();
    const outcomes = await postRoomMessages(database.db, 'forex', [
      { user: member, input: plain('Avant le vide'), now },
      { user: outsider, input: plain('Sans abonnement'), now },
      { user: member, input: plain('Après le vide'), now },
    ]);
    expect(created(outcomes[0]!).content).toBe('Avant le vide');
    expect(outcomes[1]).toEqual({ error: NOT_ALLOWED });
    expect(created(outcomes[2]!).content).toBe('Après le vide');
    expect(created(outcomes[2]!).seq).toBe(created(outcomes[0]!).seq + 1);
  });

  it('counts an earlier post of the same batch for the slow mode', async () => {
    await database.db.update(rooms).set({ slowModeSeconds: 30 }).where(eq(rooms.id, 'indices'));
    try {
      const now = new Date(Date.now() + 3_600_000);
      const outcomes = await postRoomMessages(database.db, 'indices', [
        { user: member, input: { ...plain('Premier'), room: 'indices' }, now },
        { user: member, input: { ...plain('Second trop tôt'), room: 'indices' }, now: new Date(now.getTime() + 5) },
      ]);
      expect(created(outcomes[0]!).content).toBe('Premier');
      expect(outcomes[1]).toMatchObject({ error: expect.stringMatching(/^Mode lent/), retryAfterMs: expect.any(Number) });
    } finally {
      await database.db.update(rooms).set({ slowModeSeconds: 0 }).where(eq(rooms.id, 'indices'));
    }
  });

  it('writes posts that arrive while a write is under way together, in order, each answered', async () => {
    const posts = createRoomPosts(database.db);
    const words = Array.from({ length: 30 }, (_, i) => `Rafale ${String(i).padStart(2, '0')}`);
    const outcomes = await Promise.all(words.map((word, i) => posts.post(i % 3 ? member : other, plain(word))));
    const answered = outcomes.map(created);
    expect(answered.map((m) => m.content)).toEqual(words);
    const seqs = answered.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Read in one tick, yet each its own millisecond, in arrival order (lists order by date, then id).
    const dates = answered.map((m) => Date.parse(m.date));
    for (let i = 1; i < dates.length; i += 1) expect(dates[i]).toBeGreaterThan(dates[i - 1]!);
    expect(new Set(seqs).size).toBe(words.length);
    expect(posts.pending).toBe(0);
  });

  it('turns posts away at once with a wait past what it can write, and writes the others once', async () => {
    const posts = createRoomPosts(database.db, { maxQueued: 5, maxWaitMs: 10_000 });
    const sent = Array.from({ length: 40 }, (_, i) => plain(`Surcharge ${i}`));
    const started = performance.now();
    const outcomes = await Promise.all(sent.map((input) => posts.post(member, input)));
    const busy = outcomes.filter((o) => 'error' in o && o.error === SERVER_BUSY);
    expect(busy.length).toBeGreaterThan(0);
    for (const refusal of busy) expect('retryAfterMs' in refusal && refusal.retryAfterMs).toBeGreaterThanOrEqual(1000);
    // Sent again after the wait (as the outbox does, with the same client ids): every one is written once.
    const retried: PostOutcome[] = [];
    for (const input of sent) retried.push(await posts.post(member, input));
    expect(retried.every((o) => 'message' in o)).toBe(true);
    const stored = await database.db.select({ clientId: messages.clientId }).from(messages).where(like(messages.content, 'Surcharge %'));
    expect(stored).toHaveLength(40);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('turns a post away when the writes lately say the queue before it would take too long', async () => {
    const posts = createRoomPosts(database.db, { maxQueued: 1000, maxWaitMs: 400, maxBatch: 2 });
    // The database held for 300 ms under each write: the batches take that long lately.
    const slowWrite = async (run: () => Promise<PostOutcome>[]) => {
      let release = () => {};
      const holding = database.db.transaction(async () => new Promise<void>((resolve) => (release = resolve)));
      const outcomes = run();
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await holding;
      return Promise.all(outcomes);
    };
    const [first] = await slowWrite(() => [posts.post(member, plain('Lente 1'))]);
    expect(first).toHaveProperty('message');
    // One write under way, a full batch waiting: a fourth would wait three 300-ms writes, past 400 ms.
    const outcomes = await slowWrite(() => {
      const under = posts.post(member, plain('Lente 2'));
      return [under, posts.post(member, plain('Lente 3')), posts.post(member, plain('Lente 4')), posts.post(member, plain('Lente 5'))];
    });
    expect(outcomes.slice(0, 3).every((o) => 'message' in o)).toBe(true);
    expect(outcomes[3]).toMatchObject({ error: SERVER_BUSY });
  });

  it('answers the posts queued behind a stalled write by their deadline, and writes them once when sent again', async () => {
    const posts = createRoomPosts(database.db, { maxQueued: 1000, maxWaitMs: 10_000, answerWithinMs: 200 });
    // The database held 600 ms: the first post's write waits under it, the next two queue behind it.
    let release = () => {};
    const holding = database.db.transaction(async () => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    const first = posts.post(member, plain('Bloquée 0'));
    const queued = [plain('Bloquée 1'), plain('Bloquée 2')];
    const answeredAt: number[] = [];
    const behind = queued.map((input) =>
      posts.post(member, input).then((outcome) => {
        answeredAt.push(performance.now() - started);
        return outcome;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Answered by their deadline, while the write before them was still held.
    expect(answeredAt).toHaveLength(2);
    for (const at of answeredAt) expect(at).toBeLessThan(500);
    for (const outcome of await Promise.all(behind)) expect(outcome).toMatchObject({ error: SERVER_BUSY });
    release();
    await holding;
    expect(await first).toHaveProperty('message');
    expect(posts.pending).toBe(0);
    // Sent again, as the outbox does: each written once.
    for (const input of queued) expect(await posts.post(member, input)).toHaveProperty('message');
    expect(await posts.post(member, queued[0]!)).toMatchObject({ message: { content: 'Bloquée 1' } });
    const stored = await database.db.select({ clientId: messages.clientId }).from(messages).where(inArray(messages.clientId, queued.map((q) => q.clientId)));
    expect(stored).toHaveLength(2);
  });

  it('takes a whole batch while the writes are slow, never one post per write', async () => {
    const posts = createRoomPosts(database.db, { maxQueued: 1000, maxWaitMs: 400, maxBatch: 64 });
    // Writes lately slower than half the wait allowed (a loaded machine's embedded database).
    let release = () => {};
    const holding = database.db.transaction(async () => new Promise<void>((resolve) => (release = resolve)));
    const first = posts.post(member, plain('Chargée 0'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    expect(await first).toHaveProperty('message');
    // Ten posts while one is written: they go together in the next write, none turned away.
    let releaseAgain = () => {};
    const holdingAgain = database.db.transaction(async () => new Promise<void>((resolve) => (releaseAgain = resolve)));
    const outcomes = Array.from({ length: 11 }, (_, i) => posts.post(member, plain(`Chargée ${i + 1}`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseAgain();
    await holdingAgain;
    expect((await Promise.all(outcomes)).filter((o) => !('message' in o))).toEqual([]);
  });
});

describe('rights read for each post (issue 25)', () => {
  const { server, chat } = useChatServer();
  const send = (socket: Parameters<typeof chat.ask>[0], content: string) =>
    chat.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'crypto', content }, postMessageAck);

  it('refuses the post right after a ban starts, and the one right after the room’s subscription ends', async () => {
    const db = server().database.db;
    const socket = await chat.open('vip');
    expect(await send(socket, 'Avant la sanction')).toHaveProperty('message');
    const vipId = await userIdOf(server(), 'vip');
    const ban = and(eq(userSubscriptions.userId, vipId), eq(userSubscriptions.subscriptionId, SUBSCRIPTION.CHAT_BAN));
    await db.insert(userSubscriptions).values({ userId: vipId, subscriptionId: SUBSCRIPTION.CHAT_BAN, expiresAt: new Date(Date.now() + 60_000) });
    try {
      expect(await send(socket, 'Pendant le ban')).toEqual({ error: BANNED });
    } finally {
      await db.delete(userSubscriptions).where(ban);
    }
    expect(await send(socket, 'Après le ban')).toHaveProperty('message');
    const vip = and(eq(userSubscriptions.userId, vipId), eq(userSubscriptions.subscriptionId, SUBSCRIPTION.VIP));
    const [held] = await db.select().from(userSubscriptions).where(vip);
    await db.update(userSubscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(vip);
    try {
      expect(await send(socket, 'Abonnement fini')).toEqual({ error: NOT_ALLOWED });
    } finally {
      await db.update(userSubscriptions).set({ expiresAt: held!.expiresAt }).where(vip);
    }
  });

  it('announces posts written together as one event, in seq order, each message once, and coalesces their badges', async () => {
    const listener = await chat.open('coach');
    await chat.join(listener, 'indices');
    const heard = collect(listener, SERVER_EVENTS.message, BADGES_SETTLE_MS);
    const joinedBadges = collect(listener, SERVER_EVENTS.increaseRoomMessage, BADGES_SETTLE_MS);
    // The same member's other device, not in the room: it hears of them by badges.
    const elsewhere = await chat.open('coach');
    const badges = collect(elsewhere, SERVER_EVENTS.increaseRoomMessage, BADGES_SETTLE_MS);
    const senders = await Promise.all(['vip', 'live', 'support'].map((account) => chat.open(account)));
    const words = Array.from({ length: 9 }, (_, i) => `Ensemble ${i}`);
    const posted = await Promise.all(
      words.map((content, i) => chat.ask(senders[i % 3]!, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'indices', content }, postMessageAck)),
    );
    expect(posted.every((answer) => 'message' in answer)).toBe(true);
    const events = (await heard).map((payload) => chatMessagesEvent.parse(payload));
    const messages = events.flatMap(messagesOf).filter((m) => m.content.startsWith('Ensemble'));
    expect(messages.map((m) => m.content).sort()).toEqual([...words].sort());
    expect(events.some((event) => Array.isArray(event))).toBe(true);
    for (const event of events.filter(Array.isArray)) {
      const seqs = event.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    // The readers' badges, coalesced: at most one per BADGE_INTERVAL_MS, counting the nine, the newest seq
    // named; none to a socket joined to the room (it has the messages).
    const counts = (await badges).map((payload) => increaseRoomMessageEvent.parse(payload)).filter((badge) => badge.room === 'indices');
    expect(counts.reduce((sum, badge) => sum + badge.count, 0)).toBe(words.length);
    expect(counts.length).toBeLessThan(words.length);
    // (Authors some member blocked are counted apart, without those members: one stream of badges per set of blockers.)
    expect(Math.max(...counts.map((badge) => badge.seq ?? 0))).toBe(Math.max(...messages.map((m) => m.seq)));
    // Each badge names its messages' seqs (a page counts those after its read state's): the nine, once.
    expect(counts.every((badge) => badge.seqs?.length === badge.count && badge.seq === Math.max(...badge.seqs))).toBe(true);
    expect(counts.flatMap((badge) => badge.seqs ?? []).sort((a, b) => a - b)).toEqual(messages.map((m) => m.seq).sort((a, b) => a - b));
    expect((await joinedBadges).filter((payload) => increaseRoomMessageEvent.parse(payload).room === 'indices')).toEqual([]);
  });

  it('answers each author before announcing the batch to the room, its own socket included', async () => {
    const senders = await Promise.all(['vip', 'live', 'support'].map((account) => chat.open(account)));
    for (const sender of senders) await chat.join(sender, 'indices');
    const order = await Promise.all(
      senders.map(async (sender, i) => {
        const clientId = randomUUID();
        const heard: string[] = [];
        sender.on(SERVER_EVENTS.message, (payload: unknown) => {
          if (messagesOf(chatMessagesEvent.parse(payload)).some((m) => m.clientId === clientId)) heard.push('room');
        });
        // Heard in the acknowledgement's own callback: both frames may come in one read, and a
        // promise's continuation would run after the second one's handler.
        sender.emit(CLIENT_EVENTS.post, { clientId, room: 'indices', content: `Réponse d'abord ${i}` }, (answer: unknown) => {
          if ('message' in postMessageAck.parse(answer)) heard.push('answer');
        });
        await expect.poll(() => heard.length).toBe(2);
        return heard;
      }),
    );
    expect(order).toEqual(senders.map(() => ['answer', 'room']));
  });

  it("coalesces a room's badges whoever wrote: its readers hear them together, each author the others' count", async () => {
    const reader = await chat.open('coach');
    const readerBadges = collect(reader, SERVER_EVENTS.increaseRoomMessage, BADGES_SETTLE_MS);
    const accounts = ['vip', 'live', 'support'];
    const senders = await Promise.all(accounts.map((account) => chat.open(account)));
    // Each author's other device, not in the room.
    const ownDevices = await Promise.all(accounts.map((account) => chat.open(account)));
    const ownBadges = ownDevices.map((device) => collect(device, SERVER_EVENTS.increaseRoomMessage, BADGES_SETTLE_MS));
    const words = Array.from({ length: 9 }, (_, i) => `Tous ensemble ${i}`);
    await Promise.all(words.map((content, i) => chat.ask(senders[i % 3]!, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'crypto', content }, postMessageAck)));
    const inCrypto = async (badges: Promise<unknown[]>) => (await badges).map((payload) => increaseRoomMessageEvent.parse(payload)).filter((badge) => badge.room === 'crypto');
    const counts = await inCrypto(readerBadges);
    expect(counts.reduce((sum, badge) => sum + badge.count, 0)).toBe(9);
    // One event counts several authors' messages (a badge per author counted three at most).
    expect(Math.max(...counts.map((badge) => badge.count))).toBeGreaterThan(3);
    // Each author's other device: the six the two others wrote, never their own three.
    for (const badges of ownBadges) expect((await inCrypto(badges)).reduce((sum, badge) => sum + badge.count, 0)).toBe(6);
  });

  it('no longer delivers to a member the post made right after they blocked its author', async () => {
    const author = await chat.open('analyste');
    const blocker = await chat.open('live');
    await chat.join(blocker, 'crypto');
    expect((await server().post('/rest/users/block/analyste', {}, await chat.token('live'))).status).toBe(200);
    try {
      const heard: unknown[] = [];
      blocker.on('chat messages', (message: { content?: string }) => heard.push(message.content));
      expect(await send(author, 'Juste après le blocage')).toHaveProperty('message');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).not.toContain('Juste après le blocage');
    } finally {
      await server().post('/rest/users/unblock/analyste', {}, await chat.token('live'));
    }
  });
});
