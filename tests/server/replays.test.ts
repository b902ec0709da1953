import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_REPLAYS, DEMO_TEAM } from '../../server/content/demo-content';
import { DEMO_MEDIA_DIR } from '../../server/learning/learning-routes';
import { REPLAY_FILTERS_QUERY } from '../../src/contract/graphql-documents';
import {
  FORBIDDEN_REPLAY_SLUG,
  REPLAY_PAGE_SIZE,
  replayCategoriesResponse,
  replayPositionResponse,
  replayPositionsResponse,
  replaysResponse,
  teamMembersResponse,
  type Replay,
} from '../../src/contract/replays';
import { startTestServer, type TestServer, sessionCache } from './test-server';
import { NUL_REFUSED } from '../../server/routes/invalid-body';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const VIP_REQUIRED = "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP";
const errorBody = z.object({ error: z.string() });
const tokenOf = sessionCache(() => server);
const list = async (who: string, query = '') => {
  const response = await server.get(`/content/api/platform-replays${query ? `?${query}` : ''}`, await tokenOf(who));
  expect(response.status, query).toBe(200);
  return replaysResponse.parse(await response.json());
};
const all = async (who: string): Promise<Replay[]> => (await list(who, 'pageSize=100')).data;

describe('GET /content/api/platform-replays', () => {
  it('answers pages of 24, newest first, and a shorter last page marks the end', async () => {
    const first = await list('vip');
    expect(first.data).toHaveLength(REPLAY_PAGE_SIZE);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: REPLAY_PAGE_SIZE, total: DEMO_REPLAYS.length });
    const second = await list('vip', 'page=2');
    expect(second.data).toHaveLength(DEMO_REPLAYS.length - REPLAY_PAGE_SIZE);
    expect(second.data.length).toBeLessThan(REPLAY_PAGE_SIZE);
    expect((await list('vip', 'page=3')).data).toEqual([]);
    const dates = [...first.data, ...second.data].map((r) => r.attributes.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(DEMO_REPLAYS.length);
  });

  it('spans the five categories over the last two months, each with an author and a picture', async () => {
    const replays = await all('vip');
    expect(new Set(replays.map((r) => r.attributes.category))).toEqual(new Set(['Analyse technique', 'Forex', 'Indices', 'Crypto', 'Psychologie']));
    const oldest = Date.parse(replays.at(-1)!.attributes.date);
    expect(Date.now() - oldest).toBeLessThanOrEqual(62 * 86_400_000);
    expect(Date.now() - oldest).toBeGreaterThan(45 * 86_400_000);
    for (const replay of replays) {
      expect(replay.attributes.author?.name).toBeTruthy();
      expect(replay.attributes.picture).toBe(`/content/api/platform-replays/${replay.id}/cover.svg`);
      expect(replay.attributes.durationSeconds).toBe(15);
    }
  });

  it('filters by category, author, slug and an inclusive date range', async () => {
    const forex = await list('vip', 'category=Forex');
    expect(forex.data).toHaveLength(DEMO_REPLAYS.filter((r) => r.category === 'Forex').length);
    expect(forex.data.every((r) => r.attributes.category === 'Forex')).toBe(true);
    expect(forex.meta.pagination.total).toBe(forex.data.length);

    const replays = await all('vip');
    const camille = replays.find((r) => r.attributes.author?.name === 'Camille Durand')!.attributes.author!;
    const byCamille = await list('vip', `author=${camille.id}&pageSize=100`);
    const camilleKey = DEMO_TEAM.find((m) => m.name === 'Camille Durand')!.key;
    expect(byCamille.data).toHaveLength(DEMO_REPLAYS.filter((r) => r.author === camilleKey).length);
    expect(byCamille.data.every((r) => r.attributes.author?.id === camille.id)).toBe(true);

    const target = replays[5]!;
    expect((await list('vip', `slug=${target.attributes.slug}`)).data.map((r) => r.id)).toEqual([target.id]);
    // The bounds are inclusive: a range of one instant holds the replay of that instant.
    const at = encodeURIComponent(target.attributes.date);
    expect((await list('vip', `from=${at}&to=${at}`)).data.map((r) => r.id)).toEqual([target.id]);
    const from = encodeURIComponent(replays[9]!.attributes.date);
    const to = encodeURIComponent(replays[3]!.attributes.date);
    expect((await list('vip', `from=${from}&to=${to}`)).data.map((r) => r.id)).toEqual(replays.slice(3, 10).map((r) => r.id));
    expect((await list('vip', 'category=Inconnue')).data).toEqual([]);
  });

  it('gives a VIP the video and locks every replay for a member without VIP, description kept', async () => {
    for (const replay of await all('vip')) {
      expect(replay.locked).toBe(false);
      expect(replay.attributes.videoUrl).toBe(`/content/api/platform-replays/${replay.id}/video`);
    }
    for (const who of ['membre']) {
      const replays = await all(who);
      expect(replays).toHaveLength(DEMO_REPLAYS.length);
      for (const replay of replays) {
        expect(replay.locked).toBe(true);
        expect(replay.attributes.videoUrl).toBeNull();
        expect(replay.attributes.description).not.toBe('');
      }
    }
  });

  it(`answers the access-refused state for the '${FORBIDDEN_REPLAY_SLUG}' slug, VIP or not`, async () => {
    for (const who of ['vip', 'membre']) {
      const response = await server.get(`/content/api/platform-replays?slug=${FORBIDDEN_REPLAY_SLUG}`, await tokenOf(who));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: VIP_REQUIRED });
    }
  });

  it('needs a signed-in member and refuses bad filters in French, never with a 500', async () => {
    expect((await server.get('/content/api/platform-replays')).status).toBe(401);
    const token = await tokenOf('vip');
    for (const query of ['page=0', 'page=abc', 'pageSize=101', 'from=hier', 'to=2026-13-45', 'author=-3', 'author=99999999999', 'page=99999999', 'slug=%00', 'category=For%00ex', 'category=a&category=b', `slug=${'x'.repeat(200)}`]) {
      const response = await server.get(`/content/api/platform-replays?${query}`, token);
      expect(response.status, query).toBe(400);
      expect(errorBody.parse(await response.json()).error, query).toMatch(/^Requête invalide/);
    }
  });
});

