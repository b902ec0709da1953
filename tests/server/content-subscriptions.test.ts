import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import {
  LIVE_CHANGED_SUBSCRIPTION,
  liveChangedEvent,
  PLANNING_CHANGED_SUBSCRIPTION,
  planningChangedEvent,
  REPLAY_PUBLISHED_SUBSCRIPTION,
  replayPublishedEvent,
} from '../../src/contract/content-events';
import { CURRENT_POLL_QUERY, PLANNING_SLOTS_QUERY, PUBLISH_REPLAY_MUTATION, SAVE_PLANNING_SLOT_MUTATION } from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { planningSlot, planningSlotsResponse, type PlanningSlotInput } from '../../src/contract/planning';
import { replaysResponse, type PublishReplayInput } from '../../src/contract/replays';
import { LIVE_EARLY_MS, planningRange } from '../../src/domain/live-window';
import { startTestServer, type TestServer, sessionCache } from './test-server';
import { feed } from './graphql-ws-feed';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { OutgoingPush } from '../../server/push/push-provider';

/*
 * graphql-ws on the content host. The server's clock is ours to move (`offset`): the live boundary
 * timer is seen firing for real a couple of seconds after the clock is set just before a window
 * opens.
 */

let server: TestServer;
let offset = 0;
let closed = false;
const clock = () => new Date(Date.now() + offset);
const clients: Client[] = [];

/** The web pushes the server hands over (issue 22: a live that starts). */
const pushed: OutgoingPush[] = [];
beforeAll(async () => {
  server = await startTestServer({ app: { now: clock, push: { send: async (pushes) => void pushed.push(...pushes) } } });
}, 60_000);
afterAll(async () => {
  for (const client of clients) await client.dispose();
  if (!closed) await server.close();
});

const tokenOf = sessionCache(() => server);

const wsUrl = () => `${server.url.replace(/^http/, 'ws')}${GRAPHQL_PATH}`;
const clientOf = async (who: string): Promise<Client> => {
  const client = createClient({ url: wsUrl(), webSocketImpl: WebSocket, connectionParams: { token: await tokenOf(who) }, retryAttempts: 0 });
  clients.push(client);
  return client;
};

const liveFeed = (client: Client) => feed(client, LIVE_CHANGED_SUBSCRIPTION, (data) => liveChangedEvent.parse(data).liveChanged);
const planningFeed = (client: Client) => feed(client, PLANNING_CHANGED_SUBSCRIPTION, (data) => planningChangedEvent.parse(data).planningChanged);
const replayFeed = (client: Client) => feed(client, REPLAY_PUBLISHED_SUBSCRIPTION, (data) => replayPublishedEvent.parse(data).replayPublished);
const subscribed = (topic: 'liveChanged' | 'planningChanged' | 'replayPublished', count: number) =>
  vi.waitFor(() => expect(server.content.events.subscribers(topic)).toBe(count), { timeout: 5000 });

const saveSlot = async (input: Partial<PlanningSlotInput>, who = 'coach') =>
  server.graphql(
    SAVE_PLANNING_SLOT_MUTATION,
    { input: { id: null, name: 'Live', speaker: 'Camille Durand', weekday: 7, startMinute: 18 * 60, durationMinutes: 45, roomClickId: null, directLink: null, ...input } },
    await tokenOf(who),
  );
