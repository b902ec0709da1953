import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ARTICLES } from '../../server/content/demo-articles';
import { DEMO_POLL_QUESTION, slugify } from '../../server/content/demo-content';
import { DEMO_TOOLS } from '../../server/content/demo-tools';
import { pollAnswers } from '../../server/db/schema';
import { DEMO_AUDIO } from '../../server/db/seed-alerts';
import { CURRENT_POLL_QUERY } from '../../src/contract/graphql-documents';
import {
  ARTICLE_CATEGORY,
  articleCategoriesResponse,
  articlesResponse,
  currentPollResponse,
  HOME_TOOL_IDS,
  pollAnswerResponse,
  pollAnswersResponse,
  toolResponse,
  toolsResponse,
} from '../../src/contract/home-content';
import { startTestServer, type TestServer, sessionCache } from './test-server';
import { NUL_REFUSED } from '../../server/routes/invalid-body';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const errorBody = z.object({ error: z.string() });
const tokenOf = sessionCache(() => server);

describe('the poll', () => {
  const answer = async (who: string, body: unknown) => {
    const response = await server.post('/rest/polls/answer', body, await tokenOf(who));
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const answersOf = async (who: string) => pollAnswersResponse.parse(await (await server.get('/rest/polls/answers', await tokenOf(who))).json()).data;

  it('asks the seeded question through GraphQL', async () => {
    const result = await server.graphql(CURRENT_POLL_QUERY);
    expect(result.errors).toBeUndefined();
    expect(currentPollResponse.parse(result.data)).toEqual({ currentPoll: { question: DEMO_POLL_QUESTION } });
  });

  it('keeps one answer per member: the same value again is answered, another one refused', async () => {
    expect(await answersOf('vip')).toEqual([]);
    const first = await answer('vip', { question: DEMO_POLL_QUESTION, answer: 7 });
    expect(first.status).toBe(200);
    expect(pollAnswerResponse.parse(first.body).data).toEqual({ question: DEMO_POLL_QUESTION, answer: 7 });
    // An outbox retry of the same answer.
    const again = await answer('vip', { question: DEMO_POLL_QUESTION, answer: 7 });
    expect(again).toEqual({ status: 200, body: { data: { question: DEMO_POLL_QUESTION, answer: 7 } } });
    expect(await answer('vip', { question: DEMO_POLL_QUESTION, answer: 3 })).toEqual({
      status: 409,
      body: { error: 'Vous avez déjà répondu à ce sondage' },
    });
    expect(await answersOf('vip')).toEqual([{ question: DEMO_POLL_QUESTION, answer: 7 }]);
    expect(await answersOf('live')).toEqual([]);
  });

  it('lets only one of concurrent answers land', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((value) => answer('coach', { question: DEMO_POLL_QUESTION, answer: value })));
    const landed = results.filter((r) => r.status === 200);
    expect(landed).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const stored = await answersOf('coach');
    expect(stored).toEqual([pollAnswerResponse.parse(landed[0]!.body).data]);
    // Concurrent retries of one value all get the stored answer.
    const retries = await Promise.all([1, 2, 3].map(() => answer('banni', { question: DEMO_POLL_QUESTION, answer: 9 })));
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await server.database.db.select().from(pollAnswers);
    expect(rows.filter((r) => r.question === DEMO_POLL_QUESTION)).toHaveLength(3);
  });

  it('refuses another question and values outside 1 to 10, in French', async () => {
    expect(await answer('live', { question: 'Une autre question ?', answer: 5 })).toEqual({ status: 400, body: { error: 'Sondage inconnu' } });
    // NUL is refused before the route reads the body (PostgreSQL text cannot hold it).
    expect(await answer('live', { question: `${DEMO_POLL_QUESTION}\u0000`, answer: 5 })).toEqual({ status: 400, body: { error: NUL_REFUSED } });
    for (const value of [0, 11, 5.5, '5', null]) {
      const refused = await answer('live', { question: DEMO_POLL_QUESTION, answer: value });
      expect(refused.status, String(value)).toBe(400);
      expect(errorBody.parse(refused.body).error).toMatch(/^Requête invalide/);
    }
    const notJson = await fetch(`${server.url}/rest/polls/answer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf('live')}`, 'content-type': 'application/json' },
      body: 'answer=5',
    });
    expect(notJson.status).toBe(400);
    expect(errorBody.parse(await notJson.json()).error).toMatch(/^Requête invalide/);
    expect((await server.post('/rest/polls/answer', { question: DEMO_POLL_QUESTION, answer: 5 })).status).toBe(401);
    expect((await server.get('/rest/polls/answers')).status).toBe(401);
    expect(await answersOf('live')).toEqual([]);
  });
});

