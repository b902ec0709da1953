import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { alertAnswer, type AlertInput } from '../../src/contract/alerts';
import { notificationSettings } from '../../src/contract/account';
import { CLIENT_EVENTS, postMessageAck } from '../../src/contract/chat';
import { ROOM_LEVEL_EVENT, roomLevelEvent, roomLevelsResponse } from '../../src/contract/room-levels';
import type { PlanningItem } from '../../src/contract/planning';
import { liveStartPushes } from '../../server/push/chat-pushes';
import type { OutgoingPush, PushProvider } from '../../server/push/push-provider';
import { nextEvent, useChatServer, userIdOf } from './chat-helpers';

/** Every batch the server hands to its push provider, empty ones included (a push decided against still shows as a call). */
const calls: OutgoingPush[][] = [];
const recorder: PushProvider = {
  send: async (pushes) => {
    calls.push([...pushes]);
  },
};
const { server, chat } = useChatServer({ push: recorder });

/** Issue 22: levels per room (Tout, Mentions, Coachs seulement, Rien) and the pushes they let through. */
const setLevel = async (account: string, room: string, level: unknown) => server().put(`/rest/chat/rooms/${room}/notification_level`, { level }, await chat.token(account));
const levelsOf = async (account: string) => roomLevelsResponse.parse(await (await server().get('/rest/chat/notification_levels', await chat.token(account))).json()).levels;
/** Runs `act`, then answers the next batch it caused. */
const nextBatch = async (act: () => Promise<unknown>): Promise<OutgoingPush[]> => {
  const before = calls.length;
  await act();
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before), { timeout: 5000 });
  return calls.slice(before).flat();
};
const globalBox = async (account: string, key: 'mentioned-you' | 'thread' | 'private-message', web: boolean) => {
  const token = await chat.token(account);
  const current = notificationSettings.parse(await (await server().get('/rest/settings/notifications', token)).json());
  const saved = await server().put('/rest/settings/notifications', { ...current, global: { ...current.global, [key]: { ...current.global[key], web } } }, token);
  expect(saved.status).toBe(200);
};

