import { describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLIENT_EVENTS,
  likesResponse,
  mentionResponse,
  pinChangedEvent,
  pinnedMessagesResponse,
  postMessageAck,
  searchResponse,
  SERVER_EVENTS,
  uploadResponse,
} from '../../src/contract/chat';
import { messageLikes, messages, userBlocks, users } from '../../server/db/schema';
import { nextEvent, useChatServer } from './chat-helpers';
import { BROKEN_UPLOAD } from '../../server/routes/upload-routes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** The first bytes each type's files begin with (the server checks them, server/uploads/file-kinds.ts). */
const SIGNATURES = { 'video/mp4': [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], 'audio/webm': [0x1a, 0x45, 0xdf, 0xa3] } as const;
const withHead = (bytes: Uint8Array<ArrayBuffer>, head: readonly number[]): Uint8Array<ArrayBuffer> => {
  bytes.set(head);
  return bytes;
};

const { server, chat } = useChatServer();

const errorBody = z.object({ error: z.string() });
const json = async <T>(response: Response, schema: z.core.$ZodType<T>): Promise<T> => z.parse(schema, await response.json());
const getAs = async (account: string, path: string) => server().get(path, await chat.token(account));
const postAs = async (account: string, path: string, body: unknown) => server().post(path, body, await chat.token(account));
const seededMessage = async (room: string) => {
  const [row] = await server().database.db
    .select()
    .from(messages)
    .where(and(eq(messages.roomId, room), isNull(messages.parentId), eq(messages.pinned, false), isNull(messages.deletedAt)))
    .limit(1);
  if (!row) throw new Error(`pas de message dans ${room}`);
  return row;
};

describe('every chat call needs a signed-in member', () => {
  it('answers 401 without a token', async () => {
    const calls = [
      server().post('/rest/chat/toggle_pinned', { messageId: 'x', title: 't' }),
      server().get('/rest/chat/pinned_messages?room=forex'),
      server().get('/rest/chat/search?query=eur&room=forex'),
      server().post('/rest/chat/mention', { query: 'co' }),
      server().get('/rest/chat/likes?message=x'),
      server().post('/rest/users/block/vip', {}),
      server().post('/rest/users/unblock/vip', {}),
      fetch(`${server().url}/rest/upload`, { method: 'POST', body: new FormData() }),
      server().get('/rest/upload/files/x'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: SIGN_IN_REQUIRED });
    }
  });
});