describe('landing articles (public)', () => {
  const published = DEMO_ARTICLES.filter((a) => a.hoursAgo >= 0);
  const articles = async (query = '') => {
    const response = await server.get(`/content/api/landing-articles${query ? `?${query}` : ''}`);
    expect(response.status, query).toBe(200);
    return articlesResponse.parse(await response.json());
  };

  it('lists the articles whose date has come, newest first, in pages of 24, to visitors too', async () => {
    const first = await articles();
    expect(published.length).toBeGreaterThan(24);
    expect(first.data).toHaveLength(24);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 24, total: published.length });
    const second = await articles('page=2');
    expect(second.data).toHaveLength(published.length - 24);
    const data = [...first.data, ...second.data];
    expect(new Set(data.map((a) => a.id)).size).toBe(published.length);
    const dates = data.map((a) => a.attributes.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((date) => Date.parse(date) <= Date.now())).toBe(true);
    const future = DEMO_ARTICLES.find((a) => a.hoursAgo < 0)!;
    expect(data.map((a) => a.attributes.title)).not.toContain(future.title);
    expect((await articles(`slug=${slugify(future.title)}`)).data).toEqual([]);
  });

  it('filters Morning Mood (9, with its audio) and DailyBrief (12, HTML) by category name', async () => {
    const mood = await articles('category=Morning%20Mood');
    expect(mood.data).toHaveLength(published.filter((a) => a.categoryId === ARTICLE_CATEGORY.MORNING_MOOD).length);
    for (const article of mood.data) {
      expect(article.attributes.category).toEqual({ id: ARTICLE_CATEGORY.MORNING_MOOD, name: 'Morning Mood' });
      expect(article.attributes.audio).toBe(`/content/api/landing-articles/${article.id}/audio`);
    }
    const brief = await articles('category=DailyBrief');
    expect(brief.data.length).toBeGreaterThan(0);
    for (const article of brief.data) {
      expect(article.attributes.category.id).toBe(ARTICLE_CATEGORY.DAILY_BRIEF);
      expect(article.attributes.with_HTML_content).toBe(true);
      expect(article.attributes.content).toMatch(/^<h2>/);
      expect(article.attributes.audio).toBeNull();
    }
    expect((await articles('category=Inconnue')).data).toEqual([]);
  });

  it('finds one article by slug and pages the list', async () => {
    const { data } = await articles();
    const target = data[4]!;
    expect((await articles(`slug=${target.attributes.slug}`)).data).toEqual([target]);
    const page = await articles('pageSize=2&page=2');
    expect(page.data.map((a) => a.id)).toEqual(data.slice(2, 4).map((a) => a.id));
    expect(page.meta.pagination).toEqual({ page: 2, pageSize: 2, total: published.length });
  });

  it('serves the Morning Mood audio (ranges too) and the covers, never those of unpublished articles', async () => {
    const [mood] = (await articles('category=Morning%20Mood')).data;
    const audio = await server.get(mood!.attributes.audio!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(DEMO_AUDIO);
    const part = await fetch(`${server.url}${mood!.attributes.audio!}`, { headers: { range: 'bytes=0-43' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-43/${DEMO_AUDIO.length}`);
    expect(Buffer.from(await part.arrayBuffer()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    const cover = await server.get(mood!.attributes.picture!.url);
    expect(cover.status).toBe(200);
    expect(await cover.text()).toContain('Morning Mood');
    const [brief] = (await articles('category=DailyBrief')).data;
    expect((await server.get(`/content/api/landing-articles/${brief!.id}/audio`)).status).toBe(404);
    // The unpublished article has the highest id (seeded last).
    const maxId = Math.max(...(await articles('pageSize=100')).data.map((a) => a.id)) + 1;
    expect((await server.get(`/content/api/landing-articles/${maxId}/cover.svg`)).status).toBe(404);
    expect((await server.get(`/content/api/landing-articles/${maxId}/audio`)).status).toBe(404);
  });

  it('lists the categories, 9 and 12 among them', async () => {
    const response = await server.get('/content/api/landing-categories');
    expect(response.status).toBe(200);
    const { data } = articleCategoriesResponse.parse(await response.json());
    expect(data).toEqual(expect.arrayContaining([{ id: 9, name: 'Morning Mood' }, { id: 12, name: 'DailyBrief' }]));
    expect(data.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad queries in French, NUL included', async () => {
    for (const query of ['page=0', 'pageSize=500', 'category=', 'category=Morning%00Mood', 'slug=%00', 'page=99999999', 'category=a&category=b']) {
      const response = await server.get(`/content/api/landing-articles?${query}`);
      expect(response.status, query).toBe(400);
      expect(errorBody.parse(await response.json()).error).toMatch(/^Requête invalide/);
    }
    for (const id of ['abc', '0']) expect((await server.get(`/content/api/landing-articles/${id}/audio`)).status).toBe(404);
    expect(await (await server.get('/content/api/landing-articles/1%00/audio')).json()).toEqual({ error: NUL_REFUSED });
  });
});

describe('platform tools', () => {
  it('lists the tools by ordre, 55 and 56 first, files by name only', async () => {
    const response = await server.get('/content/api/platform-tools?sort=ordre:asc', await tokenOf('membre'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown;
    const { data } = toolsResponse.parse(body);
    expect(data.map((t) => t.id)).toEqual([...DEMO_TOOLS].sort((a, b) => a.ordre - b.ordre).map((t) => t.id));
    expect(data.slice(0, 2).map((t) => t.id)).toEqual([...HOME_TOOL_IDS]);
    expect(data.slice(0, 2).map((t) => t.attributes.name)).toEqual(['Carnet de Bord', 'Crypto Board']);
    expect(data[0]!.attributes.files).toEqual([{ name: 'Carnet de Bord 2026.csv' }, { name: 'Guide du Carnet de Bord.pdf' }]);
    // The stored paths never leave the server.
    expect(JSON.stringify(body)).not.toContain('"path"');
    expect(JSON.stringify(body)).not.toContain('carnet-de-bord-2026.csv');
    expect(data.some((t) => t.attributes.price === null && t.attributes.payment_link === null)).toBe(true);
    expect(data.find((t) => t.id === 55)!.attributes.payment_link).toMatch(/^https:/);
  });

  it('answers one tool, 404 for an unknown one, and needs a signed-in member', async () => {
    const token = await tokenOf('vip');
    const { data } = toolResponse.parse(await (await server.get('/content/api/platform-tools/56', token)).json());
    expect(data).toMatchObject({ id: 56, attributes: { name: 'Crypto Board', price: 19 } });
    expect((await server.get(data.attributes.picture!.url)).status).toBe(200);
    for (const id of ['999', 'abc']) {
      const response = await server.get(`/content/api/platform-tools/${id}`, token);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: 'Outil introuvable' });
    }
    const nul = await server.get('/content/api/platform-tools/5%00', token);
    expect({ status: nul.status, body: await nul.json() }).toEqual({ status: 400, body: { error: NUL_REFUSED } });
    expect((await server.get('/content/api/platform-tools')).status).toBe(401);
    expect((await server.get('/content/api/platform-tools/55')).status).toBe(401);
    const badSort = await server.get('/content/api/platform-tools?sort=prix:asc', token);
    expect(badSort.status).toBe(400);
    expect(errorBody.parse(await badSort.json()).error).toMatch(/^Requête invalide/);
  });
});
