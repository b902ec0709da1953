import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_REPLAY_SLUG, REPLAY_PAGE_SIZE, type Replay, type TeamMember } from '../../../src/contract/replays';
import { matchesReplayFilter, NO_REPLAY_FILTER } from '../../../src/domain/replay-rules';
import { TEXT } from '../../../src/domain/text-fr';
import type { ComptoirDatabase } from '../../../src/store/database';
import { pendingPositions, replayCategories$, replayList$, replayPosition$, teamMembers$ } from '../../../src/store/replay-queries';
import { createApiClient } from '../../../src/sync/api-client';
import { createReplaySync } from '../../../src/sync/replay-sync';
import { openMemoryDatabase } from '../store/memory-database';
import { member, replayFixture } from './replay-fixtures';

/**
 * A small content host over a fetch: the list filtered and paged as the contract says, the
 * filters by GraphQL, and the positions. `online` cuts the network; `refuse` answers 403 to the
 * position of these replays.
 */
function fakeServer(replays: Replay[], team: TeamMember[] = [member(1, 'Premier')]) {
  const positions = new Map<number, number>();
  const requests: URL[] = [];
  const puts: { replayId: number; second: number }[] = [];
  const state = { online: true, refuse: new Set<number>() };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://test');
    requests.push(url);
    const q = url.searchParams;
    if (url.pathname === '/content/api/platform-replays') {
      if (q.get('slug') === FORBIDDEN_REPLAY_SLUG) return json(403, { error: 'Accès refusé' });
      const filter = { category: q.get('category'), author: q.has('author') ? Number(q.get('author')) : null, from: q.get('from'), to: q.get('to'), slug: q.get('slug') };
      const matching = replays.filter((r) => matchesReplayFilter(r, filter)).sort((a, b) => Date.parse(b.attributes.date) - Date.parse(a.attributes.date));
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('pageSize') ?? REPLAY_PAGE_SIZE);
      return json(200, { data: matching.slice((page - 1) * size, page * size), meta: { pagination: { page, pageSize: size, total: matching.length } } });
    }
    if (url.pathname === '/content/graphql') return json(200, { data: { teamMembers: team, replayCategories: ['Forex', 'Indices'] } });
    if (url.pathname === '/rest/replays/positions') return json(200, { data: [...positions].map(([replayId, second]) => ({ replayId, second })) });
    const put = /^\/rest\/replays\/positions\/(\d+)$/.exec(url.pathname);
    if (put && init?.method === 'PUT') {
      const replayId = Number(put[1]);
      if (state.refuse.has(replayId)) return json(403, { error: 'Réservé aux VIP' });
      const { second } = JSON.parse(String(init.body)) as { second: number };
      puts.push({ replayId, second });
      positions.set(replayId, second);
      return json(200, { data: { replayId, second } });
    }
    return json(404, { error: 'introuvable' });
  };
  return { fetch: fetch as typeof globalThis.fetch, positions, requests, puts, state };
}

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());
beforeEach(async () => {
  await db.content.find().remove();
  await db.kv.find().remove();
});

const catalogue = (count: number) => Array.from({ length: count }, (_, k) => replayFixture(k + 1, 1000 - k));

function setup(replays = catalogue(30), options: { positionIntervalMs?: number } = {}) {
  const server = fakeServer(replays);
  const api = createApiClient({ getToken: () => 'jwt', fetch: server.fetch, baseUrl: 'http://test' });
  let clock = 1_000;
  const sync = createReplaySync({ api, db, now: () => (clock += 1), retryMs: 60_000, ...options });
  return { server, sync };
}