describe('POST /chat/toggle_pinned and GET /chat/pinned_messages', () => {
  it('lets only a moderator pin, with a title, and broadcasts the change', async () => {
    const message = await seededMessage('forex');
    const refused = await postAs('vip', '/rest/chat/toggle_pinned', { messageId: message.id, title: 'Mon plan' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'NOT_ALLOWED' });
    for (const title of [undefined, '', '   ']) {
      const untitled = await postAs('coach', '/rest/chat/toggle_pinned', { messageId: message.id, title });
      expect(untitled.status).toBe(400);
      expect(await untitled.json()).toEqual({ error: 'Le titre est obligatoire' });
    }

    const watcher = await chat.open('vip');
    await chat.join(watcher, 'forex');
    const pinnedEvent = nextEvent(watcher, SERVER_EVENTS.pinChanged, pinChangedEvent, (e) => e._id === message.id);
    const pinned = await postAs('coach', '/rest/chat/toggle_pinned', { messageId: message.id, title: ' Niveaux clés ' });
    expect(await pinned.json()).toEqual({ ok: true, pinned: true });
    expect(await pinnedEvent).toMatchObject({ room: 'forex', pinned: true, title: 'Niveaux clés' });

    const list = await json(await getAs('vip', '/rest/chat/pinned_messages?room=forex'), pinnedMessagesResponse);
    expect(list.pinnedMessages[0]).toMatchObject({ title: 'Niveaux clés', message: { _id: message.id, pinned: true, title: 'Niveaux clés' } });
    expect(list.pinnedMessages[0]?.user.id).toBe(message.authorId);

    const unpinnedEvent = nextEvent(watcher, SERVER_EVENTS.pinChanged, pinChangedEvent, (e) => e._id === message.id && !e.pinned);
    expect(await (await postAs('coach', '/rest/chat/toggle_pinned', { messageId: message.id })).json()).toEqual({ ok: true, pinned: false });
    expect(await unpinnedEvent).toMatchObject({ title: null });
    const after = await json(await getAs('vip', '/rest/chat/pinned_messages?room=forex'), pinnedMessagesResponse);
    expect(after.pinnedMessages.some((p) => p.message._id === message.id)).toBe(false);
  });

  it('answers 404 for an unknown message and 400 for a malformed body', async () => {
    expect((await postAs('coach', '/rest/chat/toggle_pinned', { messageId: 'inconnu', title: 't' })).status).toBe(404);
    expect((await postAs('coach', '/rest/chat/toggle_pinned', { title: 't' })).status).toBe(400);
  });

  it('pages the pins newest first, 20 at a time', async () => {
    const candidates = await server().database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.roomId, 'indices'), isNull(messages.parentId), eq(messages.pinned, false)))
      .limit(24);
    for (const [i, row] of candidates.entries()) {
      const response = await postAs('coach', '/rest/chat/toggle_pinned', { messageId: row.id, title: `Épingle ${i}` });
      expect(response.status).toBe(200);
    }
    const first = await json(await getAs('vip', '/rest/chat/pinned_messages?room=indices'), pinnedMessagesResponse);
    expect(first.pinnedMessages).toHaveLength(20);
    expect(first.pinnedMessages[0]?.title).toBe('Épingle 23');
    expect(first.nextCursor).not.toBeNull();
    const second = await json(
      await getAs('vip', `/rest/chat/pinned_messages?room=indices&cursor=${encodeURIComponent(first.nextCursor ?? '')}`),
      pinnedMessagesResponse,
    );
    expect(second.nextCursor).toBeNull();
    const all = [...first.pinnedMessages, ...second.pinnedMessages];
    // 24 new pins and the seeded 'Plan de la semaine'.
    expect(all).toHaveLength(25);
    expect(new Set(all.map((p) => p.message._id)).size).toBe(25);
    const dates = all.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('keeps the pins of a room from members who cannot read it, and refuses a bad cursor', async () => {
    expect((await getAs('membre', '/rest/chat/pinned_messages?room=forex')).status).toBe(403);
    expect((await getAs('vip', '/rest/chat/pinned_messages?room=prime')).status).toBe(403);
    expect((await getAs('vip', '/rest/chat/pinned_messages?room=forex&cursor=zzz')).status).toBe(400);
    expect((await getAs('vip', '/rest/chat/pinned_messages')).status).toBe(400);
  });
});

