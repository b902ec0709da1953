import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { bannersResponse } from '../../src/contract/banners';
import { chatRoomsResponse } from '../../src/contract/chat-room';
import { BANNERS_QUERY } from '../../src/contract/graphql-documents';
import { liveLinkResponse, planningResponse } from '../../src/contract/planning';
import { TOKEN_COOKIE } from '../../server/auth/tokens';
import { LIVE_ROOM_TEXT } from '../../server/routes/live-routes';
import { isBannerActive } from '../../src/domain/upsell';
import { startTestServer, type TestServer } from './test-server';
import { NOT_FOUND } from '../../src/contract/api-error';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const rightsOf = async (identifier: string) => {
  const answer = chatRoomsResponse.parse(await (await server.get('/content/api/chatrooms', await server.tokenOf(identifier))).json());
  return Object.fromEntries(answer.rooms.map((r) => [r.attributes.name, r.attributes]));
};

describe('GraphQL banners', () => {
  it('answers both seeded banners in the contract shape, the ad banner running now', async () => {
    const answer = await server.graphql(BANNERS_QUERY);
    expect(answer.errors).toBeUndefined();
    const banners = bannersResponse.parse(answer.data);
    expect(banners.adBanner).not.toBeNull();
    expect(isBannerActive(banners.adBanner!, new Date())).toBe(true);
    expect(banners.upsellBanner?.Prime.actif).toBe(true);
  });
});

describe('GET /api/chatrooms', () => {
  it('lists the five rooms in order', async () => {
    expect(Object.keys(await rightsOf('vip'))).toEqual(['ALL', 'Forex', 'Indices', 'Crypto', 'Prime']);
  });
  it('opens the VIP rooms to a VIP, keeps Prime closed and ALL read-only', async () => {
    const rights = await rightsOf('vip');
    expect(rights.Forex).toMatchObject({ canRead: true, canWrite: true, canSendAttachments: true });
    expect(rights.ALL).toMatchObject({ canRead: true, canWrite: false });
    expect(rights.Prime).toMatchObject({ canRead: false, canWrite: false });
  });
  it('closes every room to a member without subscription', async () => {
    const rights = await rightsOf('membre');
    expect(Object.values(rights).every((r) => !r.canRead && !r.canWrite)).toBe(true);
  });
  it('lets a banned member read but not write', async () => {
    const rights = await rightsOf('banni');
    expect(rights.Forex).toMatchObject({ canRead: true, canWrite: false, canSendAttachments: false });
  });
  it('lets the coach (staff) write to ALL', async () => {
    const rights = await rightsOf('coach');
    expect(rights.ALL).toMatchObject({ canRead: true, canWrite: true });
    expect(rights.Prime?.canRead).toBe(true);
  });
  it('needs a signed-in member', async () => {
    expect((await server.get('/content/api/chatrooms')).status).toBe(401);
  });
});

