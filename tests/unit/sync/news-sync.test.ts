import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Article, ArticleCategory } from '../../../src/contract/home-content';
import { TEXT } from '../../../src/domain/text-fr';
import { articleBySlug$, articleCategories$, newsList$ } from '../../../src/store/news-queries';
import { createApiClient } from '../../../src/sync/api-client';
import { foldArticles } from '../../../src/sync/fold-content';
import { foldArticleCategories } from '../../../src/sync/fold-news';
import { createNewsSync } from '../../../src/sync/news-sync';
import { articleFixture as article } from '../../fixtures/articles';
import { memoryDatabasePerFile } from '../store/memory-database';

const BASE = Date.parse('2026-11-20T08:00:00Z');
const CATEGORIES: ArticleCategory[] = [
  { id: 3, name: 'Marchés' },
  { id: 4, name: 'Éducation' },
  { id: 6, name: 'Crypto' },
];

/** Article `id`, `hours` after BASE, in a category taken in turn. */
const articleFixture = (id: number, hours: number, category = CATEGORIES[id % CATEGORIES.length]!): Article =>
  article({ date: new Date(BASE + hours * 3_600_000).toISOString(), content: `<p>Texte ${id}</p>`, with_HTML_content: true, category }, id);

/** The content host's article routes over a fetch, filtered and paged as the contract says. */
function fakeServer(articles: Article[]) {
  const requests: URL[] = [];
  const state = { online: true };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const fetch = async (input: RequestInfo | URL) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://test');
    requests.push(url);
    const q = url.searchParams;
    if (url.pathname === '/content/api/landing-categories') return json(200, { data: CATEGORIES });
    if (url.pathname === '/content/api/landing-articles') {
      const slug = q.get('slug');
      const category = q.get('category');
      const matching = articles
        .filter((a) => (slug ? a.attributes.slug === slug : !category || a.attributes.category.name === category))
        .sort((a, b) => Date.parse(b.attributes.date) - Date.parse(a.attributes.date));
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('pageSize') ?? 24);
      return json(200, { data: matching.slice((page - 1) * size, page * size), meta: { pagination: { page, pageSize: size, total: matching.length } } });
    }
    return json(404, { error: 'introuvable' });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, state };
}

const store = memoryDatabasePerFile();

const catalogue = (count: number) => Array.from({ length: count }, (_, k) => articleFixture(k + 1, 1000 - k));

function setup(articles = catalogue(30)) {
  const server = fakeServer(articles);
  const api = createApiClient({ getToken: () => 'jwt', fetch: server.fetch, baseUrl: 'http://test' });
  const sync = createNewsSync({ api, db: store.db });
  return { server, sync };
}

const ids = async (category: string | null) => (await firstValueFrom(newsList$(store.db, category))).items.map((a) => a.id);

describe('news sync', () => {
  it('loads pages of 24, the newest first, and knows the end when fewer come back', async () => {
    const { server, sync } = setup();
    expect(await sync.loadPage(null, 1)).toMatchObject({ ok: true, pages: { pages: 1, end: false } });
    expect(Object.fromEntries(server.requests[0]!.searchParams)).toEqual({ page: '1', pageSize: '24' });
    expect(await ids(null)).toEqual(catalogue(24).map((a) => a.id));
    expect(await sync.loadPage(null, 2)).toMatchObject({ ok: true, pages: { pages: 2, end: true } });
    expect(await ids(null)).toEqual(catalogue(30).map((a) => a.id));
  });

  it('keeps one list per category, asked by name, and shows nothing of another list below its oldest article', async () => {
    const { server, sync } = setup();
    // The home page stored an old Crypto article.
    await foldArticles(store.db, [articleFixture(99, -500, CATEGORIES[2])]);
    await sync.loadPage('Crypto', 1);
    expect(server.requests.at(-1)!.searchParams.get('category')).toBe('Crypto');
    const crypto = await firstValueFrom(newsList$(store.db, 'Crypto'));
    expect(crypto.pages).toMatchObject({ pages: 1, end: true });
    // The end came: everything of the category that is stored shows, the home's one too.
    expect(crypto.items.map((a) => a.id)).toEqual([...catalogue(30).filter((a) => a.attributes.category.name === 'Crypto').map((a) => a.id), 99]);
    expect((await firstValueFrom(newsList$(store.db, 'Marchés'))).pages).toBeNull();
    await sync.loadPage(null, 1);
    // 24 of 30 loaded for every category: the old Crypto article waits for the last page.
    expect(await ids(null)).not.toContain(99);
  });

  it('asks a page on its way only once', async () => {
    const { server, sync } = setup();
    await Promise.all([sync.loadPage('Crypto', 1), sync.loadPage('Crypto', 1), sync.loadPage(null, 1)]);
    expect(server.requests).toHaveLength(2);
  });

  it('reads an empty category as the end with nothing', async () => {
    const { sync } = setup(catalogue(2));
    expect(await sync.loadPage('Marchés', 1)).toEqual({ ok: true, pages: { pages: 1, end: true, oldest: null } });
    expect(await ids('Marchés')).toEqual([]);
  });

  it('finds an article by its address, and says when the server has none', async () => {
    const { server, sync } = setup();
    expect(await sync.loadArticle('article-7')).toEqual({ ok: true, found: true });
    expect(server.requests.at(-1)!.searchParams.get('slug')).toBe('article-7');
    expect((await firstValueFrom(articleBySlug$(store.db, 'article-7')))?.id).toBe(7);
    expect(await sync.loadArticle('inconnu')).toEqual({ ok: true, found: false });
    expect(await firstValueFrom(articleBySlug$(store.db, 'inconnu'))).toBeNull();
  });

  it('folds the categories as the whole truth, in the server order', async () => {
    const { sync } = setup();
    await foldArticleCategories(store.db, [{ id: 40, name: 'Ancienne' }]);
    expect(await sync.refreshCategories()).toBeNull();
    expect((await firstValueFrom(articleCategories$(store.db))).map((c) => c.name)).toEqual(['Marchés', 'Éducation', 'Crypto']);
  });

  it('gives the French failure to show when the network fails', async () => {
    const { server, sync } = setup();
    server.state.online = false;
    expect(await sync.loadPage(null, 1)).toEqual({ ok: false, error: TEXT.requestFailed, status: null });
    expect(await sync.loadArticle('article-1')).toEqual({ ok: false, error: TEXT.requestFailed, status: null });
    expect(await sync.refreshCategories()).toBe(TEXT.requestFailed);
  });

  it('folds nothing once stopped (signed out)', async () => {
    const { sync } = setup();
    const stop = sync.start();
    stop();
    expect(await sync.loadPage(null, 1)).toMatchObject({ ok: false, error: TEXT.requestFailed });
    expect(await store.db.content.count().exec()).toBe(0);
  });

  it('reads the list through the [type, sortKey] index, ascending', () => {
    const query = store.db.content.find({ selector: { type: 'article' }, sort: [{ sortKey: 'asc' }] });
    const plan = query.getPreparedQuery().queryPlan;
    expect(plan.index).toEqual(['_deleted', 'type', 'sortKey', 'key']);
    expect(plan.sortSatisfiedByIndex).toBe(true);
  });
});
