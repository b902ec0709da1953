import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_EVENTS, editMessageAck, okAck, postMessageAck } from '../../src/contract/chat';
import { moderationLogResponse, muteResponse } from '../../src/contract/moderation';
import { MUTE_TEXT } from '../../src/domain/mute';
import { chatMutes } from '../../server/db/schema';
import { nextEvent, useChatServer, userIdOf } from './chat-helpers';
import { chatRoomsResponse, MUTED_EVENT, mutedEvent } from '../../src/contract/chat-room';

/** Issue 22: timed mutes, and every moderation action on record with its author. */
const { server, chat } = useChatServer();

const asUser = async (account: string) => chat.token(account);
const mute = async (account: string, body: unknown) => server().post('/rest/chat/mutes', body, await asUser(account));

describe('timed mutes (issue 22)', () => {
  it('keep a muted member from posting and editing until the mute ends, then let them', async () => {
    const live = await chat.open('live');
    const earlier = await chat.post(live, { room: 'forex', content: 'Avant la sourdine' });
    const liveId = await userIdOf(server(), 'live');
    const told = nextEvent(live, MUTED_EVENT, mutedEvent, () => true);
    const answer = await mute('coach', { userId: liveId, minutes: 10 });
    expect(answer.status).toBe(200);
    const { until } = muteResponse.parse(await answer.json());
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(9 * 60_000);
    // The member's sockets hear it at once, and the room list carries it (their composers say it before any post).
    expect(await told).toEqual({ until });
    const roomsOf = async (account: string) => chatRoomsResponse.parse(await (await server().get('/content/api/chatrooms', await asUser(account))).json());
    expect((await roomsOf('live')).mutedUntil).toBe(until);
    expect((await roomsOf('vip')).mutedUntil).toBeNull();

    const refused = await chat.ask(live, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'forex', content: 'Pendant' }, postMessageAck);
    expect(refused).toEqual({ error: expect.stringMatching(/^Vous ne pouvez plus écrire dans le chat jusqu’à \d\d:\d\d\.$/) });
    expect(await chat.ask(live, CLIENT_EVENTS.post, { clientId: randomUUID(), parentMessage: earlier._id, content: 'Pendant' }, postMessageAck)).toHaveProperty('error');
    expect(await chat.ask(live, CLIENT_EVENTS.edit, { messageId: earlier._id, content: 'Réécrit' }, editMessageAck)).toHaveProperty('error');
    // Other members write on.
    await chat.post(await chat.open('vip'), { room: 'forex', content: 'Moi je peux' });

    // The mute over (moved into the past), the member writes again.
    await server().database.db.update(chatMutes).set({ until: new Date(Date.now() - 1000) }).where(eq(chatMutes.userId, liveId));
    expect(await chat.ask(live, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'forex', content: 'Après' }, postMessageAck)).toHaveProperty('message');
  });

  it('are for moderators to give, to members only, for 10 min, 1 h or 24 h; and lifted', async () => {
    const vipId = await userIdOf(server(), 'vip');
    expect((await mute('live', { userId: vipId, minutes: 10 })).status).toBe(403);
    expect((await mute('coach', { userId: vipId, minutes: 15 })).status).toBe(400);
    expect((await mute('coach', { userId: 'vip', minutes: 10 })).status).toBe(400);
    const onModerator = await mute('coach', { userId: await userIdOf(server(), 'analyste'), minutes: 10 });
    expect([onModerator.status, await onModerator.json()]).toEqual([400, { error: MUTE_TEXT.notModeratable }]);
    expect((await mute('coach', { userId: vipId, minutes: 1440 })).status).toBe(200);
    const vip = await chat.open('vip');
    expect(await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'crypto', content: 'Muet' }, postMessageAck)).toHaveProperty('error');
    const freed = nextEvent(vip, MUTED_EVENT, mutedEvent, (e) => e.until === null);
    const lifted = await server().delete(`/rest/chat/mutes/${vipId}`, await asUser('coach'));
    expect(await lifted.json()).toEqual({ ok: true, lifted: true });
    await freed;
    expect(await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'crypto', content: 'Plus muet' }, postMessageAck)).toHaveProperty('message');
  });

  it('log every moderation action with its author, for moderators only', async () => {
    const live = await chat.open('live');
    const message = await chat.post(live, { room: 'indices', content: 'À modérer' });
    const coach = await chat.open('coach');
    await chat.ask(coach, CLIENT_EVENTS.edit, { messageId: message._id, content: 'Modéré' }, editMessageAck);
    expect(await chat.ask(coach, CLIENT_EVENTS.delete, { alertId: message._id }, okAck)).toEqual({ ok: true });
    await server().post('/rest/chat/rooms/indices/slow_mode', { seconds: 10 }, await asUser('coach'));
    await server().post('/rest/chat/rooms/indices/slow_mode', { seconds: 0 }, await asUser('coach'));
    expect((await server().get('/rest/chat/moderation_log', await asUser('vip'))).status).toBe(403);
    const { entries } = moderationLogResponse.parse(await (await server().get('/rest/chat/moderation_log', await asUser('coach'))).json());
    const about = entries.filter((e) => e.messageId === message._id).map((e) => [e.action, e.moderator, e.target]);
    expect(about).toEqual([
      ['delete_message', 'coach', 'live'],
      ['edit_message', 'coach', 'live'],
    ]);
    expect(entries.filter((e) => e.action === 'slow_mode' && e.roomId === 'indices').map((e) => e.details)).toEqual(['0 s', '10 s']);
    expect(entries.some((e) => e.action === 'mute' && e.target === 'live' && e.details === '10 min')).toBe(true);
  });
});