describe('replay sync: the list', () => {
  it('loads pages of 24 with the filter in the query, and knows the end when fewer come back', async () => {
    const { server, sync } = setup();
    const first = await sync.loadPage(NO_REPLAY_FILTER, 1);
    expect(first).toMatchObject({ ok: true, pages: { pages: 1, end: false } });
    expect(server.requests[0]?.searchParams.get('pageSize')).toBe('24');
    expect(server.requests[0]?.searchParams.get('page')).toBe('1');
    expect((await firstValueFrom(replayList$(db, NO_REPLAY_FILTER))).replays).toHaveLength(24);
    expect(await sync.loadPage(NO_REPLAY_FILTER, 2)).toMatchObject({ ok: true, pages: { pages: 2, end: true } });
    const list = await firstValueFrom(replayList$(db, NO_REPLAY_FILTER));
    expect(list.replays.map((r) => r.id)).toEqual(catalogue(30).map((r) => r.id));

    const forex = { ...NO_REPLAY_FILTER, category: 'Forex', author: 2, slug: 'Replay 1', from: '2026-11-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' };
    await sync.loadPage(forex, 1);
    const asked = server.requests.at(-1)!.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ page: '1', pageSize: '24', category: 'Forex', author: '2', slug: 'replay-1', from: forex.from, to: forex.to });
  });

  it('asks a page on its way only once', async () => {
    const { server, sync } = setup();
    await Promise.all([sync.loadPage(NO_REPLAY_FILTER, 1), sync.loadPage(NO_REPLAY_FILTER, 1)]);
    expect(server.requests).toHaveLength(1);
  });

  it('gives the French failure to show: the network, or the server\'s own error', async () => {
    const { server, sync } = setup();
    expect(await sync.loadPage({ ...NO_REPLAY_FILTER, slug: FORBIDDEN_REPLAY_SLUG }, 1)).toEqual({ ok: false, error: 'Accès refusé', status: 403 });
    server.state.online = false;
    expect(await sync.loadPage(NO_REPLAY_FILTER, 1)).toEqual({ ok: false, error: TEXT.requestFailed, status: null });
    expect(await sync.refreshFilters()).toBe(TEXT.requestFailed);
  });

  it('folds the filters', async () => {
    const { sync } = setup();
    expect(await sync.refreshFilters()).toBeNull();
    expect((await firstValueFrom(teamMembers$(db))).map((m) => m.name)).toEqual(['Premier']);
    expect(await firstValueFrom(replayCategories$(db))).toEqual(['Forex', 'Indices']);
  });
});

describe('replay sync: positions', () => {
  it('keeps a position here first, throttled while playing, and sends it; at once on pause', async () => {
    const { server, sync } = setup(undefined, { positionIntervalMs: 200 });
    await sync.savePosition(3, 1);
    for (let s = 2; s <= 8; s += 1) await sync.savePosition(3, s);
    await sync.flush();
    expect(server.puts).toEqual([{ replayId: 3, second: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sync.flush();
    expect(server.puts.at(-1)).toEqual({ replayId: 3, second: 8 });
    await sync.savePosition(3, 9.46, { immediate: true });
    await sync.flush();
    expect(server.positions.get(3)).toBe(9.5);
    expect(await firstValueFrom(replayPosition$(db, 3))).toBe(9.5);
    expect(await pendingPositions(db)).toEqual([]);
  });

  it('resumes offline at the second kept here, and sends it when the network is back', async () => {
    const { server, sync } = setup();
    server.positions.set(4, 30);
    server.state.online = false;
    await sync.savePosition(4, 42, { immediate: true });
    await sync.flush();
    expect(server.puts).toEqual([]);
    expect(await firstValueFrom(replayPosition$(db, 4))).toBe(42);
    server.state.online = true;
    // The server's older position does not take over the one waiting here.
    await sync.loadPositions();
    expect(server.puts).toEqual([{ replayId: 4, second: 42 }]);
    expect(await firstValueFrom(replayPosition$(db, 4))).toBe(42);
  });

  it('takes another device\'s position from the server, and drops a position refused for good', async () => {
    const { server, sync } = setup();
    server.positions.set(5, 77);
    await sync.loadPositions();
    expect(await firstValueFrom(replayPosition$(db, 5))).toBe(77);
    server.state.refuse.add(6);
    await sync.savePosition(6, 12, { immediate: true });
    await sync.flush();
    expect(await pendingPositions(db)).toEqual([]);
    expect(server.puts).toEqual([]);
  });
});
