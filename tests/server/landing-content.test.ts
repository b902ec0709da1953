import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ARTICLES } from '../../server/content/demo-articles';
import { slugify } from '../../server/content/demo-content';
import { DEMO_LANDING_PAGES, DEMO_SOCIALS } from '../../server/content/demo-landing';
import { DEMO_TOOLS } from '../../server/content/demo-tools';
import { LANDING_PAGE_TYPE, SOCIAL_TYPE } from '../../server/content/landing-store';
import { DEFAULT_SITE_LINKS } from '../../server/content/site-links';
import { seedDemoContent } from '../../server/content/seed-content';
import { migratedDatabase } from './migrated-template';
import { articles, contentEntries, tools } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { LANDING_PAGE_QUERY, PUBLISH_ARTICLE_MUTATION, SITE_LINKS_QUERY, SOCIALS_QUERY } from '../../src/contract/graphql-documents';
import { articleCategoriesResponse, articlesResponse, toolsResponse, type Article } from '../../src/contract/home-content';
import {
  LANDING_SECTION_KINDS,
  landingPageResponse,
  LIFE_PAGE_SLUG,
  publishArticleResponse,
  siteLinksResponse,
  socialsResponse,
  type PublishArticleInput,
} from '../../src/contract/landing';
import { startTestServer, type TestServer, sessionCache } from './test-server';
import { NUL_REFUSED } from '../../server/routes/invalid-body';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const tokenOf = sessionCache(() => server);
const allArticles = async (): Promise<Article[]> => {
  const response = await server.get('/content/api/landing-articles?pageSize=100');
  expect(response.status).toBe(200);
  return articlesResponse.parse(await response.json()).data;
};

