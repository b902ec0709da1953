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

async function open(account: string): Promise<{ socket: Socket; outcome: string }> {
  const socket = connect(server.url, { auth: { token: await server.tokenOf(account) }, transports: ['websocket'], reconnection: false, forceNew: true });
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
});
