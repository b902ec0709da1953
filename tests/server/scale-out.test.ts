import { randomUUID } from 'node:crypto';
import { connect as tcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, chatMessagesEvent, postMessageAck, SERVER_EVENTS } from '../../src/contract/chat';
import { MESSAGING_SERVER_EVENTS, newPrivateMessageEvent } from '../../src/contract/messaging';
import { onceAcrossProcesses } from '../../server/db/once-across-processes';
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

  beforeAll(async () => {
    // One deployment: the same database, the same Redis prefix (a fresh one per run), the same secret.
    const app = { redisUrl: REDIS_URL, redisPrefix: `essai-${randomUUID().slice(0, 8)}`, floodLimits: { post: { points: 3, seconds: 60 }, like: { points: 100, seconds: 1 } } };
    nodeA = await startTestServer({ databaseUrl: databaseUrl!, app });
    nodeB = await startTestServer({ databaseUrl: databaseUrl!, app });
    chatA = chatClient(nodeA);
    chatB = chatClient(nodeB);
  }, 60_000);
  afterAll(async () => {
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