describe('GET /chat/search', () => {
  const search = async (account: string, params: Record<string, string>) =>
    getAs(account, `/rest/chat/search?${new URLSearchParams(params).toString()}`);

  it('finds messages by a case-insensitive substring, newest first, paged by 20', async () => {
    const watcher = await chat.open('live');
    await chat.join(watcher, 'forex');
    const found: string[] = [];
    let cursor: string | null = null;
    let first: z.infer<typeof searchResponse> | null = null;
    do {
      const response: Response = await search('vip', { query: 'eur/usd', room: 'forex', ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      const page = searchResponse.parse(await response.json());
      first ??= page;
      expect(page.messages.length).toBeLessThanOrEqual(20);
      expect(page.messages.every((m) => m.content.toLowerCase().includes('eur/usd'))).toBe(true);
      found.push(...page.messages.map((m) => m._id));
      cursor = page.cursor;
    } while (cursor !== null);
    expect(new Set(found).size).toBe(found.length);
    const [stored] = await server().database.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.roomId, 'forex'), isNull(messages.deletedAt)));
    expect(found.length).toBeGreaterThan(20);
    expect(found.length).toBeLessThan(stored?.n ?? 0);
    expect(first?.userCount).toBe(1);
    expect(first?.pinsCount).toBeGreaterThanOrEqual(1);
    const dates = first?.messages.map((m) => m.date) ?? [];
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('matches % and _ literally', async () => {
    const percent = await json(await search('vip', { query: '1 %', room: 'all' }), searchResponse);
    expect(percent.messages.length).toBeGreaterThan(0);
    expect(percent.messages.every((m) => m.content.includes('1 %'))).toBe(true);
    expect((await json(await search('vip', { query: '%_%', room: 'all' }), searchResponse)).messages).toEqual([]);
  });

  it('keeps only coaches’ messages with onlyCoach=1, replies included', async () => {
    const coach = await chat.open('coach');
    const parent = await chat.post(coach, { room: 'crypto', content: 'Fil du coach sur le halving' });
    const reply = await chat.post(coach, { parentMessage: parent._id, content: 'Réponse du coach sur le halving' });
    await chat.post(await chat.open('vip'), { room: 'crypto', content: 'Avis VIP sur le halving' });
    const everyone = await json(await search('vip', { query: 'HALVING', room: 'crypto' }), searchResponse);
    expect(everyone.messages).toHaveLength(3);
    const coaches = await json(await search('vip', { query: 'halving', room: 'crypto', onlyCoach: '1' }), searchResponse);
    expect(coaches.messages.map((m) => m._id)).toEqual([reply._id, parent._id]);
  });

  it('refuses a query under 3 characters, a room the member cannot read and a bad cursor', async () => {
    expect((await search('vip', { query: 'eu', room: 'forex' })).status).toBe(400);
    expect((await search('vip', { query: '   eu  ', room: 'forex' })).status).toBe(400);
    expect((await search('vip', { query: 'eur', room: 'forex', onlyCoach: 'oui' })).status).toBe(400);
    expect((await search('vip', { query: 'eur', room: 'forex', cursor: 'abc' })).status).toBe(400);
    expect((await search('vip', { query: 'macro', room: 'prime' })).status).toBe(403);
    expect((await search('membre', { query: 'eur', room: 'forex' })).status).toBe(403);
  });
});

describe('POST /chat/mention', () => {
  it('proposes members by the start of their pseudo, any case, never the requester', async () => {
    const answer = await json(await postAs('vip', '/rest/chat/mention', { query: 'CO' }), mentionResponse);
    expect(answer.users.map((u) => u.username)).toEqual(['coach']);
    expect(answer.users[0]).toMatchObject({ picture: null });
    expect(answer.users[0]?.id).toMatch(/^\d+$/);
    const all = await json(await postAs('vip', '/rest/chat/mention', { query: '' }), mentionResponse);
    expect(all.users.map((u) => u.username)).not.toContain('vip');
    expect(all.users.length).toBeLessThanOrEqual(10);
    expect((await json(await postAs('vip', '/rest/chat/mention', { query: 'v' }), mentionResponse)).users).toEqual([]);
    expect((await json(await postAs('vip', '/rest/chat/mention', { query: '%' }), mentionResponse)).users).toEqual([]);
    expect((await postAs('vip', '/rest/chat/mention', { query: 5 })).status).toBe(400);
  });
});

describe('GET /chat/likes', () => {
  it('lists the likers newest first, 20 per page', async () => {
    const message = await seededMessage('crypto');
    const db = server().database.db;
    await db.delete(messageLikes).where(eq(messageLikes.messageId, message.id));
    const fans = await db
      .insert(users)
      .values(Array.from({ length: 25 }, (_, i) => ({ username: `fan${i}`, email: `fan${i}@comptoir.test`, passwordHash: 'x', firstName: `Fan ${i}` })))
      .returning({ id: users.id });
    const base = Date.now() - 60_000;
    await db.insert(messageLikes).values(fans.map((fan, i) => ({ messageId: message.id, userId: fan.id, createdAt: new Date(base + i * 1000) })));

    const first = await json(await getAs('vip', `/rest/chat/likes?message=${message.id}`), likesResponse);
    expect(first.likes).toHaveLength(20);
    expect(first.likes[0]).toMatchObject({ _id: `${message.id}:${fans[24]?.id}`, user: { username: 'fan24', firstName: 'Fan 24', picture: null } });
    const second = await json(await getAs('vip', `/rest/chat/likes?message=${message.id}&cursor=${encodeURIComponent(first.cursor ?? '')}`), likesResponse);
    expect(second.cursor).toBeNull();
    const names = [...first.likes, ...second.likes].map((like) => like.user.username);
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `fan${24 - i}`));
  });

  it('needs the right to read the room', async () => {
    const message = await seededMessage('prime');
    expect((await getAs('vip', `/rest/chat/likes?message=${message.id}`)).status).toBe(403);
    expect((await getAs('coach', `/rest/chat/likes?message=${message.id}`)).status).toBe(200);
    expect((await getAs('coach', '/rest/chat/likes?message=inconnu')).status).toBe(404);
    expect((await getAs('coach', `/rest/chat/likes?message=${message.id}&cursor=${Buffer.from('2024-01-01T00:00:00.000Z|abc').toString('base64url')}`)).status).toBe(400);
  });
});

