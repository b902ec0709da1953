import fc from 'fast-check';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../../src/contract/home-content';
import type { LandingPage, SocialMedia } from '../../../src/contract/landing';
import type { ComptoirDatabase } from '../../../src/store/database';
import { landingPage$, siteLinks$, socials$, socialsQuery, tool$, tools$, toolsQuery } from '../../../src/store/landing-queries';
import { createApiClient } from '../../../src/sync/api-client';
import { foldSocials } from '../../../src/sync/fold-landing';
import { createLandingSync } from '../../../src/sync/landing-sync';
import { openMemoryDatabase } from '../store/memory-database';

const toolFixture = (id: number, ordre: number, price: number | null = 29): Tool => ({
  id,
  attributes: {
    name: `Outil ${id}`,
    subtitle: 'Sous-titre',
    picture: { url: `/content/api/platform-tools/${id}/cover.svg` },
    price,
    payment_link: price === null ? null : `https://paiement.test/${id}`,
    page: '<p>Page</p>',
    ordre,
    files: [{ name: `Fichier ${id}.xlsx` }],
  },
});
const social = (id: number, type = 'youtube'): SocialMedia => ({ id, title: `réseau ${id}`, description: 'Description', link: `https://${type}.test/comptoir`, type, picture: null });
const LIFE: LandingPage = {
  slug: 'life',
  title: 'Life',
  sections: [
    { kind: 'hero', title: 'La vie du Comptoir', subtitle: 'Sous-titre' },
    { kind: 'richtext', richtext: '<p>Texte</p>' },
  ],
};

/** A content host over a fetch: what it answers is set by each test. */
function fakeServer() {
  const state = {
    tools: [toolFixture(55, 1), toolFixture(56, 2)],
    socials: [social(1, 'twitter'), social(2)],
    pages: new Map<string, LandingPage>([['life', LIFE]]),
    online: true,
    vip: true,
  };
  const requests: { path: string; search: string; body: unknown }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input));
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path: url.pathname, search: url.search, body });
    if (url.pathname === '/content/api/platform-tools') return json(200, { data: state.tools });
    const one = /^\/content\/api\/platform-tools\/(\d+)$/.exec(url.pathname);
    if (one) {
      const tool = state.tools.find((t) => t.id === Number(one[1]));
      return tool ? json(200, { data: tool }) : json(404, { error: 'Outil introuvable' });
    }
    if (url.pathname === '/rest/tools/link') {
      if (!state.vip) return json(403, { error: "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP" });
      const { toolId, fileIndex } = body as { toolId: number; fileIndex: number };
      return json(200, { url: `/rest/tools/download/${toolId}/${fileIndex}/jeton`, expiresAt: '2026-11-22T12:05:00.000Z' });
    }
    if (url.pathname === '/content/graphql') {
      const { query, variables } = body as { query: string; variables: { slug?: string } };
      if (query.includes('socials')) return json(200, { data: { socials: state.socials } });
      if (query.includes('siteLinks')) return json(200, { data: { siteLinks: { shopUrl: '/content/widgets/boutique', reviewWidgetUrl: '/content/widgets/avis', reviewUrl: 'https://avis.test' } } });
      if (query.includes('landingPage')) return json(200, { data: { landingPage: state.pages.get(variables.slug ?? '') ?? null } });
    }
    return json(404, { error: 'introuvable' });
  };
  return { fetch: fetch as typeof globalThis.fetch, state, requests };
}

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());
beforeEach(async () => {
  await db.content.find().remove();
});

function setup() {
  const server = fakeServer();
  const api = createApiClient({ getToken: () => 'jwt', fetch: server.fetch, baseUrl: 'http://test' });
  return { server, sync: createLandingSync({ api, db }) };
}