describe('notification levels per room (issue 22)', () => {
  it('are the member’s own, for rooms they read, refused in French when malformed, and heard by their other sockets', async () => {
    expect(await levelsOf('vip')).toEqual({});
    const other = await chat.open('vip');
    const heard = nextEvent(other, ROOM_LEVEL_EVENT, roomLevelEvent, (e) => e.room === 'forex');
    expect((await setLevel('vip', 'forex', 'mentions')).status).toBe(200);
    expect(await heard).toEqual({ room: 'forex', level: 'mentions' });
    expect(await levelsOf('vip')).toEqual({ forex: 'mentions' });
    expect(await levelsOf('live')).toEqual({});
    const bad = await setLevel('vip', 'forex', 'parfois');
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Requête invalide' }]);
    // 'membre' reads no VIP room.
    expect((await setLevel('membre', 'forex', 'none')).status).toBe(403);
    expect((await setLevel('vip', 'inconnue', 'none')).status).toBe(404);
    expect((await server().put('/rest/chat/rooms/forex/notification_level', { level: 'none' })).status).toBe(401);
    // Back to 'Tout': nothing kept.
    expect((await setLevel('vip', 'forex', 'all')).status).toBe(200);
    expect(await levelsOf('vip')).toEqual({});
  });

  it('lets a mention push through at Tout, Mentions and Coachs seulement, never at Rien nor with the box unticked', async () => {
    const coach = await chat.open('coach');
    const mention = () => chat.post(coach, { room: 'crypto', content: `@vip regarde ce niveau ${randomUUID().slice(0, 6)}` });
    const vipId = await userIdOf(server(), 'vip');
    const toVip = (pushes: OutgoingPush[]) => pushes.filter((p) => p.toUserId === vipId);

    const pushed = toVip(await nextBatch(mention));
    expect(pushed).toEqual([{ toUserId: vipId, title: 'Nouvelle mention dans Crypto', body: expect.stringMatching(/^.+ : @vip regarde ce niveau/), url: expect.stringMatching(/^\/chat\?room=Crypto&message=/) }]);
    for (const level of ['mentions', 'coaches']) {
      await setLevel('vip', 'crypto', level);
      expect(toVip(await nextBatch(mention))).toHaveLength(1);
    }
    await setLevel('vip', 'crypto', 'none');
    expect(toVip(await nextBatch(mention))).toEqual([]);
    await setLevel('vip', 'crypto', 'all');
    await globalBox('vip', 'mentioned-you', false);
    expect(toVip(await nextBatch(mention))).toEqual([]);
    await globalBox('vip', 'mentioned-you', true);
  });

  it('pushes a reply to the thread’s followers (its author never), by their level', async () => {
    const vip = await chat.open('vip');
    const coach = await chat.open('coach');
    const parent = await chat.post(vip, { room: 'indices', content: 'Le DAX va-t-il tenir les 18 000 ?' });
    const vipId = await userIdOf(server(), 'vip');
    const reply = () => chat.post(coach, { parentMessage: parent._id, content: 'Oui, tant que 17 950 tient.' });
    const pushed = await nextBatch(reply);
    expect(pushed).toEqual([{ toUserId: vipId, title: 'Nouvelle réponse dans un fil de Indices', body: expect.stringContaining('Oui, tant que 17 950 tient.'), url: expect.stringMatching(/^\/chat\?room=Indices&message=/) }]);
    await setLevel('vip', 'indices', 'coaches');
    expect(await nextBatch(reply)).toHaveLength(1);
    await setLevel('vip', 'indices', 'none');
    expect(await nextBatch(reply)).toEqual([]);
    await setLevel('vip', 'indices', 'all');
    // The follower's own reply pushes nothing to them.
    const before = calls.length;
    await chat.ask(vip, CLIENT_EVENTS.post, { clientId: randomUUID(), parentMessage: parent._id, content: 'Merci !' }, postMessageAck);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.slice(before).flat().filter((p) => p.toUserId === vipId)).toEqual([]);
  });

  it('pushes a private message when the receiver’s box is ticked', async () => {
    const coach = await chat.open('coach');
    const vipId = await userIdOf(server(), 'vip');
    const send = () => chat.ask(coach, CLIENT_EVENTS.post, { clientId: randomUUID(), usersId: [String(vipId)], content: 'Un point sur ton plan ?' }, postMessageAck);
    expect(await nextBatch(send)).toEqual([{ toUserId: vipId, title: expect.stringMatching(/^Nouveau message privé de /), body: 'Un point sur ton plan ?', url: '/chat' }]);
    await globalBox('vip', 'private-message', false);
    expect(await nextBatch(send)).toEqual([]);
    await globalBox('vip', 'private-message', true);
  });

  it('lets an alert push through at Tout and Coachs seulement, not at Mentions nor Rien', async () => {
    const [vipId, liveId] = await Promise.all([userIdOf(server(), 'vip'), userIdOf(server(), 'live')]);
    const postAlert = async () => {
      const input: AlertInput = { title: `Alerte ${randomUUID().slice(0, 6)}`, room: 'forex', content: 'Achat EUR/USD.', attachments: [], trade: null, freeAlert: false };
      const response = await server().post('/rest/alerts', input, await chat.token('coach'));
      expect(response.status).toBe(200);
      return alertAnswer.parse(await response.json()).alert;
    };
    // 'live' keeps the default: each alert's batch has its push, and says whether vip's is there.
    const vipPushed = async () => {
      const pushes = await nextBatch(postAlert);
      expect(pushes.some((p) => p.toUserId === liveId)).toBe(true);
      return pushes.some((p) => p.toUserId === vipId);
    };
    expect(await vipPushed()).toBe(true);
    await setLevel('vip', 'forex', 'coaches');
    expect(await vipPushed()).toBe(true);
    await setLevel('vip', 'forex', 'mentions');
    expect(await vipPushed()).toBe(false);
    await setLevel('vip', 'forex', 'none');
    expect(await vipPushed()).toBe(false);
    await setLevel('vip', 'forex', 'all');
  });

  it('pushes a live that starts to members with the live subscription whose coaches’ notifications are on', async () => {
    const [liveId, vipId] = await Promise.all([userIdOf(server(), 'live'), userIdOf(server(), 'vip')]);
    const start = new Date('2026-11-27T17:00:00Z');
    const live: PlanningItem = {
      id: 9001,
      attributes: { name: 'Session US', speaker: 'Karim', date: start.toISOString(), dateFin: new Date(start.getTime() + 3_600_000).toISOString(), directlink: null, room: null },
    };
    const pushes = await liveStartPushes(server().database.db, [live], new Date('2026-11-27T16:45:00Z'));
    expect(pushes.find((p) => p.toUserId === liveId)).toEqual({ toUserId: liveId, title: 'Live : Session US', body: expect.stringMatching(/^Karim commence à \d\d:\d\d\. Rejoignez le live sur Comptoir\.$/), url: '/' });
    // VIP without the live subscription: nothing.
    expect(pushes.some((p) => p.toUserId === vipId)).toBe(false);
  });
});
