import { randomUUID } from 'node:crypto';
import { connect as tcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, chatMessagesEvent, postMessageAck, SERVER_EVENTS } from '../../src/contract/chat';
import { MESSAGING_SERVER_EVENTS, newPrivateMessageEvent } from '../../src/contract/messaging';
import { createClient as graphqlWsClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { REPLAY_PUBLISHED_SUBSCRIPTION, replayPublishedEvent } from '../../src/contract/content-events';
import { LOGIN_MUTATION, PUBLISH_REPLAY_MUTATION } from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { LOGIN_ATTEMPTS, TOO_MANY_ATTEMPTS } from '../../server/graphql/content-schema';
import { onceAcrossProcesses, oneAtATime } from '../../server/db/once-across-processes';
import { openDatabase } from '../../server/db/open-database';
import { claimFirst, connectRedis } from '../../server/realtime/shared-redis';
import { feed } from './graphql-ws-feed';
import { dropPostgres, freshPostgres } from '../load/load-seed';
import { chatClient, nextEvent, userIdOf } from './chat-helpers';
import { startTestServer, type TestServer } from './test-server';

/**
 * Several server processes on PostgreSQL and Redis (issue 24): two app instances in one test, on
 * one database and one Redis, share a room, a private conversation, a member's flood limit and a
 * once-only job. Runs where both answer on this machine (TEST_DATABASE_URL, REDIS_URL, defaults on
 * loopback); skipped, loudly, otherwise.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'comptoir_scale_out';

const redisAnswers = (): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(REDIS_URL);
    const socket = tcp(Number(port || 6379), hostname);
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const databaseUrl = (await redisAnswers()) ? await freshPostgres(ADMIN_URL, DATABASE) : null;
if (!databaseUrl) console.warn(`\n⚠ PostgreSQL (${ADMIN_URL}) ou Redis (${REDIS_URL}) injoignable : tests de plusieurs processus ignorés.\n`);

describe.skipIf(!databaseUrl)('two processes on PostgreSQL and Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let chatA: ReturnType<typeof chatClient>;
  let chatB: ReturnType<typeof chatClient>;
  let redisPrefix: string;
  const graphqlClients: Client[] = [];

  beforeAll(async () => {
    // One deployment: the same database, the same Redis prefix (a fresh one per run), the same secret.
    redisPrefix = `essai-${randomUUID().slice(0, 8)}`;
    const app = { redisUrl: REDIS_URL, redisPrefix, floodLimits: { post: { points: 3, seconds: 60 }, like: { points: 100, seconds: 1 } } };
    nodeA = await startTestServer({ databaseUrl: databaseUrl!, app });
    nodeB = await startTestServer({ databaseUrl: databaseUrl!, app });
    chatA = chatClient(nodeA);
    chatB = chatClient(nodeB);
  }, 60_000);
  afterAll(async () => {
    for (const client of graphqlClients) await client.dispose();
    chatA?.closeAll();
    chatB?.closeAll();
    await nodeA?.close();
    await nodeB?.close();
    await dropPostgres(ADMIN_URL, DATABASE);
  });

  it("a room: a post made on one process reaches the room's members on the other, with one sequence for both", async () => {
    const reader = await chatA.open('vip');
    await chatA.join(reader, 'forex');
    const writer = await chatB.open('coach');
    await chatB.join(writer, 'forex');
    const heard = nextEvent(reader, SERVER_EVENTS.message, chatMessagesEvent, (event) => [event].flat().some((m) => m.content === 'Vu depuis le nœud B'));
    const fromB = await chatB.post(writer, { room: 'forex', content: 'Vu depuis le nœud B' });
    expect([await heard].flat().map((m) => m._id)).toContain(fromB._id);
    // The other way, and the room's sequence goes on from one process to the other.
    const fromA = await chatA.post(reader, { room: 'forex', content: 'Et depuis le nœud A' });
    expect(fromA.seq).toBe(fromB.seq + 1);
  });

  it('a private conversation: a first message sent on one process reaches its receiver on the other', async () => {
    const receiver = await chatA.open('live');
    const arrival = nextEvent(receiver, MESSAGING_SERVER_EVENTS.newPrivateMessage, newPrivateMessageEvent);
    const sender = await chatB.open('analyste');
    const answer = await chatB.ask(sender, CLIENT_EVENTS.post, { clientId: randomUUID(), usersId: [String(await userIdOf(nodeB, 'live'))], content: 'Bonjour depuis B' }, postMessageAck);
    if (!('message' in answer)) throw new Error(`message privé refusé : ${JSON.stringify(answer)}`);
    expect((await arrival).message._id).toBe(answer.message._id);
  });

  it("a member's flood limit counts their posts on every process", async () => {
    const onA = await chatA.open('live');
    const onB = await chatB.open('live');
    const post = (socket: Awaited<ReturnType<typeof chatA.open>>, client: typeof chatA) =>
      client.ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), room: 'indices', content: 'Bonjour à tous' }, postMessageAck);
    const answers = [await post(onA, chatA), await post(onB, chatB), await post(onA, chatA), await post(onB, chatB)];
    expect(answers.map((a) => ('message' in a ? 'accepté' : 'error' in a ? a.error.replace(/\d+ s/, 'N s') : 'retenu'))).toEqual([
      'accepté',
      'accepté',
      'accepté',
      'Vous écrivez trop vite : réessayez dans N s.',
    ]);
  });

  it("a sign-in throttle counts the failed attempts made on every process", async () => {
    // An identifier of its own: the demo accounts must still sign in in the other tests.
    const identifier = `inconnu-${randomUUID().slice(0, 8)}`;
    const attempt = (node: TestServer) => node.graphql(LOGIN_MUTATION, { input: { identifier, password: 'pas le bon mot de passe' } });
    // Half the allowed failures on each process: the next one is refused on either.
    for (let i = 0; i < LOGIN_ATTEMPTS; i += 1) expect((await attempt(i % 2 === 0 ? nodeA : nodeB)).errors?.[0]?.message).not.toBe(TOO_MANY_ATTEMPTS);
    expect((await attempt(nodeA)).errors?.[0]?.message).toBe(TOO_MANY_ATTEMPTS);
    expect((await attempt(nodeB)).errors?.[0]?.message).toBe(TOO_MANY_ATTEMPTS);
  });

  it("a replay published on one process reaches the GraphQL subscribers of the other, each with its member's view", async () => {
    const subscriber = async (who: string) => {
      const client = graphqlWsClient({
        url: `${nodeB.url.replace(/^http/, 'ws')}${GRAPHQL_PATH}`,
        webSocketImpl: WebSocket,
        connectionParams: { token: await nodeB.tokenOf(who) },
        retryAttempts: 0,
      });
      graphqlClients.push(client);
      return feed(client, REPLAY_PUBLISHED_SUBSCRIPTION, (data) => replayPublishedEvent.parse(data).replayPublished);
    };
    const [vip, member] = [await subscriber('vip'), await subscriber('membre')];
    await vi.waitFor(() => expect(nodeB.content.events.subscribers('replayPublished')).toBe(2), { timeout: 5000 });
    const slug = `replay-${randomUUID().slice(0, 8)}`;
    const published = await nodeA.graphql(
      PUBLISH_REPLAY_MUTATION,
      { input: { title: 'Replay croisé', slug, description: 'Publié sur A', category: 'Indices', authorId: null, video: 'chapitre-2.webm', durationSeconds: 15 } },
      await nodeA.tokenOf('coach'),
    );
    expect(published.errors).toBeUndefined();
    const [forVip, forMember] = await Promise.all([vip.waitFor((r) => r.attributes.slug === slug), member.waitFor((r) => r.attributes.slug === slug)]);
    expect([forVip.locked, forMember.locked]).toEqual([false, true]);
    // Heard once each: the publishing process does not hear its own event back from Redis.
    expect(nodeA.content.events.subscribers('replayPublished')).toBe(0);
    expect(vip.events.filter((r) => r.attributes.slug === slug)).toHaveLength(1);
  });

  it("a live's start is claimed by one process: its pushes are sent once", async () => {
    const [one, two] = [await connectRedis(REDIS_URL, redisPrefix, nodeA.app.log), await connectRedis(REDIS_URL, redisPrefix, nodeB.app.log)];
    try {
      const lives = [{ id: 1, date: '2026-11-28T18:00:00.000Z' }, { id: 2, date: '2026-11-28T18:00:00.000Z' }];
      const keyOf = (live: (typeof lives)[number]) => `live-start:${live.id}:${live.date}`;
      const [forOne, forTwo] = await Promise.all([claimFirst(one, lives, keyOf, 60, nodeA.app.log), claimFirst(two, lives, keyOf, 60, nodeB.app.log)]);
      expect([...forOne, ...forTwo].map((live) => live.id).sort()).toEqual([1, 2]);
      // The next week's live, a new key: claimed again.
      expect(await claimFirst(one, [{ id: 1, date: '2026-12-05T18:00:00.000Z' }], keyOf, 60, nodeA.app.log)).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('processes started together on a fresh database migrate it once, one after the other', async () => {
    const fresh = await freshPostgres(ADMIN_URL, `${DATABASE}_demarrage`);
    try {
      const opened = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: fresh!, dataDir: null })));
      let running = 0;
      let most = 0;
      const seeding = (process: number) =>
        oneAtATime(opened[process]!, 'essai-demarrage', async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 200));
          running -= 1;
        });
      await Promise.all([seeding(0), seeding(1), seeding(2)]);
      expect(most).toBe(1);
      await Promise.all(opened.map((database) => database.close()));
    } finally {
      await dropPostgres(ADMIN_URL, `${DATABASE}_demarrage`);
    }
  });

  it('a periodic job runs in one process at a time', async () => {
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running -= 1;
      return 'fait';
    };
    const outcomes = await Promise.all([onceAcrossProcesses(nodeA.database, 'essai', job), onceAcrossProcesses(nodeB.database, 'essai', job)]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(most).toBe(1);
    // Released with its transaction: the next run takes it again.
    expect((await onceAcrossProcesses(nodeB.database, 'essai', job)).ran).toBe(true);
  });
});