describe('landing sync: tools', () => {
  it('asks the list sorted by ordre and stores it in that order', async () => {
    const { server, sync } = setup();
    server.state.tools = [toolFixture(57, 3), toolFixture(55, 1), toolFixture(56, 2)];
    expect(await sync.refreshTools()).toEqual({ ok: true, found: true });
    expect(server.requests[0]).toMatchObject({ path: '/content/api/platform-tools', search: '?sort=ordre%3Aasc' });
    expect((await firstValueFrom(tools$(db))).map((t) => t.id)).toEqual([55, 56, 57]);
  });

  it('removes the tools the list no longer has, and keeps the home’s documents readable', async () => {
    const { server, sync } = setup();
    await sync.refreshTools();
    server.state.tools = [toolFixture(56, 2)];
    await sync.refreshTools();
    expect((await firstValueFrom(tools$(db))).map((t) => t.id)).toEqual([56]);
    expect(await firstValueFrom(tool$(db, 55))).toBeNull();
  });

  it('sends one request for the same refresh asked twice meanwhile', async () => {
    const { server, sync } = setup();
    await Promise.all([sync.refreshTools(), sync.refreshTools()]);
    expect(server.requests).toHaveLength(1);
  });

  it('stores one tool, and forgets a tool the server no longer knows', async () => {
    const { server, sync } = setup();
    expect(await sync.refreshTool(55)).toEqual({ ok: true, found: true });
    expect((await firstValueFrom(tool$(db, 55)))?.attributes.name).toBe('Outil 55');
    server.state.tools = [];
    expect(await sync.refreshTool(55)).toEqual({ ok: true, found: false });
    expect(await firstValueFrom(tool$(db, 55))).toBeNull();
  });

  it('keeps what is stored and answers the French failure when the network is down', async () => {
    const { server, sync } = setup();
    await sync.refreshTools();
    server.state.online = false;
    expect(await sync.refreshTools()).toEqual({ ok: false, error: 'Erreur lors de la requête', status: null });
    expect(await firstValueFrom(tools$(db))).toHaveLength(2);
  });

  it('reads the list through the [type, sortKey] index', () => {
    expect(toolsQuery(db).getPreparedQuery().queryPlan).toMatchObject({ index: ['_deleted', 'type', 'sortKey', 'key'], sortSatisfiedByIndex: true });
    expect(socialsQuery(db).getPreparedQuery().queryPlan).toMatchObject({ index: ['_deleted', 'type', 'sortKey', 'key'], sortSatisfiedByIndex: true });
  });
});

describe('landing sync: the tool link', () => {
  it('asks the signed link of one file and hands it over without storing it', async () => {
    const { server, sync } = setup();
    expect(await sync.toolLink(55, 1)).toEqual({ ok: true, url: '/rest/tools/download/55/1/jeton', expiresAt: '2026-11-22T12:05:00.000Z' });
    expect(server.requests[0]).toMatchObject({ path: '/rest/tools/link', body: { toolId: 55, fileIndex: 1 } });
    expect(await db.content.count().exec()).toBe(0);
  });

  it('passes the server’s French refusal on to a non-VIP', async () => {
    const { server, sync } = setup();
    server.state.vip = false;
    expect(await sync.toolLink(55, 0)).toEqual({ ok: false, error: "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP" });
  });

  it('says the request failed when the network is down', async () => {
    const { server, sync } = setup();
    server.state.online = false;
    expect(await sync.toolLink(55, 0)).toEqual({ ok: false, error: 'Erreur lors de la requête' });
  });
});

describe('landing sync: socials, pages, site links', () => {
  it('stores the socials in the server’s order and drops the ones it no longer lists', async () => {
    const { server, sync } = setup();
    await sync.refreshSocials();
    expect((await firstValueFrom(socials$(db))).map((s) => s.id)).toEqual([1, 2]);
    server.state.socials = [social(3), social(1, 'twitter')];
    await sync.refreshSocials();
    expect((await firstValueFrom(socials$(db))).map((s) => s.id)).toEqual([3, 1]);
  });

  it('stores a landing page by slug, and removes it when the slug is unknown', async () => {
    const { server, sync } = setup();
    expect(await sync.refreshLandingPage('life')).toEqual({ ok: true, found: true });
    expect(await firstValueFrom(landingPage$(db, 'life'))).toEqual(LIFE);
    server.state.pages.clear();
    expect(await sync.refreshLandingPage('life')).toEqual({ ok: true, found: false });
    expect(await firstValueFrom(landingPage$(db, 'life'))).toBeNull();
  });

  it('does not ask a slug that cannot be one', async () => {
    const { server, sync } = setup();
    expect(await sync.refreshLandingPage('../admin')).toEqual({ ok: true, found: false });
    expect(await sync.refreshLandingPage('x'.repeat(81))).toEqual({ ok: true, found: false });
    expect(server.requests).toHaveLength(0);
  });

  it('stores the site links', async () => {
    const { sync } = setup();
    await sync.refreshSiteLinks();
    expect(await firstValueFrom(siteLinks$(db))).toEqual({ shopUrl: '/content/widgets/boutique', reviewWidgetUrl: '/content/widgets/avis', reviewUrl: 'https://avis.test' });
  });
});

describe('socials fold', () => {
  it('converges on the last answer, whatever came before it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        async (answers) => {
          await db.content.find().remove();
          for (const ids of answers) await foldSocials(db, ids.map((id) => social(id)));
          expect((await firstValueFrom(socials$(db))).map((s) => s.id)).toEqual(answers.at(-1));
        },
      ),
      { numRuns: 25 },
    );
  });
});
