import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS } from '../../src/contract/chat';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { INBOX_CLIENT_EVENTS } from '../../src/contract/inbox';
import { READ_CLIENT_EVENTS } from '../../src/contract/read-state';
import { NUL_REFUSED } from '../../server/routes/invalid-body';
import { answerProblem, contractFieldNames, hugeValue, jsonObject, jsonValue, RUNS, SEED } from './bad-input-arbitraries';
import { startTestServer, type TestServer } from './test-server';

/**
 * Bad input is harmless (issue 23), over the socket: every event the server listens to, fed wrong
 * types, missing and extra fields, huge and deep payloads, unicode edge cases and `__proto__` keys,
 * answers through its acknowledgement in French, never with a server failure, and the connection
 * and the server stay up. `FC_SEED` replays a run, `FC_EVENT='post message'` looks at one event.
 */

let server: TestServer;
let fields: string[];
let events: string[];
const sockets: Socket[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

const VIP_EVENTS = new Set<string>([CLIENT_EVENTS.join, CLIENT_EVENTS.post, CLIENT_EVENTS.more, CLIENT_EVENTS.like, CLIENT_EVENTS.edit, READ_CLIENT_EVENTS.markRead, INBOX_CLIENT_EVENTS.follow]);

/** socket.io's own limit on one message (`maxHttpBufferSize`): beyond it the connection is closed, by design. */
const MESSAGE_LIMIT = 1_000_000;

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startTestServer();
  fields = await contractFieldNames();
  events = await listenedEvents();
  console.info(`bad-input sockets: seed ${SEED}, ${RUNS} cases per event (FC_SEED=${SEED} replays them)`);
}, 60_000);
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  for (const socket of sockets) socket.close();
  await server.close();
});

