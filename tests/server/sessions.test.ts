import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { io as connect, type Socket } from 'socket.io-client';
import { PLANNING_SLOTS_QUERY } from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { chatClient, userIdOf } from './chat-helpers';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './test-server';
import { users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { firstValueFrom, filter } from 'rxjs';
import { createSocketTransport } from '../../src/sync/socket-transport';

/**
 * Sessions (issue 23): tokens signed with one pinned algorithm, expiring, and revoked by a password
 * change, 'Se déconnecter de tous les appareils' and a deletion — refused on REST, GraphQL and the
 * socket, whose open connections are closed when their member's sessions end.
 */
let server: TestServer;
const sockets: Socket[] = [];
const clients: Client[] = [];
const chats: ReturnType<typeof chatClient>[] = [];
/** A chat client of the test's server whose sockets are closed at the end. */
const newChat = () => {
  const chat = chatClient(server);
  chats.push(chat);
  return chat;
};

beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const chat of chats) chat.closeAll();
  await Promise.all(clients.map((client) => client.dispose()));
  await server.close();
});

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A token made by hand: any header, any payload, signed with HMAC-SHA(bits) of `secret` (none: no signature). */
function handMade(header: Record<string, unknown>, payload: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const head = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const alg = String(header.alg);
  if (alg === 'none') return `${head}.`;
  const bits = alg.slice(2);
  return `${head}.${base64url(createHmac(`sha${bits}`, secret).update(head).digest())}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** A socket opened with `token`: 'connected' or the handshake's refusal. */
async function socketWith(token: string): Promise<{ outcome: 'connected'; socket: Socket } | { outcome: string }> {
  const socket = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ outcome: 'connected', socket }));
    socket.once('connect_error', (error) => resolve({ outcome: error.message }));
  });
}

const disconnected = (socket: Socket, ms = 3000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket toujours connecté')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Every door a token opens: REST, GraphQL (a coach's query) and the socket's handshake. */
async function doorsFor(token: string) {
  const rest = (await server.get('/content/api/users/me', token)).status;
  const graphql = await server.graphql(PLANNING_SLOTS_QUERY, undefined, token);
  const socket = await socketWith(token);
  return { rest, graphql: graphql.errors ? 'refused' : 'ok', socket: socket.outcome };
}

const REFUSED = { rest: 401, graphql: 'refused', socket: 'Unauthorized' };

describe('tokens', () => {
  it('a genuine token opens every door; forged, altered, other-algorithm and expired ones open none', async () => {
    const coachId = await userIdOf(server, 'coach');
    const genuine = await server.tokenOf('coach');
    expect(await doorsFor(genuine)).toEqual({ rest: 200, graphql: 'ok', socket: 'connected' });

    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedTokens = {
      // The 'none' algorithm: no signature at all.
      none: handMade({ alg: 'none', typ: 'JWT' }, claims),
      // Our secret, another HMAC: signed right, but not with the pinned algorithm.
      hs512: handMade({ alg: 'HS512', typ: 'JWT' }, claims),
      // Another member's id in a genuine token's signature.
      altered: `${header}.${base64url(JSON.stringify({ ...claims, id: coachId + 1 }))}.${signature}`,
      // Signed with another secret.
      otherSecret: handMade({ alg: 'HS256', typ: 'JWT' }, claims, 'un-autre-secret'.padEnd(48, 'y')),
      // Expired a minute ago, signed right.
      expired: handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now() - 120, exp: now() - 60 }),
    };
    for (const [name, token] of Object.entries(forgedTokens)) {
      expect({ name, ...(await doorsFor(token)) }).toEqual({ name, ...REFUSED });
    }
  });

  it('a socket is closed when its token expires, and cannot be opened again with it', async () => {
    const claims = JSON.parse(Buffer.from((await server.tokenOf('vip')).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const shortLived = handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now(), exp: now() + 2 });
    const opened = await socketWith(shortLived);
    if (opened.outcome !== 'connected' || !('socket' in opened)) throw new Error(`refusé : ${opened.outcome}`);
    expect(await disconnected(opened.socket, 4000)).toBe('io server disconnect');
    expect((await socketWith(shortLived)).outcome).toBe('Unauthorized');
  });
});

describe('ending every session', () => {
  it("'Se déconnecter de tous les appareils' refuses every token so far, closes the member's sockets and subscriptions, and leaves others alone", async () => {
    const chat = newChat();
    const phone = await server.tokenOf('live');
    const desktop = await server.tokenOf('live');
    const phoneSocket = await chat.open('live');
    const otherMember = await chat.open('membre');
    const subscriptionClosed = new Promise<number>((resolve) => {
      clients.push(
        createClient({
          url: `${server.url.replace('http', 'ws')}${GRAPHQL_PATH}`,
          webSocketImpl: WebSocket,
          connectionParams: { token: desktop },
          retryAttempts: 0,
          lazy: false,
          onNonLazyError: () => undefined,
          on: { connected: () => undefined, closed: (event) => resolve((event as { code: number }).code) },
        }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.content.subscriptions.connections()).toBeGreaterThan(0);

    const phoneGone = disconnected(phoneSocket);
    expect((await server.post('/rest/users/logout_everywhere', {}, desktop)).status).toBe(200);
    expect(await phoneGone).toBe('io server disconnect');
    expect(await subscriptionClosed).toBe(4403);
    for (const token of [phone, desktop]) expect(await doorsFor(token)).toEqual({ ...REFUSED, graphql: 'refused' });
    expect(otherMember.connected).toBe(true);
    // Signing in again opens a new session.
    expect((await server.get('/content/api/users/me', await server.tokenOf('live'))).status).toBe(200);
    // Signed out, the call is refused.
    expect((await server.post('/rest/users/logout_everywhere', {})).status).toBe(401);
  });

  it("a password change closes the member's other sockets and refuses their tokens; the answer's token opens them again", async () => {
    const chat = newChat();
    const other = await server.tokenOf('analyste');
    const otherSocket = await chat.open('analyste');
    const gone = disconnected(otherSocket);
    const changed = await server.put('/content/api/user/update', { previousPassword: DEMO_PASSWORD, password: 'nouveau-mot-de-passe-1' }, other);
    expect(changed.status).toBe(200);
    const { jwt } = (await changed.json()) as { jwt?: string };
    expect(await gone).toBe('io server disconnect');
    expect((await socketWith(other)).outcome).toBe('Unauthorized');
    expect((await server.get('/content/api/users/me', other)).status).toBe(401);
    expect((await socketWith(jwt ?? '')).outcome).toBe('connected');
    // Put back for the other tests of this server.
    await server.database.db
      .update(users)
      .set({ passwordHash: (await server.database.db.select().from(users).where(eq(users.username, 'membre')))[0]?.passwordHash ?? '' })
      .where(eq(users.username, 'analyste'));
  });

  it("an account's deletion closes its sockets at once", async () => {
    const chat = newChat();
    const socket = await chat.open('support');
    const gone = disconnected(socket);
    expect((await server.delete('/rest/users/delete', await chat.token('support'))).status).toBe(400);
    const deleted = await fetch(`${server.url}/rest/users/delete`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await chat.token('support')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: DEMO_PASSWORD }),
    });
    expect(deleted.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await socketWith(await chat.token('support'))).outcome).toBe('Unauthorized');
  });
});

describe("the client's socket when its sessions end", () => {
  it('reconnects with the token that replaced a refused one, and has the session checked when none did', async () => {
    const first = await server.tokenOf('membre');
    let token: string | null = first;
    let refused = 0;
    const transport = createSocketTransport({ url: server.url, getToken: () => token, onRefused: () => void (refused += 1) });
    try {
      await firstValueFrom(transport.connected$.pipe(filter(Boolean)));
      // A password change on this device: the answer's token arrives while the socket is refused.
      const changed = await server.put('/content/api/user/update', { previousPassword: DEMO_PASSWORD, password: 'nouveau-mot-de-passe-2' }, first);
      token = ((await changed.json()) as { jwt?: string }).jwt ?? null;
      await firstValueFrom(transport.connected$.pipe(filter((up) => !up)));
      await firstValueFrom(transport.connected$.pipe(filter(Boolean)));
      expect(refused).toBe(0);
      // Ended elsewhere: no newer token, so the session is checked (and signed out by the app).
      expect((await server.post('/rest/users/logout_everywhere', {}, token ?? '')).status).toBe(200);
      await firstValueFrom(transport.connected$.pipe(filter((up) => !up)));
      await expect.poll(() => refused, { timeout: 5000 }).toBe(1);
      expect(transport.connected$.value).toBe(false);
    } finally {
      transport.close();
    }
  });
});