describe('replay videos', () => {
  const videoOf = async () => {
    const replay = (await all('vip'))[0]!;
    const file = DEMO_REPLAYS.find((r) => r.slug === replay.attributes.slug)!.video;
    return { path: `/content/api/platform-replays/${replay.id}/video`, bytes: readFileSync(join(DEMO_MEDIA_DIR, file)) };
  };

  it('refuses the video to a member without VIP (403) and to nobody signed in (401)', async () => {
    const { path } = await videoOf();
    const refused = await server.get(path, await tokenOf('membre'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: VIP_REQUIRED });
    expect((await server.get(path)).status).toBe(401);
  });

  it('serves a VIP the video by ranges (206), with the token header or cookie', async () => {
    const { path, bytes } = await videoOf();
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${await tokenOf('vip')}`, range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const byCookie = await fetch(`${server.url}${path}`, { headers: { cookie: `access_token=${encodeURIComponent(await tokenOf('live'))}` } });
    expect(byCookie.status).toBe(200);
    expect(Buffer.from(await byCookie.arrayBuffer()).length).toBe(bytes.length);
  });

  it('answers 404 for an unknown or malformed replay id, 400 for a NUL', async () => {
    const token = await tokenOf('vip');
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const response = await server.get(`/content/api/platform-replays/${id}/video`, token);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: 'Replay introuvable' });
    }
    const nul = await server.get('/content/api/platform-replays/1%00/video', token);
    expect({ status: nul.status, body: await nul.json() }).toEqual({ status: 400, body: { error: NUL_REFUSED } });
  });

  it('serves every replay cover publicly', async () => {
    const replay = (await all('membre'))[0]!;
    const cover = await server.get(replay.attributes.picture!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
    expect(await cover.text()).toContain(replay.attributes.category);
  });
});

describe('resume points', () => {
  it('keeps the last second written per member and replay', async () => {
    const token = await tokenOf('vip');
    const [a, b] = await all('vip');
    const put = async (id: number, second: number) => {
      const response = await server.put(`/rest/replays/positions/${id}`, { second }, token);
      expect(response.status).toBe(200);
      return replayPositionResponse.parse(await response.json()).data;
    };
    expect(await put(a!.id, 7.5)).toEqual({ replayId: a!.id, second: 7.5 });
    await put(b!.id, 12);
    expect(await put(a!.id, 3)).toEqual({ replayId: a!.id, second: 3 });
    const { data } = replayPositionsResponse.parse(await (await server.get('/rest/replays/positions', token)).json());
    expect(data).toEqual(expect.arrayContaining([{ replayId: a!.id, second: 3 }, { replayId: b!.id, second: 12 }]));
    expect(data).toHaveLength(2);
    // Each member has their own.
    expect(replayPositionsResponse.parse(await (await server.get('/rest/replays/positions', await tokenOf('live'))).json()).data).toEqual([]);
  });

  it('refuses a member without VIP, an unknown replay and a bad second, in French', async () => {
    const [replay] = await all('vip');
    const refused = await server.put(`/rest/replays/positions/${replay!.id}`, { second: 4 }, await tokenOf('membre'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: VIP_REQUIRED });
    const token = await tokenOf('vip');
    expect((await server.put('/rest/replays/positions/999999', { second: 4 }, token)).status).toBe(404);
    expect((await server.put('/rest/replays/positions/abc', { second: 4 }, token)).status).toBe(404);
    for (const body of [{ second: -1 }, { second: 'dix' }, {}, { second: 100_000 }]) {
      const response = await server.put(`/rest/replays/positions/${replay!.id}`, body, token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorBody.parse(await response.json()).error).toMatch(/^Requête invalide/);
    }
    const notJson = await fetch(`${server.url}/rest/replays/positions/${replay!.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{ second: ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'Requête invalide : le contenu n’est pas du JSON valide' });
    expect((await server.put(`/rest/replays/positions/${replay!.id}`, { second: 4 })).status).toBe(401);
  });
});

describe('GraphQL replay filters', () => {
  it('lists the public team members by priority and the replay categories in order', async () => {
    const answer = await server.graphql(REPLAY_FILTERS_QUERY);
    expect(answer.errors).toBeUndefined();
    const { teamMembers } = teamMembersResponse.parse(answer.data);
    const { replayCategories } = replayCategoriesResponse.parse(answer.data);
    const publicOnes = DEMO_TEAM.filter((m) => m.isPublic).sort((a, b) => a.priority - b.priority);
    expect(teamMembers.map((m) => m.name)).toEqual(publicOnes.map((m) => m.name));
    expect(teamMembers.map((m) => m.name)).not.toContain('Thomas Lambert');
    expect(teamMembers[0]).toMatchObject({ name: 'Camille Durand', role: expect.any(String) });
    expect(replayCategories).toEqual(['Analyse technique', 'Forex', 'Indices', 'Crypto', 'Psychologie']);
  });
});
