import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { chatMessage, CLIENT_EVENTS, editMessageAck, MESSAGE_REJECTED_EVENT, messageRejectedEvent, postMessageAck, SERVER_EVENTS } from '../../src/contract/chat';
import { heldDecidedEvent, heldMessage, heldMessagesResponse, HELD_EVENTS, keywordFiltersBody } from '../../src/contract/reports';
import { KEYWORD_TEXT } from '../../src/domain/keyword-filter';
import { messages, moderationLog } from '../../server/db/schema';
import { nextEvent, useChatServer } from './chat-helpers';

/** Issue 22: a room's keyword filter blocks or holds members' posts; moderators decide on held ones. */
const { server, chat } = useChatServer();

const setRules = async (account: string, room: string, rules: unknown) =>
  server().put(`/rest/chat/rooms/${room}/keyword_filters`, { rules }, await chat.token(account));
const heldQueue = async () => heldMessagesResponse.parse(await (await server().get('/rest/chat/held_messages', await chat.token('coach'))).json()).held;
const decide = async (account: string, heldId: string, decision: 'approve' | 'reject') =>
  server().post(`/rest/chat/held_messages/${heldId}/${decision}`, {}, await chat.token(account));

describe('keyword filter (issue 22)', () => {
  it('is read and written by moderators only, tidied, refused in French when malformed, and logged', async () => {
    expect((await setRules('vip', 'forex', [{ keyword: 'arnaque', action: 'block' }])).status).toBe(403);
    expect((await server().get('/rest/chat/rooms/forex/keyword_filters', await chat.token('vip'))).status).toBe(403);
    const short = await setRules('coach', 'forex', [{ keyword: 'a', action: 'block' }]);
    expect([short.status, await short.json()]).toEqual([400, { error: KEYWORD_TEXT.badLength }]);
    const marks = await setRules('coach', 'forex', [{ keyword: '!!!', action: 'hold' }]);
    expect([marks.status, await marks.json()]).toEqual([400, { error: KEYWORD_TEXT.noLetters }]);
    for (const rules of ['arnaque', [{ keyword: 'arnaque', action: 'supprimer' }], [{ action: 'block' }]]) {
      const bad = await setRules('coach', 'forex', rules);
      expect([bad.status, await bad.json()]).toEqual([400, { error: 'Requête invalide' }]);
    }
    expect((await setRules('coach', 'inconnue', [])).status).toBe(404);

    const saved = await setRules('coach', 'forex', [
      { keyword: '  Arnaque ', action: 'hold' },
      { keyword: 'telegram', action: 'hold' },
      { keyword: 'ARNAQUE', action: 'block' },
    ]);
    expect(saved.status).toBe(200);
    // One rule per keyword whatever its case: the last one given wins.
    const kept = [
      { keyword: 'telegram', action: 'hold' },
      { keyword: 'ARNAQUE', action: 'block' },
    ];
    expect(await saved.json()).toEqual({ rules: kept });
    const read = await server().get('/rest/chat/rooms/forex/keyword_filters', await chat.token('coach'));
    expect(keywordFiltersBody.parse(await read.json()).rules).toEqual(kept);
    const log = await server().database.db.select().from(moderationLog).where(and(eq(moderationLog.action, 'keyword_filter'), eq(moderationLog.roomId, 'forex')));
    expect(log.at(-1)?.details).toBe('telegram (Retenir pour validation), ARNAQUE (Bloquer)');
    await setRules('coach', 'forex', []);
  });

  it('refuses a member’s post or edit with a blocked word, whatever its case and accents, in the room and its threads; never a moderator’s', async () => {
    await setRules('coach', 'indices', [{ keyword: 'arnaque', action: 'block' }]);
    try {
      const vip = await chat.open('vip');
      const send = (payload: Record<string, unknown>) => chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), ...payload }, postMessageAck);
      expect(await send({ room: 'indices', content: 'Quelle ARNAQUÉ ce broker !' })).toEqual({ error: KEYWORD_TEXT.blocked });
      // Whole words only.
      const fine = await chat.post(vip, { room: 'indices', content: 'Les arnaques au trading, parlons-en' });
      expect(await send({ parentMessage: fine._id, content: "C'est une arnaque." })).toEqual({ error: KEYWORD_TEXT.blocked });
      expect(await chat.ask(vip, CLIENT_EVENTS.edit, { messageId: fine._id, content: 'Une arnaque' }, editMessageAck)).toEqual({ error: KEYWORD_TEXT.blocked });
      // Nothing was stored.
      const stored = await server().database.db.select({ content: messages.content }).from(messages).where(eq(messages.roomId, 'indices'));
      expect(stored.map((m) => m.content).filter((c) => /arnaque\b/i.test(c))).toEqual([]);

      const coach = await chat.open('coach');
      expect((await chat.post(coach, { room: 'indices', content: 'Attention aux arnaque sur Telegram' })).content).toContain('arnaque');
    } finally {
      await setRules('coach', 'indices', []);
    }
  });

  it('holds a post for review: not in the room, in the moderators’ queue; a moderator lets it through under its author’s name, once', async () => {
    await setRules('coach', 'crypto', [{ keyword: 'telegram', action: 'hold' }]);
    try {
      const vip = await chat.open('vip');
      const reader = await chat.open('live');
      await chat.join(reader, 'crypto');
      const moderator = await chat.open('coach');
      const clientId = randomUUID();
      const payload = { clientId, room: 'crypto', content: 'Rejoignez mon groupe Telegram' };
      const queued = nextEvent(moderator, HELD_EVENTS.entry, heldMessage, (e) => e.content === payload.content);
      const seen: string[] = [];
      reader.on(SERVER_EVENTS.message, (message: { content: string }) => seen.push(message.content));

      expect(await chat.ask(vip, CLIENT_EVENTS.post, payload, postMessageAck)).toEqual({ held: true });
      const entry = await queued;
      expect(entry).toMatchObject({ room: 'crypto', parentMessage: null, alertId: null, sender: { username: 'vip' }, keyword: 'telegram', attachmentsCount: 0 });
      // Sent again (a reconnection): still held, held once.
      expect(await chat.ask(vip, CLIENT_EVENTS.post, payload, postMessageAck)).toEqual({ held: true });
      expect((await heldQueue()).filter((h) => h.content === payload.content)).toHaveLength(1);
      expect((await server().get('/rest/chat/held_messages', await chat.token('vip'))).status).toBe(403);
      expect((await decide('vip', entry._id, 'approve')).status).toBe(403);

      const posted = nextEvent(reader, SERVER_EVENTS.message, chatMessage, (m) => m.clientId === clientId);
      const decided = nextEvent(moderator, HELD_EVENTS.decided, heldDecidedEvent, (e) => e.heldId === entry._id);
      const approved = await decide('coach', entry._id, 'approve');
      expect(approved.status).toBe(200);
      expect(await posted).toMatchObject({ content: payload.content, sender: { username: 'vip' }, room: 'crypto' });
      await decided;
      expect(seen.filter((c) => c === payload.content)).toHaveLength(1);
      // The author's outbox, asking again, gets the stored message; a second decision finds nothing.
      const again = await chat.ask(vip, CLIENT_EVENTS.post, payload, postMessageAck);
      expect(again).toMatchObject({ message: { clientId, content: payload.content } });
      const late = await decide('coach', entry._id, 'reject');
      expect([late.status, await late.json()]).toEqual([404, { error: KEYWORD_TEXT.decidedElsewhere }]);
      expect((await heldQueue()).some((h) => h._id === entry._id)).toBe(false);
    } finally {
      await setRules('coach', 'crypto', []);
    }
  });

  it('refuses a held post on a moderator’s word: its author hears it, and asking again is refused', async () => {
    await setRules('coach', 'crypto', [{ keyword: 'whatsapp', action: 'hold' }]);
    try {
      const vip = await chat.open('vip');
      const clientId = randomUUID();
      const payload = { clientId, room: 'crypto', content: 'Écrivez-moi sur WhatsApp' };
      expect(await chat.ask(vip, CLIENT_EVENTS.post, payload, postMessageAck)).toEqual({ held: true });
      const [entry] = (await heldQueue()).filter((h) => h.content === payload.content);
      if (!entry) throw new Error('message retenu absent de la file');
      const told = nextEvent(vip, MESSAGE_REJECTED_EVENT, messageRejectedEvent, (e) => e.clientId === clientId);
      expect((await decide('coach', entry._id, 'reject')).status).toBe(200);
      expect(await told).toEqual({ clientId, error: KEYWORD_TEXT.rejected });
      expect(await chat.ask(vip, CLIENT_EVENTS.post, payload, postMessageAck)).toEqual({ error: KEYWORD_TEXT.rejected });
      const stored = await server().database.db.select().from(messages).where(eq(messages.clientId, clientId));
      expect(stored).toEqual([]);
      const log = await server().database.db.select().from(moderationLog).where(eq(moderationLog.action, 'held_rejected'));
      expect(log.at(-1)).toMatchObject({ roomId: 'crypto', details: 'whatsapp' });
      expect(z.string().parse((await (await decide('coach', 'inconnu', 'approve')).json() as { error: string }).error)).toBe(KEYWORD_TEXT.decidedElsewhere);
    } finally {
      await setRules('coach', 'crypto', []);
    }
  });
});