const replayInput = (slug: string): PublishReplayInput => ({
  title: 'Replay du jour : le DAX en direct',
  slug,
  description: 'La séance de ce matin, commentée.',
  category: 'Indices',
  authorId: null,
  video: 'chapitre-2.webm',
  durationSeconds: 15,
});
const codeOf = (answer: { errors?: { message: string }[] }) => (answer.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code;
const minuteOfDay = (date: Date) => date.getUTCHours() * 60 + date.getUTCMinutes();
const isoWeekday = (date: Date) => ((date.getUTCDay() + 6) % 7) + 1;

describe('the graphql-ws connection', () => {
  it('refuses a connection without a token or with a bad one (4403)', async () => {
    for (const connectionParams of [{}, { token: 'pas-un-jeton' }, undefined]) {
      const code = await new Promise<number>((resolve) => {
        const client = createClient({
          url: wsUrl(),
          webSocketImpl: WebSocket,
          connectionParams,
          retryAttempts: 0,
          lazy: false,
          onNonLazyError: () => undefined,
          on: { closed: (event) => resolve((event as { code: number }).code) },
        });
        clients.push(client);
      });
      expect(code).toBe(4403);
    }
  });

  it('carries subscriptions only, and answers a bad document without closing the socket', async () => {
    const client = await clientOf('vip');
    const outcome = (query: string) =>
      new Promise<unknown>((resolve) => {
        client.subscribe({ query }, { next: (result) => resolve(result), error: (error) => resolve({ error }), complete: () => resolve(null) });
      });
    expect(JSON.stringify(await outcome(CURRENT_POLL_QUERY))).toContain('Seules les souscriptions passent par le WebSocket');
    expect(JSON.stringify(await outcome('subscription { liveChanged {'))).toContain('Syntax Error');
    expect(JSON.stringify(await outcome('subscription { inconnu }'))).toContain('inconnu');
    // Still connected: the same socket carries the next subscription.
    const lives = liveFeed(client);
    await subscribed('liveChanged', 1);
    expect(lives.errors).toEqual([]);
    await client.dispose();
    await subscribed('liveChanged', 0);
    // A subscription sent over HTTP gets an error, not a stream.
    const viaHttp = await server.graphql(LIVE_CHANGED_SUBSCRIPTION, undefined, await tokenOf('vip'));
    expect(viaHttp.errors?.length).toBeGreaterThan(0);
  });

  it('leaves other upgrades to socket.io', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.close();
  });
});