describe('POST /users/block and /users/unblock', () => {
  it('blocks and unblocks by pseudo, idempotently', async () => {
    const db = server().database.db;
    // The demo data has live block banni already: only live's blocks of coach count here.
    const coach = (await db.select().from(users).where(eq(users.username, 'coach')))[0]?.id;
    const blocksOfLive = async () =>
      (await db.select().from(userBlocks).innerJoin(users, eq(users.id, userBlocks.blockerId))).filter((r) => r.users.username === 'live' && r.user_blocks.blockedId === coach);
    for (let i = 0; i < 2; i += 1) expect((await postAs('live', '/rest/users/block/COACH', {})).status).toBe(200);
    expect(await blocksOfLive()).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) expect(await (await postAs('live', '/rest/users/unblock/coach', {})).json()).toEqual({ success: true });
    expect(await blocksOfLive()).toHaveLength(0);
  });

  it("answers 'Ce profil n'existe pas' for an unknown pseudo", async () => {
    for (const path of ['/rest/users/block/personne', '/rest/users/unblock/personne', '/rest/users/block/vip%40comptoir.test']) {
      const response = await postAs('live', path, {});
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Ce profil n'existe pas" });
    }
    expect((await postAs('live', '/rest/users/block/live', {})).status).toBe(400);
  });
});

