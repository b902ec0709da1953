import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_EVENTS, moreMessagesAck, searchResponse } from '../../src/contract/chat';
import { SEARCH_FILTER_ERRORS } from '../../src/domain/search-filters';
import { messages, uploads } from '../../server/db/schema';
import { useChatServer, userIdOf } from './chat-helpers';

const { server, chat } = useChatServer();

type Row = typeof messages.$inferInsert;
/** 130 old messages of `room` (a minute apart, days before the demo history), oldest first. */
async function oldHistory(room: string, author: string, tag: string, start = Date.UTC(2020, 0, 10, 8, 0, 0)): Promise<Row[]> {
  const authorId = await userIdOf(server(), author);
  const rows: Row[] = Array.from({ length: 130 }, (_, i) => ({
    id: randomUUID(),
    roomId: room,
    authorId,
    content: `${tag} ${i}`,
    createdAt: new Date(start + i * 60_000),
  }));
  await server().database.db.insert(messages).values(rows);
  return rows;
}

const around = async (account: string, payload: unknown) => {
  const socket = await chat.open(account);
  return chat.ask(socket, CLIENT_EVENTS.more, payload, moreMessagesAck);
};
const windowOf = async (account: string, payload: unknown) => {
  const answer = await around(account, payload);
  if ('error' in answer) throw new Error(answer.error);
  return answer;
};

describe("'more messages' around a message (issue 21, jump anywhere)", () => {
  it('answers a page on each side of the message, newest first, and pages older from there', async () => {
    const rows = await oldHistory('indices', 'coach', 'fenêtre');
    const target = rows[70]!;
    const page = await windowOf('vip', { room: 'indices', aroundMessage: target.id });
    expect(page.target).toBe(target.id);
    expect(page.newer).toBe(true);
    expect(page.messages.map((m) => m.content)).toEqual(rows.slice(20, 121).reverse().map((r) => r.content));
    expect(page.cursor).not.toBeNull();
    // The window's older cursor is an ordinary history cursor.
    const older = await windowOf('vip', { room: 'indices', cursor: page.cursor });
    expect(older.messages.map((m) => m.content)).toEqual(rows.slice(0, 20).reverse().map((r) => r.content).concat(older.messages.slice(20).map((m) => m.content)));

    // Near the history's start: fewer older rows, and no cursor past them.
    const first = await windowOf('vip', { room: 'indices', aroundMessage: rows[3]!.id });
    expect(first.messages.at(-1)?.content).toBe(rows[0]!.content);
  });

  it('opens a reply at its parent, and a date at its first message', async () => {
    const rows = await oldHistory('crypto', 'coach', 'date');
    const parent = rows[40]!;
    const reply = { id: randomUUID(), roomId: 'crypto', parentId: parent.id, authorId: await userIdOf(server(), 'vip'), content: 'réponse', createdAt: new Date(Date.UTC(2020, 0, 11)) };
    await server().database.db.insert(messages).values(reply);
    expect((await windowOf('vip', { room: 'crypto', aroundMessage: reply.id })).target).toBe(parent.id);
    // 08:30:30 UTC: the first message from then on is the 31st (a minute apart from 08:00).
    const byDate = await windowOf('vip', { room: 'crypto', aroundDate: '2020-01-10T08:30:30.000Z' });
    expect(byDate.target).toBe(rows[31]!.id);
    expect(byDate.messages.some((m) => m._id === rows[31]!.id)).toBe(true);
    // After every message: the newest one.
    const future = await windowOf('vip', { room: 'crypto', aroundDate: '2100-01-01T00:00:00.000Z' });
    expect(future.newer).toBe(false);
    expect(future.messages[0]?._id).toBe(future.target);
  });

  it("opens after a read position at the reader's first unread: the first message others wrote after it", async () => {
    // (A year before the other tests' rows: the server is the file's.)
    const rows = await oldHistory('indices', 'coach', 'non lu', Date.UTC(2019, 0, 10, 8, 0, 0));
    const read = rows[60]!;
    const vip = await userIdOf(server(), 'vip');
    // The reader's own messages after the position are not unread.
    const own = [10_000, 20_000].map((ms, i) => ({ id: randomUUID(), roomId: 'indices', authorId: vip, content: `moi ${i}`, createdAt: new Date(read.createdAt!.getTime() + ms) }));
    await server().database.db.insert(messages).values(own);
    const position = { date: read.createdAt!.toISOString(), _id: read.id };
    const page = await windowOf('vip', { room: 'indices', afterPosition: position });
    expect(page.target).toBe(rows[61]!.id);
    expect(page.newer).toBe(true);
    expect(page.messages.some((m) => m._id === read.id)).toBe(true);
    // Another member's first unread is the reader's own message there.
    expect((await windowOf('coach', { room: 'indices', afterPosition: position })).target).toBe(own[0]!.id);
    // Read past every message: the newest one, with nothing newer.
    const past = await windowOf('vip', { room: 'indices', afterPosition: { date: '2100-01-01T00:00:00.000Z', _id: 'z' } });
    expect(past.newer).toBe(false);
    expect(past.messages[0]?._id).toBe(past.target);
    expect(await around('vip', { room: 'indices', afterPosition: { date: 'hier', _id: read.id } })).toEqual({ error: 'Requête invalide' });
    expect(await around('membre', { room: 'forex', afterPosition: position })).toEqual({ error: 'NOT_ALLOWED' });
  });

  it('reads what a history page may read, and nothing else', async () => {
    const rows = await oldHistory('forex', 'coach', 'droits');
    const target = rows[10]!;
    // Not a VIP, a locked room, another room's message, an unknown or deleted one, a bad payload.
    expect(await around('membre', { room: 'forex', aroundMessage: target.id })).toEqual({ error: 'NOT_ALLOWED' });
    expect(await around('vip', { room: 'prime', aroundMessage: target.id })).toEqual({ error: 'NOT_ALLOWED' });
    expect(await around('vip', { room: 'indices', aroundMessage: target.id })).toEqual({ error: 'Message introuvable' });
    expect(await around('vip', { room: 'forex', aroundMessage: 'inconnu' })).toEqual({ error: 'Message introuvable' });
    expect(await around('vip', { room: 'forex', aroundDate: 'hier' })).toEqual({ error: 'Requête invalide' });
    await server().database.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, rows[11]!.id));
    expect(await around('vip', { room: 'forex', aroundMessage: rows[11]!.id })).toEqual({ error: 'Message introuvable' });
    expect((await windowOf('vip', { room: 'forex', aroundMessage: target.id })).messages.some((m) => m._id === rows[11]!.id)).toBe(false);

    // A block (either way) hides the blocked member's rows, as in history.
    const token = await chat.token('live');
    expect((await server().post('/rest/users/block/coach', {}, token)).status).toBe(200);
    expect(await around('live', { room: 'forex', aroundMessage: target.id })).toEqual({ error: 'Message introuvable' });
    expect((await server().post('/rest/users/unblock/coach', {}, token)).status).toBe(200);
    expect((await windowOf('live', { room: 'forex', aroundMessage: target.id })).target).toBe(target.id);
  });
});