describe('socials (GraphQL, public)', () => {
  it('answers SOCIALS_QUERY to visitors, decoded by the contract, twitter among them, each with a picture', async () => {
    const result = await server.graphql(SOCIALS_QUERY);
    expect(result.errors).toBeUndefined();
    const { socials } = socialsResponse.parse(result.data);
    expect(socials.map((s) => s.id)).toEqual(DEMO_SOCIALS.map((s) => s.id));
    expect(socials.length).toBeGreaterThanOrEqual(6);
    expect(new Set(socials.map((s) => s.type))).toEqual(new Set(['twitter', 'youtube', 'instagram', 'tiktok', 'telegram', 'discord', 'linkedin', 'facebook']));
    for (const social of socials) {
      expect(social.link).toMatch(/^https:\/\//);
      expect(social.description.length).toBeGreaterThan(20);
      expect(social.picture).toBe(`/content/api/socials/${social.id}/cover.svg`);
      const picture = await server.get(social.picture!);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(await picture.text()).toContain(social.title.charAt(0).toUpperCase() + social.title.slice(1));
    }
    expect((await server.get('/content/api/socials/999/cover.svg')).status).toBe(404);
    expect((await server.get('/content/api/socials/abc/cover.svg')).status).toBe(404);
  });

  it('leaves out a stored social the contract refuses, never answering it half-formed', async () => {
    await server.database.db.insert(contentEntries).values({ type: SOCIAL_TYPE, id: 50, data: { title: 'mastodon', link: 42 } });
    try {
      const { socials } = socialsResponse.parse((await server.graphql(SOCIALS_QUERY)).data);
      expect(socials.map((s) => s.id)).toEqual(DEMO_SOCIALS.map((s) => s.id));
    } finally {
      await server.database.db.delete(contentEntries).where(and(eq(contentEntries.type, SOCIAL_TYPE), eq(contentEntries.id, 50)));
    }
  });
});

describe('landing pages (GraphQL, public)', () => {
  it('answers the life page to a visitor with a section of every kind, decoded by the contract', async () => {
    const result = await server.graphql(LANDING_PAGE_QUERY, { slug: LIFE_PAGE_SLUG });
    expect(result.errors).toBeUndefined();
    const { landingPage } = landingPageResponse.parse(result.data);
    expect(landingPage?.slug).toBe(LIFE_PAGE_SLUG);
    expect(landingPage?.title).toBe('La vie de Comptoir');
    const sections = landingPage!.sections;
    expect(new Set(sections.map((s) => s.kind))).toEqual(new Set(LANDING_SECTION_KINDS));
    expect(sections).toEqual(DEMO_LANDING_PAGES.find((p) => p.slug === LIFE_PAGE_SLUG)!.sections);
    // On the wire, one section type: the fields of the other kinds are null.
    const raw = z.object({ landingPage: z.object({ sections: z.array(z.record(z.string(), z.unknown())) }) }).parse(result.data);
    const hero = raw.landingPage.sections.find((s) => s.kind === 'hero')!;
    expect(hero).toMatchObject({ richtext: null, richtextLeft: null, richtextRight: null, cards: null, features: null });
    expect(hero.title).toEqual(expect.any(String));
  });

  it('links the life page’s cards to articles and pictures that exist', async () => {
    const { landingPage } = landingPageResponse.parse((await server.graphql(LANDING_PAGE_QUERY, { slug: LIFE_PAGE_SLUG })).data);
    const slugs = new Set((await allArticles()).map((a) => a.attributes.slug));
    const cards = landingPage!.sections.flatMap((s) => (s.kind === 'cards' ? s.cards : []));
    expect(cards.length).toBeGreaterThanOrEqual(4);
    for (const card of cards) {
      if (card.href?.startsWith('/news/')) expect(slugs.has(card.href.slice('/news/'.length)), card.href).toBe(true);
      if (card.picture) expect((await server.get(card.picture)).status, card.picture).toBe(200);
    }
  });

  it('answers null for an unknown slug, and refuses a NUL in French', async () => {
    const unknown = await server.graphql(LANDING_PAGE_QUERY, { slug: 'inconnue' });
    expect(unknown.errors).toBeUndefined();
    expect(landingPageResponse.parse(unknown.data)).toEqual({ landingPage: null });
    const home = landingPageResponse.parse((await server.graphql(LANDING_PAGE_QUERY, { slug: 'accueil' }, await tokenOf('membre'))).data);
    expect(home.landingPage?.sections.length).toBeGreaterThan(0);
    const nul = await server.graphql(LANDING_PAGE_QUERY, { slug: 'li\u0000fe' });
    expect(nul.errors?.[0]?.message).toBe('Requête invalide : caractère nul');
    expect((await server.graphql(LANDING_PAGE_QUERY, {})).errors?.[0]?.message).toMatch(/slug/);
  });
});

describe('site links and the demo widgets', () => {
  it('answers SITE_LINKS_QUERY with our own widgets by default, to visitors too', async () => {
    const result = await server.graphql(SITE_LINKS_QUERY);
    expect(result.errors).toBeUndefined();
    expect(siteLinksResponse.parse(result.data)).toEqual({ siteLinks: DEFAULT_SITE_LINKS });
  });

  it('serves the shop, the review widget and the review page: French HTML, no script, framable by our app only', async () => {
    for (const path of Object.values(DEFAULT_SITE_LINKS)) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html>\s*<html lang="fr">/);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html).not.toMatch(/<script|\bon[a-z]+=|javascript:/i);
    }
    const shop = await (await server.get(DEFAULT_SITE_LINKS.shopUrl)).text();
    expect(shop.match(/>Commander</g)?.length).toBeGreaterThanOrEqual(4);
    expect(shop).toContain('29,00\u00a0€');
    const order = shop.match(/href="(\/content\/widgets\/boutique\/commande\/[a-z-]+)"/)![1]!;
    const ordered = await server.get(order);
    expect(ordered.status).toBe(200);
    expect(await ordered.text()).toContain('aucune commande n’est passée');
    expect((await server.get('/content/widgets/boutique/commande/inconnu')).status).toBe(404);
    const reviews = await (await server.get(DEFAULT_SITE_LINKS.reviewWidgetUrl)).text();
    expect(reviews).toContain('4,8/5');
    expect(reviews).toContain(`<a class="button" href="${DEFAULT_SITE_LINKS.reviewUrl}" target="_blank" rel="noopener noreferrer">Écrire un avis</a>`);
    expect(reviews.match(/role="img" aria-label="Note : \d sur 5"/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo content', () => {
  it('has at least 24 published articles over several categories, one dated in the future and not shown', async () => {
    const listed = await allArticles();
    expect(listed.length).toBeGreaterThanOrEqual(24);
    expect(listed).toHaveLength(DEMO_ARTICLES.filter((a) => a.hoursAgo >= 0).length);
    const byCategory = new Map<string, number>();
    for (const article of listed) byCategory.set(article.attributes.category.name, (byCategory.get(article.attributes.category.name) ?? 0) + 1);
    expect(byCategory.size).toBeGreaterThanOrEqual(6);
    expect(byCategory.get('Morning Mood')).toBeGreaterThan(0);
    expect(byCategory.get('DailyBrief')).toBeGreaterThan(0);
    const { data: categories } = articleCategoriesResponse.parse(await (await server.get('/content/api/landing-categories')).json());
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining([...byCategory.keys()]));
    const future = DEMO_ARTICLES.filter((a) => a.hoursAgo < 0);
    expect(future).toHaveLength(1);
    expect(listed.map((a) => a.attributes.slug)).not.toContain(slugify(future[0]!.title));
  });

  it('writes rich HTML with pictures, video, audio and a YouTube embed, whose media are served publicly', async () => {
    const html = (await allArticles()).filter((a) => a.attributes.with_HTML_content).map((a) => a.attributes.content);
    const all = html.join('\n');
    for (const pattern of [/<img src="\/content\/api\/article-media\/[a-z-]+\.svg" alt="[^"]+"/, /<video controls[^>]* src="\/content\/api\/article-media\/[a-z-]+\.webm"/, /<audio controls[^>]* src="\/content\/api\/article-media\/[a-z-]+\.ogg"/, /<iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+"/, /<table>/, /<blockquote>/, /<ol>/, /<ul>/, /<h2>/, /<h3>/, /<a href="/]) {
      expect(all, String(pattern)).toMatch(pattern);
    }
    const media = new Set([...all.matchAll(/(?:src|href)="(\/content\/api\/article-media\/[^"]+)"/g)].map((m) => m[1]!));
    expect(media.size).toBeGreaterThanOrEqual(5);
    const types: Record<string, string> = { svg: 'image/svg+xml; charset=utf-8', webm: 'video/webm', ogg: 'audio/ogg' };
    for (const path of media) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(types[path.split('.').pop()!]);
      expect((await response.arrayBuffer()).byteLength, path).toBeGreaterThan(400);
    }
    const svg = await server.get('/content/api/article-media/graphique-dax.svg');
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const part = await fetch(`${server.url}/content/api/article-media/presentation-comptoir.webm`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });

  it('serves no other file by the article media route', async () => {
    for (const name of ['inconnu.svg', 'graphique-dax.exe', '..%2Fdemo-media%2Fchapitre-1.webm', 'chapitre-1.webm', 'GRAPHIQUE-DAX.SVG']) {
      const response = await server.get(`/content/api/article-media/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ error: 'Média introuvable' });
    }
    const nul = await server.get('/content/api/article-media/%00.svg');
    expect({ status: nul.status, body: await nul.json() }).toEqual({ status: 400, body: { error: NUL_REFUSED } });
  });

  it('has eight tools, 55 and 56 first, each with files and most with a payment link', async () => {
    const { data } = toolsResponse.parse(await (await server.get('/content/api/platform-tools?sort=ordre:asc', await tokenOf('vip'))).json());
    expect(data).toHaveLength(8);
    expect(data.slice(0, 2).map((t) => [t.id, t.attributes.name])).toEqual([
      [55, 'Carnet de Bord'],
      [56, 'Crypto Board'],
    ]);
    for (const tool of data) expect(tool.attributes.files.length, tool.attributes.name).toBeGreaterThan(0);
    expect(data.filter((t) => t.attributes.payment_link !== null && t.attributes.price !== null).length).toBeGreaterThanOrEqual(5);
  });
});

describe('publishArticle (coach only)', () => {
  const input = (slug: string, overrides: Partial<PublishArticleInput> = {}): PublishArticleInput => ({
    title: 'Analyse flash : le CAC 40',
    slug,
    content: '<h2>Flash</h2><p onclick="alert(1)">Le CAC 40 casse ses 8 000 points.</p><script>alert("xss")</script><img src=x onerror=alert(2)>',
    withHtml: true,
    category: 'Marchés',
    pictureUrl: null,
    ...overrides,
  });

  it('publishes a coach’s article now, listed with its content exactly as written', async () => {
    const coach = await tokenOf('coach');
    const written = input('analyse-flash-cac-40');
    const result = await server.graphql(PUBLISH_ARTICLE_MUTATION, { input: written }, coach);
    expect(result.errors).toBeUndefined();
    const { publishArticle } = publishArticleResponse.parse(result.data);
    expect(publishArticle.attributes.slug).toBe(written.slug);
    const listed = articlesResponse.parse(await (await server.get(`/content/api/landing-articles?slug=${written.slug}`)).json()).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.id).toBe(publishArticle.id);
    expect(listed[0]!.attributes).toMatchObject({ title: written.title, content: written.content, with_HTML_content: true, category: { id: 3, name: 'Marchés' }, audio: null });
    expect(Date.now() - Date.parse(listed[0]!.attributes.date)).toBeLessThan(60_000);
    const newest = articlesResponse.parse(await (await server.get('/content/api/landing-articles?category=March%C3%A9s')).json()).data[0];
    expect(newest?.id).toBe(publishArticle.id);
    // Without a picture of its own, the generated cover; an omitted pictureUrl is null.
    const { pictureUrl: _omitted, ...withoutPicture } = input('analyse-flash-sans-image', { withHtml: false, content: 'Texte simple.' });
    const second = publishArticleResponse.parse((await server.graphql(PUBLISH_ARTICLE_MUTATION, { input: withoutPicture }, coach)).data).publishArticle;
    const [plain] = articlesResponse.parse(await (await server.get('/content/api/landing-articles?slug=analyse-flash-sans-image')).json()).data;
    expect(plain?.attributes.picture).toEqual({ url: `/content/api/landing-articles/${second.id}/cover.svg` });
  });

  it('is refused to visitors, members and VIPs without subscription 6', async () => {
    for (const who of [null, 'membre', 'vip']) {
      const result = await server.graphql(PUBLISH_ARTICLE_MUTATION, { input: input(`refuse-${who ?? 'visiteur'}`) }, who ? await tokenOf(who) : undefined);
      expect(result.errors?.[0]?.message, String(who)).toBe('Accès refusé');
    }
    const [stored] = await server.database.db.select({ n: count() }).from(articles).where(inArray(articles.slug, ['refuse-visiteur', 'refuse-membre', 'refuse-vip']));
    expect(stored?.n).toBe(0);
  });

  it('refuses an unknown category, a slug taken, and malformed input in French', async () => {
    const coach = await tokenOf('coach');
    const publish = async (value: unknown) => (await server.graphql(PUBLISH_ARTICLE_MUTATION, { input: value }, coach)).errors?.[0]?.message;
    expect(await publish(input('categorie-inconnue', { category: 'Astrologie' }))).toBe('Catégorie inconnue');
    expect(await publish(input(slugify(DEMO_ARTICLES[0]!.title)))).toBe('Ce slug existe déjà');
    expect(await publish(input('Pas Un Slug'))).toBe('Requête invalide : champ « slug » manquant ou incorrect');
    expect(await publish(input('titre-vide', { title: '' }))).toMatch(/^(Ce champs est requis \(title\)|Requête invalide : champ « title »)/);
    expect(await publish(input('contenu-nul', { content: 'a\u0000b' }))).toBe('Requête invalide : caractère nul');
    expect(await publish({ ...input('sans-contenu'), content: undefined })).toMatch(/content/);
  });
});

describe('seeding the demo content', () => {
  it('writes nothing more on a database already seeded', async () => {
    const [before] = await server.database.db.select({ n: count() }).from(articles);
    expect(await seedDemoContent(server.database.db, new Date())).toEqual([]);
    const [after] = await server.database.db.select({ n: count() }).from(articles);
    expect(after?.n).toBe(before?.n);
  });

  it('brings a database seeded before issue 19 up to date', async () => {
    const database = await migratedDatabase();
    try {
      const { db } = database;
      await seedDemoData(db, new Date());
      // Issue 18's state: no socials or landing pages, a dozen articles, four tools listing file
      // names the server did not have.
      await db.delete(contentEntries).where(inArray(contentEntries.type, [SOCIAL_TYPE, LANDING_PAGE_TYPE]));
      const issue18 = DEMO_ARTICLES.slice(0, 12).map((a) => slugify(a.title));
      const removed = (await db.select({ slug: articles.slug }).from(articles)).filter((a) => !issue18.includes(a.slug));
      await db.delete(articles).where(inArray(articles.slug, removed.map((a) => a.slug)));
      await db.delete(tools).where(inArray(tools.id, [59, 60, 61, 62]));
      await db.update(tools).set({ files: [{ name: 'Carnet de Bord 2026.xlsx', path: 'tools/carnet-de-bord-2026.xlsx' }] }).where(eq(tools.id, 55));
      await db.update(tools).set({ files: [{ name: 'Mon fichier.csv', path: 'crypto-board.csv' }] }).where(eq(tools.id, 56));

      expect(await seedDemoContent(db, new Date())).toEqual(['articles', 'tools', 'socials and landing pages']);
      expect((await db.select({ n: count() }).from(articles))[0]?.n).toBe(DEMO_ARTICLES.length);
      const stored = await db.select().from(tools);
      expect(stored.map((t) => t.id).sort()).toEqual(DEMO_TOOLS.map((t) => t.id).sort());
      expect(stored.find((t) => t.id === 55)?.files).toEqual(DEMO_TOOLS[0]!.files);
      // A tool whose files are there is left as it is.
      expect(stored.find((t) => t.id === 56)?.files).toEqual([{ name: 'Mon fichier.csv', path: 'crypto-board.csv' }]);
      const entries = await db.select({ type: contentEntries.type }).from(contentEntries).where(inArray(contentEntries.type, [SOCIAL_TYPE, LANDING_PAGE_TYPE]));
      expect(entries).toHaveLength(DEMO_SOCIALS.length + DEMO_LANDING_PAGES.length);
      expect(await seedDemoContent(db, new Date())).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