describe('POST /upload and the stored files', () => {
  const MB = 1024 * 1024;
  const png = (size = 64): Uint8Array<ArrayBuffer> => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    bytes.set([0, 0, 2, 128, 0, 0, 1, 224], 16); // 640 × 480
    return bytes;
  };
  const upload = async (account: string | null, parts: { type?: string; mime?: string; bytes?: Uint8Array<ArrayBuffer>; name?: string; typeLast?: boolean }) => {
    const form = new FormData();
    const file = new Blob([parts.bytes ?? png()], { type: parts.mime ?? 'image/png' });
    if (parts.type !== undefined && !parts.typeLast) form.append('type', parts.type);
    form.append('file', file, parts.name ?? 'graphique.png');
    if (parts.type !== undefined && parts.typeLast) form.append('type', parts.type);
    const headers: Record<string, string> = account ? { authorization: `Bearer ${await chat.token(account)}` } : {};
    return fetch(`${server().url}/rest/upload`, { method: 'POST', headers, body: form });
  };
  const fileAs = async (account: string, url: string) => fetch(`${server().url}${url}`, { headers: { authorization: `Bearer ${await chat.token(account)}` } });

  it('stores an image with its size and serves it to its owner, then to the readers of its room', async () => {
    const response = await upload('vip', { type: 'image' });
    expect(response.status).toBe(200);
    const { attachmentId, attachment } = await json(response, uploadResponse);
    expect(attachment).toEqual({
      _id: attachmentId,
      attachmentType: 'image',
      resourceUrl: `/rest/upload/files/${attachmentId}`,
      thumbnail: null,
      name: 'graphique.png',
      width: 640,
      height: 480,
    });
    const own = await fileAs('vip', attachment.resourceUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(png());
    // Not attached yet: only its owner reads it.
    expect((await fileAs('live', attachment.resourceUrl)).status).toBe(403);

    const socket = await chat.open('vip');
    const posted = await chat.ask(socket, CLIENT_EVENTS.post, { clientId: crypto.randomUUID(), content: 'Mon graphique', room: 'forex', attachments: [attachmentId] }, postMessageAck);
    expect(posted).toMatchObject({ message: { attachments: [attachment] } });
    expect((await fileAs('live', attachment.resourceUrl)).status).toBe(200);
    // The browser's <img> request carries the token cookie, not a header.
    const byCookie = await fetch(`${server().url}${attachment.resourceUrl}`, { headers: { cookie: `access_token=${await chat.token('banni')}` } });
    expect(byCookie.status).toBe(200);
    expect((await fileAs('membre', attachment.resourceUrl)).status).toBe(403);
    expect((await fileAs('vip', '/rest/upload/files/inconnu')).status).toBe(404);
  });

  it('accepts the type field after the file and a PDF document', async () => {
    expect((await upload('vip', { type: 'image', typeLast: true })).status).toBe(200);
    const pdf = await upload('vip', { type: 'file', mime: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.7\n'), name: '../../rapport.pdf' });
    const { attachment } = await json(pdf, uploadResponse);
    expect(attachment).toMatchObject({ attachmentType: 'file', name: 'rapport.pdf', width: null });
    const served = await fileAs('vip', attachment.resourceUrl);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses a declared type that does not match the mime type or the content', async () => {
    const refusals = [
      upload('vip', { type: 'image', mime: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.7\n') }),
      upload('vip', { type: 'image', mime: 'image/png', bytes: new TextEncoder().encode('<script>alert(1)</script>') }),
      upload('vip', { type: 'file', mime: 'application/pdf', bytes: new TextEncoder().encode('MZ pas un pdf') }),
      upload('vip', { type: 'image', mime: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') }),
      // Judged by its bytes: a PNG named and declared a PDF, an SVG or HTML page declared a PNG, HTML as a document.
      upload('vip', { type: 'file', mime: 'application/pdf', bytes: png(), name: 'rapport.pdf' }),
      upload('vip', { type: 'image', mime: 'image/png', bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'a.png' }),
      upload('vip', { type: 'image', mime: 'image/png', bytes: new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), name: 'a.png' }),
      upload('vip', { type: 'file', mime: 'text/html', bytes: new TextEncoder().encode('<!doctype html><p>page</p>'), name: 'page.html' }),
      upload('vip', { type: 'document', mime: 'image/png' }),
      upload('vip', { mime: 'image/png' }),
    ];
    // The refusal names, in French, what this member may send instead.
    for (const response of await Promise.all(refusals)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP ; documents PDF, texte, Word, Excel, PowerPoint ou OpenDocument.',
      });
    }
    const staffRefusal = await upload('coach', { type: 'image', mime: 'image/svg+xml', bytes: new TextEncoder().encode('<svg/>') });
    expect(await staffRefusal.json()).toEqual({
      error:
        'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP ; vidéos MP4 ou WebM ; fichiers audio WebM, Ogg, MP3 ou M4A ; documents PDF, texte, Word, Excel, PowerPoint ou OpenDocument.',
    });
    const empty = await upload('vip', { type: 'image', bytes: new Uint8Array(0) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Ce fichier est vide.' });
    const notMultipart = await postAs('vip', '/rest/upload', { type: 'image' });
    expect(notMultipart.status).toBe(400);
    // A multipart body cut short is the sender's fault, never a 500.
    const cut = await fetch(`${server().url}/rest/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await chat.token('vip')}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect({ status: cut.status, body: await cut.json() }).toEqual({ status: 400, body: { error: BROKEN_UPLOAD } });
  });

  it('refuses a file over its type’s limit', async () => {
    const response = await upload('vip', { type: 'image', bytes: png(10 * MB + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Fichier trop volumineux : 10 Mo maximum pour une image.' });
    // The same size is fine for a video (limit 100 MB), sent by staff.
    const video = await upload('coach', { type: 'video', mime: 'video/mp4', bytes: withHead(new Uint8Array(10 * MB + 1), SIGNATURES['video/mp4']), name: 'replay.mp4' });
    expect(video.status).toBe(200);
  });

  it('keeps videos for staff, and voice notes for staff and members with messaging access', async () => {
    const send = (account: string, type: string, mime: 'video/mp4' | 'audio/webm') => upload(account, { type, mime, bytes: withHead(new Uint8Array(16), SIGNATURES[mime]), name: 'x' });
    const refusals = [await send('vip', 'video', 'video/mp4'), await send('membre', 'audio', 'audio/webm')];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(await json(refused, errorBody)).toEqual({ error: 'NOT_ALLOWED' });
    }
    for (const [account, type, mime] of [
      ['coach', 'video', 'video/mp4'],
      ['coach', 'audio', 'audio/webm'],
      ['vip', 'audio', 'audio/webm'],
    ] as const) {
      expect((await send(account, type, mime)).status).toBe(200);
    }
  });
});