describe('GET /chat/search with filters', () => {
  const search = async (query: string, room = 'all') => {
    const response = await server().get(`/rest/chat/search?${new URLSearchParams({ query, room }).toString()}`, await chat.token('vip'));
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const contents = async (query: string) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    return z.parse(searchResponse, body).messages.map((m) => m.content);
  };

  it('filters by author, attachment, link and days, with free text', async () => {
    const coach = await userIdOf(server(), 'coach');
    const vip = await userIdOf(server(), 'vip');
    const day = (d: number, h = 12) => new Date(Date.UTC(2021, 5, d, h));
    const rows: Row[] = [
      { id: randomUUID(), roomId: 'all', authorId: coach, content: 'zorglub analyse', createdAt: day(1) },
      { id: randomUUID(), roomId: 'all', authorId: vip, content: 'zorglub question', createdAt: day(2) },
      { id: randomUUID(), roomId: 'all', authorId: coach, content: 'zorglub lien https://comptoir.test/plan', createdAt: day(3) },
      { id: randomUUID(), roomId: 'all', authorId: coach, content: 'zorglub graphique', createdAt: day(4) },
      // 23:30 in Paris on the 4th (21:30 UTC): still the 4th for 'avant:' / 'après:'.
      { id: randomUUID(), roomId: 'all', authorId: vip, content: 'zorglub tard', createdAt: day(4, 21) },
    ];
    await server().database.db.insert(messages).values(rows);
    await server().database.db.insert(uploads).values({ id: randomUUID(), ownerId: coach, attachmentType: 'image', name: 'g.png', mimeType: 'image/png', size: 10, messageId: rows[3]!.id });

    expect(await contents('zorglub de:coach')).toEqual(['zorglub graphique', 'zorglub lien https://comptoir.test/plan', 'zorglub analyse']);
    expect(await contents('de:@VIP zorglub')).toEqual(['zorglub tard', 'zorglub question']);
    expect(await contents('zorglub a:lien')).toEqual(['zorglub lien https://comptoir.test/plan']);
    expect(await contents('a:image zorglub')).toEqual(['zorglub graphique']);
    expect(await contents('zorglub a:fichier')).toEqual([]);
    expect(await contents('zorglub après:2021-06-02 avant:2021-06-04')).toEqual(['zorglub lien https://comptoir.test/plan']);
    expect(await contents('zorglub apres:2021-06-03')).toEqual(['zorglub tard', 'zorglub graphique']);
    expect(await contents('zorglub avant:2021-06-02 de:coach')).toEqual(['zorglub analyse']);
  });

  it('answers a bad filter with its French error, never a 500', async () => {
    expect(await search('zorglub a:pdf')).toEqual({ status: 400, body: { error: SEARCH_FILTER_ERRORS.unknownHas('pdf') } });
    expect(await search('avant:2021-02-30')).toEqual({ status: 400, body: { error: SEARCH_FILTER_ERRORS.badDate('avant', '2021-02-30') } });
    expect(await search('zorglub de:')).toEqual({ status: 400, body: { error: SEARCH_FILTER_ERRORS.noAuthor } });
    expect(await search('après:2021-06-05 avant:2021-06-01')).toEqual({ status: 400, body: { error: SEARCH_FILTER_ERRORS.emptyRange } });
  });
});
