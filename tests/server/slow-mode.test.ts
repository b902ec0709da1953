import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_EVENTS, postMessageAck } from '../../src/contract/chat';
import { chatRoomsResponse, SLOW_MODE_EVENT, slowModeEvent } from '../../src/contract/chat-room';
import { messages } from '../../server/db/schema';
import { nextEvent, useChatServer } from './chat-helpers';

/** Issue 22: slow mode, set by a moderator, enforced by the server whatever the client does. */
const { server, chat } = useChatServer();

const setSlowMode = async (account: string, room: string, seconds: unknown) =>
  server().post(`/rest/chat/rooms/${room}/slow_mode`, { seconds }, await chat.token(account));

describe('slow mode (issue 22)', () => {
  it('is set by moderators only, to one of its steps, and announced to the room’s readers', async () => {
    expect((await setSlowMode('vip', 'crypto', 30)).status).toBe(403);
    expect((await setSlowMode('coach', 'crypto', 7)).status).toBe(400);
    expect((await setSlowMode('coach', 'inconnue', 30)).status).toBe(404);
    const reader = await chat.open('vip');
    const heard = nextEvent(reader, SLOW_MODE_EVENT, slowModeEvent, (e) => e.room === 'crypto');
    expect((await setSlowMode('coach', 'crypto', 30)).status).toBe(200);
    expect(await heard).toEqual({ room: 'crypto', seconds: 30 });
    const rooms = chatRoomsResponse.parse(await (await server().get('/content/api/chatrooms', await chat.token('vip'))).json()).rooms;
    expect(rooms.find((r) => r.id === 'crypto')?.attributes.slowModeSeconds).toBe(30);
    expect(rooms.find((r) => r.id === 'forex')?.attributes.slowModeSeconds).toBe(0);
  });

  it('refuses a member’s second post within the wait, with the wait, in the room and its threads; not a moderator’s', async () => {
    await setSlowMode('coach', 'indices', 30);
    const vip = await chat.open('vip');
    const first = await chat.post(vip, { room: 'indices', content: 'Premier message' });
    const send = (payload: Record<string, unknown>) => chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Encore', ...payload }, postMessageAck);
    const refused = await send({ room: 'indices' });
    expect(refused).toMatchObject({ error: 'Mode lent : vous pourrez écrire à nouveau dans 30 s.' });
    expect('retryAfterMs' in refused && refused.retryAfterMs).toBeGreaterThan(29_000);
    expect(await send({ parentMessage: first._id })).toMatchObject({ error: expect.stringMatching(/^Mode lent/) });
    // The same post again (its client id) is answered with the stored message, never refused.
    expect(await chat.ask(vip, CLIENT_EVENTS.post, { clientId: first.clientId, room: 'indices', content: 'Premier message' }, postMessageAck)).toEqual({ message: first });

    const coach = await chat.open('coach');
    await chat.post(coach, { room: 'indices', content: 'Un' });
    await chat.post(coach, { room: 'indices', content: 'Deux' });

    // Once the wait is over (the first post moved back 31 s), the member posts again.
    await server().database.db.update(messages).set({ createdAt: new Date(Date.now() - 31_000) }).where(eq(messages.id, first._id));
    expect(await send({ room: 'indices' })).toHaveProperty('message');
    await setSlowMode('coach', 'indices', 0);
    expect(await send({ room: 'indices' })).toHaveProperty('message');
  });
});