describe('GET /api/planning-plateformes', () => {
  const range = (fromMs: number, days: number) =>
    `from=${encodeURIComponent(new Date(fromMs).toISOString())}&to=${encodeURIComponent(new Date(fromMs + days * 86_400_000).toISOString())}`;

  it('expands the weekly programme over the asked week, ordered, inside the window', async () => {
    const from = Date.parse('2026-11-23T00:00:00Z'); // a Monday
    const response = await server.get(`/content/api/planning-plateformes?${range(from, 7)}`, await server.tokenOf('live'));
    expect(response.status).toBe(200);
    const { data } = planningResponse.parse(await response.json());
    // Two lives each weekday, the Wednesday Q&A and the Saturday review.
    expect(data).toHaveLength(12);
    const starts = data.map((item) => item.attributes.date);
    expect([...starts].sort()).toEqual(starts);
    expect(data.every((item) => Date.parse(item.attributes.dateFin) > from)).toBe(true);
    expect(new Set(data.map((item) => item.id)).size).toBe(data.length);
    const qa = data.find((item) => item.attributes.name === 'Questions-réponses');
    expect(qa?.attributes.directlink).toMatch(/^https:/);
    expect(qa?.attributes.date).toBe('2026-11-25T17:00:00.000Z');
  });

  it('gives the same ids for the same lives on every call', async () => {
    const token = await server.tokenOf('live');
    const from = Date.parse('2026-11-23T06:00:00Z');
    const a = planningResponse.parse(await (await server.get(`/content/api/planning-plateformes?${range(from, 2)}`, token)).json());
    const b = planningResponse.parse(await (await server.get(`/content/api/planning-plateformes?${range(from - 86_400_000, 4)}`, token)).json());
    for (const item of a.data) expect(b.data.find((other) => other.id === item.id)).toEqual(item);
  });

  it('refuses missing, malformed, reversed or too long windows', async () => {
    const token = await server.tokenOf('live');
    const now = Date.now();
    for (const query of ['', 'from=hier&to=demain', range(now, -1), range(now, 40)]) {
      const response = await server.get(`/content/api/planning-plateformes?${query}`, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
  });
});

describe('POST /rest/live/get_link', () => {
  it('gives a live subscriber a link to the live room, which opens to them alone', async () => {
    const token = await server.tokenOf('live');
    const response = await server.post('/rest/live/get_link', { roomId: 'live-us' }, token);
    expect(response.status).toBe(200);
    const { loginUrl } = liveLinkResponse.parse(await response.json());
    // A new tab: the member is known by the token cookie, as the browser sends it.
    const page = await fetch(`${server.url}${loginUrl}`, { headers: { cookie: `${TOKEN_COOKIE}=${token}` } });
    expect(await page.text()).toContain('Session US');
    // The address alone opens nothing: not signed in, nor signed in without Live (issue 23).
    const signedOut = await fetch(`${server.url}${loginUrl}`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain(LIVE_ROOM_TEXT.signIn);
    const vip = await fetch(`${server.url}${loginUrl}`, { headers: { cookie: `${TOKEN_COOKIE}=${await server.tokenOf('vip')}` } });
    expect(vip.status).toBe(403);
    expect(await vip.text()).toContain(LIVE_ROOM_TEXT.refused);
  });
  it('answers NOT_ALLOWED to every member without Live: a VIP, a member without subscription', async () => {
    for (const who of ['vip', 'membre', 'support']) {
      const response = await server.post('/rest/live/get_link', { roomId: 'live-us' }, await server.tokenOf(who));
      expect(response.status, who).toBe(403);
      expect(await response.json()).toEqual({ error: 'NOT_ALLOWED' });
    }
    expect((await server.post('/rest/live/get_link', { roomId: 'live-us' })).status).toBe(401);
  });
  it('refuses an unknown or missing room', async () => {
    const token = await server.tokenOf('coach');
    expect((await server.post('/rest/live/get_link', { roomId: 'inconnue' }, token)).status).toBe(404);
    expect((await server.post('/rest/live/get_link', {}, token)).status).toBe(400);
  });
});

describe('public calls and the built client', () => {
  it('tells whether an e-mail is free', async () => {
    expect(await (await server.get('/rest/public/is_available?email=vip%40comptoir.test')).json()).toEqual({ available: false });
    expect(await (await server.get('/rest/public/is_available?email=libre%40comptoir.test')).json()).toEqual({ available: true });
    expect((await server.get('/rest/public/is_available?email=pas-une-adresse')).status).toBe(400);
  });
  it('serves index.html for client routes and JSON 404 under the API prefixes', async () => {
    for (const path of ['/', '/profil/abonnements', '/chat']) {
      const response = await server.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
    }
    for (const path of ['/rest/inconnu', '/content/api/inconnu']) {
      const response = await server.get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: NOT_FOUND });
    }
  });
  it('lets browsers keep the hashed assets for good and check everything else', async () => {
    const asset = await server.get('/assets/index-Ab12Cd34.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The worker and the page are checked at every load: a new deployment is found at once.
    for (const path of ['/sw.js', '/', '/index.html', '/chat', '/manifest.webmanifest']) expect((await server.get(path)).headers.get('cache-control'), path).toBe('no-cache');
  });

  it('serves the service worker as a script and the web app manifest as a manifest', async () => {
    expect((await server.get('/sw.js')).headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect((await server.get('/manifest.webmanifest')).headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });
});

describe('realtime handshake', () => {
  const open = (token: string | undefined) =>
    new Promise<{ socket: Socket; error: string | null }>((resolve) => {
      const socket = connect(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
      socket.on('connect', () => resolve({ socket, error: null }));
      socket.on('connect_error', (error) => resolve({ socket, error: error.message }));
    });

  it('accepts a valid token over WebSocket and refuses a missing or bad one', async () => {
    const ok = await open(await server.tokenOf('vip'));
    expect(ok.error).toBeNull();
    ok.socket.close();
    for (const token of [undefined, 'pas-un-jeton']) {
      const refused = await open(token);
      expect(refused.error).toBe('Unauthorized');
      refused.socket.close();
    }
  });
});