async function open(account: string): Promise<Socket> {
  const socket = connect(server.url, { path: SOCKET_PATH, auth: { token: await server.tokenOf(account) }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The events the server listens to on a connection, read from the server's side of one. */
async function listenedEvents(): Promise<string[]> {
  const socket = await open('membre');
  const [own] = await server.io.in(socket.id ?? '').fetchSockets();
  const local = own ? server.io.of('/').sockets.get(own.id) : undefined;
  const names = (local?.eventNames() ?? []).filter((name): name is string => typeof name === 'string');
  return names.filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name) && (!process.env.FC_EVENT || name === process.env.FC_EVENT));
}

/** What a client may emit: a payload of the contract's fields or of anything, more arguments, or none. */
function badArguments(): fc.Arbitrary<unknown[]> {
  const payload = fc.oneof({ weight: 6, arbitrary: jsonObject(fields) }, { weight: 2, arbitrary: jsonValue(fields) }, fc.tuple(fc.constantFrom(...fields), hugeValue).map(([name, value]) => ({ [name]: value })), fc.constant(Buffer.from([0, 1, 2])));
  return fc
    .oneof({ weight: 8, arbitrary: payload.map((value): unknown[] => [value]) }, fc.constant<unknown[]>([]), fc.array(payload, { minLength: 2, maxLength: 4 }))
    .filter((args) => Buffer.byteLength(JSON.stringify(args) ?? '') < MESSAGE_LIMIT - 1_000);
}

describe('bad input on every socket event', () => {
  it('finds the events', () => {
    // join, leave, post, more, like, unlike, delete, edit, conversation read, the read states and the threads.
    expect(events.length).toBeGreaterThanOrEqual(process.env.FC_EVENT ? 1 : 14);
  });

  it('answers every event in French, never a server failure, and stays connected', async () => {
    const started = performance.now();
    const failures: string[] = [];
    for (const event of events) {
      // A member; a VIP for the events that go further for a reader of the rooms (a member's post is
      // refused at once). 'mark all rooms read' reads every room whatever it is sent: a member's is cheap.
      const socket = await open(VIP_EVENTS.has(event) ? 'vip' : 'membre');
      const outcome = await fc.check(
        fc.asyncProperty(badArguments(), async (args) => {
          let answer: unknown;
          try {
            answer = await socket.timeout(3_000).emitWithAck(event, ...args);
          } catch (error) {
            throw new Error(`${event}: no acknowledgement (${String(error)}), connected: ${socket.connected}`);
          }
          const refused = typeof answer === 'object' && answer !== null && 'error' in answer;
          const problem = answerProblem(refused ? 400 : 200, JSON.stringify(answer) ?? '');
          if (problem) throw new Error(`${event}: ${problem}`);
        }),
        // No shrinking: a failure here is often a missing answer, each try a whole timeout.
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.FC_TIMINGS) console.info(`${event}: ${Math.round(performance.now() - started)} ms so far`);
      if (outcome.failed) failures.push(`${String(outcome.errorInstance)}\n${fc.defaultReportMessage(outcome) ?? ''}`);
      socket.close();
    }
    expect(failures.join('\n\n')).toBe('');
    expect(rejections).toEqual([]);
    console.info(`bad-input sockets: ${events.length} events in ${Math.round((performance.now() - started) / 1000)} s`);
  }, 600_000);

  it('takes an event without an acknowledgement, an unknown event and a deep payload without a crash', async () => {
    const socket = await open('membre');
    for (const event of events) socket.emit(event, { room: 'forex' });
    socket.emit('événement inconnu', { __proto__: null });
    // Payloads nested 100,000 deep, written as the wire carries them (socket.io's EVENT packet; the
    // client's encoder would recurse).
    const deep = { array: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, object: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}` };
    for (const event of events) for (const payload of Object.values(deep)) socket.io.engine.send(`2[${JSON.stringify(event)},${payload}]`);
    const answer: unknown = await socket.timeout(10_000).emitWithAck('mark all rooms read', {});
    expect(answer).toHaveProperty('rooms');
    expect(rejections).toEqual([]);
  });

  it('refuses a NUL character anywhere in a payload, on every event, in French (PostgreSQL text cannot hold one)', async () => {
    const socket = await open('vip');
    // The case the fuzzer found: a conversation named "a\u0000b" was a server failure.
    expect(await socket.timeout(10_000).emitWithAck(CLIENT_EVENTS.more, { conversationId: 'a\u0000b', cursor: null })).toEqual({ error: NUL_REFUSED });
    for (const event of events) {
      const answer: unknown = await socket.timeout(10_000).emitWithAck(event, { room: 'forex', nested: [{ ['clé\u0000']: 1 }] });
      expect(answer, event).toEqual({ error: NUL_REFUSED });
    }
  });

  it('closes only the connection of a message over the limit', async () => {
    const greedy = await open('membre');
    const closed = new Promise<string>((resolve) => greedy.once('disconnect', resolve));
    greedy.emit('post message', { room: 'forex', content: 'x'.repeat(MESSAGE_LIMIT + 10) });
    expect(await closed).toBe('transport close');
    const other = await open('membre');
    const answer: unknown = await other.timeout(10_000).emitWithAck('mark all rooms read', {});
    expect(answer).toHaveProperty('rooms');
  });

  it('refuses a handshake with a bad token, and stays up', async () => {
    const bad = fc.oneof(jsonValue(fields), fc.string().map((token) => ({ token })), fc.constant({ token: 'a\u0000b' }), fc.constant({ token: `${'x'.repeat(10_000)}` }));
    await fc.assert(
      fc.asyncProperty(bad, async (auth) => {
        const socket = connect(server.url, { path: SOCKET_PATH, auth: typeof auth === 'object' && auth !== null && !Array.isArray(auth) ? (auth as Record<string, unknown>) : { token: auth }, transports: ['websocket'], reconnection: false, forceNew: true });
        const error = await new Promise<Error | null>((resolve) => {
          socket.once('connect', () => resolve(null));
          socket.once('connect_error', resolve);
        });
        socket.close();
        expect(error?.message).toBe('Unauthorized');
      }),
      { numRuns: Math.min(RUNS, 200), seed: SEED },
    );
  });
});