describe('coach mutations', () => {
  it('are refused to members without subscription 6, and to nobody signed in', async () => {
    for (const who of ['vip', 'live', 'membre']) {
      const slot = await saveSlot({ name: 'Intrus' }, who);
      expect(slot.errors?.[0]?.message).toBe('Accès refusé');
      expect(codeOf(slot)).toBe('FORBIDDEN');
      const replay = await server.graphql(PUBLISH_REPLAY_MUTATION, { input: replayInput(`intrus-${who}`) }, await tokenOf(who));
      expect(codeOf(replay)).toBe('FORBIDDEN');
    }
    const anonymous = await server.graphql(SAVE_PLANNING_SLOT_MUTATION, {
      input: { id: null, name: 'X', speaker: 'Y', weekday: 1, startMinute: 0, durationMinutes: 30, roomClickId: null, directLink: null },
    });
    expect(codeOf(anonymous)).toBe('FORBIDDEN');
  });

  it('list the weekly programme to coaches only, by day and time', async () => {
    for (const who of ['vip', 'live', 'membre']) expect(codeOf(await server.graphql(PLANNING_SLOTS_QUERY, {}, await tokenOf(who)))).toBe('FORBIDDEN');
    const answer = await server.graphql(PLANNING_SLOTS_QUERY, {}, await tokenOf('coach'));
    const slots = planningSlotsResponse.parse(answer.data).planningSlots;
    expect(slots.length).toBeGreaterThan(5);
    const order = slots.map((s) => s.weekday * 1440 + s.startMinute);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('refuse bad input in French', async () => {
    const cases: [Partial<PlanningSlotInput>, string][] = [
      [{ weekday: 8 }, 'weekday'],
      [{ durationMinutes: 2 }, 'durationMinutes'],
      [{ name: '   ' }, 'name'],
      [{ roomClickId: 'Salle Une' }, 'roomClickId'],
      [{ directLink: 'javascript:alert(1)' }, 'directLink'],
    ];
    for (const [input, field] of cases) {
      const answer = await saveSlot(input);
      expect(codeOf(answer), field).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toBe(`Requête invalide : champ « ${field} » manquant ou incorrect`);
    }
    expect((await saveSlot({ name: 'Nul\u0000' })).errors?.[0]?.message).toBe('Requête invalide : caractère nul');
    const unknown = await saveSlot({ id: 99_999 });
    expect(unknown.errors?.[0]?.message).toBe('Créneau introuvable');
    const coach = await tokenOf('coach');
    const publish = async (input: Partial<PublishReplayInput>) =>
      (await server.graphql(PUBLISH_REPLAY_MUTATION, { input: { ...replayInput('replay-refuse'), ...input } }, coach)).errors?.[0]?.message;
    expect(await publish({ slug: 'Pas Un Slug' })).toBe('Requête invalide : champ « slug » manquant ou incorrect');
    expect(await publish({ slug: 'forbiden' })).toBe('Ce slug est réservé');
    expect(await publish({ video: 'inconnue.webm' })).toBe('Vidéo inconnue');
    expect(await publish({ video: '../secret.webm' })).toBe('Requête invalide : champ « video » manquant ou incorrect');
    expect(await publish({ authorId: 99_999 })).toBe('Auteur inconnu');
  });
});

describe('liveChanged and planningChanged', () => {
  it('fires liveChanged by itself when a live window opens (15 minutes before its start)', async () => {
    // The server's clock two seconds before the window of the next weekday's 'Session US' (14:00 UTC).
    const day = 86_400_000;
    let windowOpens = Math.floor(Date.now() / day) * day + 14 * 3_600_000 - LIVE_EARLY_MS;
    while (windowOpens < Date.now() + 60_000 || isoWeekday(new Date(windowOpens)) > 5) windowOpens += day;
    offset = windowOpens - 2000 - Date.now();

    const lives = liveFeed(await clientOf('vip'));
    await subscribed('liveChanged', 1);
    // Any slot change re-arms the timer from the (moved) clock.
    expect((await saveSlot({ name: 'Préparation du dimanche', weekday: 7, startMinute: 18 * 60 })).errors).toBeUndefined();
    const now = await lives.waitFor(() => true);
    expect(now.current).toEqual([]);
    const opened = await lives.waitFor((event) => event.current.length > 0, 6000);
    expect(Date.parse(opened.at)).toBeGreaterThanOrEqual(windowOpens);
    expect(Date.parse(opened.at)).toBeLessThan(windowOpens + 2000);
    expect(opened.current.map((item) => item.attributes.name)).toEqual(['Session US']);
    expect(opened.current[0]!.attributes.date).toBe(new Date(windowOpens + LIVE_EARLY_MS).toISOString());
  });

  it('tells every member at once when a coach makes a live start now, and when they move it', async () => {
    const [vip, member] = [await clientOf('live'), await clientOf('membre')];
    const [lives, planning, memberPlanning] = [liveFeed(vip), planningFeed(vip), planningFeed(member)];
    await subscribed('planningChanged', 2);
    await subscribed('liveChanged', 2);
    const now = clock();
    const input = { name: 'Live surprise', speaker: 'Camille Durand', weekday: isoWeekday(now), startMinute: minuteOfDay(now), durationMinutes: 30, roomClickId: 'live-surprise' };
    const answer = await saveSlot(input);
    expect(answer.errors).toBeUndefined();
    const saved = planningSlot.parse((answer.data as { savePlanningSlot: unknown }).savePlanningSlot);
    expect(saved).toMatchObject({ ...input, directLink: null });

    const started = await lives.waitFor((event) => event.current.some((item) => item.attributes.name === 'Live surprise'));
    expect(started.current.find((item) => item.attributes.name === 'Live surprise')!.attributes.room).toEqual({ room_click_id: 'live-surprise' });
    // Its web push, once, to members with the live subscription ('live'), not to the others ('membre').
    const liveId = (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'live')))[0]!.id;
    await vi.waitFor(() => expect(pushed.filter((p) => p.title === 'Live : Live surprise').map((p) => p.toUserId)).toContain(liveId));
    expect(pushed.filter((p) => p.title === 'Live : Live surprise' && p.toUserId === liveId)).toHaveLength(1);
    const changed = await planning.waitFor((event) => event.items.some((item) => item.attributes.name === 'Live surprise'));
    const range = planningRange(now);
    expect(Date.parse(changed.from)).toBe(range.from.getTime());
    expect(Date.parse(changed.to)).toBe(range.to.getTime());
    await memberPlanning.waitFor((event) => event.items.some((item) => item.attributes.name === 'Live surprise'));

    // Moved to tomorrow: no longer current, and the planning shows it there.
    const moved = await saveSlot({ ...input, id: saved.id, weekday: (input.weekday % 7) + 1 });
    expect(moved.errors).toBeUndefined();
    await lives.waitFor((event) => event.current.length > 0 && !event.current.some((item) => item.attributes.name === 'Live surprise'));
    const replanned = await planning.waitFor((event) => {
      const item = event.items.find((i) => i.attributes.name === 'Live surprise');
      return item !== undefined && Date.parse(item.attributes.date) > now.getTime() + 12 * 3_600_000;
    });
    expect(replanned.items.filter((i) => i.attributes.name === 'Live surprise').length).toBeGreaterThanOrEqual(1);
  });
});

