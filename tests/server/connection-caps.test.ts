import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { TOO_MANY_ADDRESS_CONNECTIONS, TOO_MANY_MEMBER_CONNECTIONS } from '../../server/realtime/connection-caps';
import { startTestServer, type TestServer } from './test-server';

/** Open sockets capped per member and per address (issue 23), with small caps to reach them. */
let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ app: { connectionCaps: { perMember: 2, perAddress: 3 } } });
}, 30_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

async function open(account: string, forwardedFor?: string, on: TestServer = server): Promise<{ socket: Socket; outcome: string }> {
  const socket = connect(on.url, {
    auth: { token: await on.tokenOf(account) },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(forwardedFor ? { extraHeaders: { 'x-forwarded-for': forwardedFor } } : {}),
  });
  sockets.push(socket);
  const outcome = await new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
  return { socket, outcome };
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    socket.once('disconnect', () => resolve());
    socket.close();
  });

describe('connection caps', () => {
  it('refuses a member past their sockets, then an address past its own, in French; a closed socket frees its place', async () => {
    const first = await open('vip');
    expect(first.outcome).toBe('connected');
    expect((await open('vip')).outcome).toBe('connected');
    expect((await open('vip')).outcome).toBe(TOO_MANY_MEMBER_CONNECTIONS);
    // A refused handshake holds no place: another member still gets the address's third.
    expect((await open('membre')).outcome).toBe('connected');
    expect((await open('coach')).outcome).toBe(TOO_MANY_ADDRESS_CONNECTIONS);
    await closed(first.socket);
    // The server counts the closed socket out once it has seen it go.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await open('coach')).outcome).toBe('connected');
    expect((await open('vip')).outcome).toBe(TOO_MANY_ADDRESS_CONNECTIONS);
  });

  it("counts the address a balancer on this machine forwards, not the balancer's own", async () => {
    // Three members behind one balancer, each from an address of their own: none refused.
    for (const [account, address] of [['analyste', '203.0.113.1'], ['live', '203.0.113.2'], ['support', '203.0.113.3']] as const) {
      expect((await open(account, address)).outcome).toBe('connected');
    }
    expect((await open('vip', '203.0.113.1')).outcome).toBe('connected');
  });

  it('believes no forwarded address when TRUST_PROXY says no proxy: a member cannot name another address', async () => {
    const untrusting = await startTestServer({ app: { connectionCaps: { perMember: 5, perAddress: 2 }, trustProxy: false } });
    try {
      expect((await open('vip', '198.51.100.1', untrusting)).outcome).toBe('connected');
      expect((await open('vip', '198.51.100.2', untrusting)).outcome).toBe('connected');
      expect((await open('vip', '198.51.100.3', untrusting)).outcome).toBe(TOO_MANY_ADDRESS_CONNECTIONS);
    } finally {
      for (const socket of sockets) socket.close();
      await untrusting.close();
    }
  });
});