describe('replayPublished', () => {
  it('gives a VIP the new replay with its video, and a member without VIP a locked one', async () => {
    const [vip, member] = [replayFeed(await clientOf('vip')), replayFeed(await clientOf('membre'))];
    await subscribed('replayPublished', 2);
    const answer = await server.graphql(PUBLISH_REPLAY_MUTATION, { input: { ...replayInput('le-dax-en-direct'), authorId: null } }, await tokenOf('coach'));
    expect(answer.errors).toBeUndefined();
    const published = (answer.data as { publishReplay: { id: number; attributes: { slug: string } } }).publishReplay;
    expect(published.attributes.slug).toBe('le-dax-en-direct');

    const seen = await vip.waitFor((replay) => replay.id === published.id);
    expect(seen.locked).toBe(false);
    expect(seen.attributes.videoUrl).toBe(`/content/api/platform-replays/${published.id}/video`);
    expect(seen.attributes).toMatchObject({ title: 'Replay du jour : le DAX en direct', category: 'Indices', durationSeconds: 15, author: null });
    const locked = await member.waitFor((replay) => replay.id === published.id);
    expect(locked.locked).toBe(true);
    expect(locked.attributes.videoUrl).toBeNull();
    expect(locked.attributes.description).toBe('La séance de ce matin, commentée.');

    // The list has it first; the video plays for a VIP and is refused to the member.
    const list = replaysResponse.parse(await (await server.get('/content/api/platform-replays', await tokenOf('vip'))).json());
    expect(list.data[0]!.id).toBe(published.id);
    expect((await server.get(seen.attributes.videoUrl!, await tokenOf('vip'))).status).toBe(200);
    expect((await server.get(seen.attributes.videoUrl!, await tokenOf('membre'))).status).toBe(403);
    const again = await server.graphql(PUBLISH_REPLAY_MUTATION, { input: replayInput('le-dax-en-direct') }, await tokenOf('coach'));
    expect(codeOf(again)).toBe('CONFLICT');
  });
});

describe('closing the server', () => {
  it('ends the open subscriptions at once, so nothing hangs', async () => {
    const client = await clientOf('vip');
    liveFeed(client);
    await vi.waitFor(() => expect(server.content.subscriptions.connections()).toBeGreaterThan(0));
    const ended = new Promise<void>((resolve) => client.on('closed', () => resolve()));
    const started = Date.now();
    closed = true;
    await server.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.content.events.subscribers('liveChanged')).toBe(0);
  });
});
