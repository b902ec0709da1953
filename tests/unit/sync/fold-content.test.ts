import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanningItem } from '../../../src/contract/planning';
import type { ComptoirDatabase } from '../../../src/store/database';
import { firstValueFrom } from 'rxjs';
import { adBanner$, planning$, planningQuery, upsellBanner$ } from '../../../src/store/queries';
import { foldBanners, foldPlanningPage } from '../../../src/sync/fold-content';
import { openMemoryDatabase } from '../store/memory-database';

const live = (id: number, date: string, hours = 1): PlanningItem => ({
  id,
  attributes: {
    name: `Live ${id}`,
    speaker: 'coach',
    date,
    dateFin: new Date(Date.parse(date) + hours * 3_600_000).toISOString(),
    directlink: null,
    room: { room_click_id: 'forex' },
  },
});

let db: ComptoirDatabase;
beforeEach(async () => {
  db = await openMemoryDatabase();
});
afterEach(async () => {
  await db.remove();
});

describe('planning fold', () => {
  const range = { from: new Date('2026-11-20T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };

  it('stores a page in date order', async () => {
    await foldPlanningPage(db, range, [live(2, '2026-11-23T13:30:00.000Z'), live(1, '2026-11-22T07:00:00.000Z')]);
    const items = await firstValueFrom(planning$(db));
    expect(items.map((i) => i.id)).toEqual([1, 2]);
  });

  it('is idempotent', async () => {
    const page = [live(1, '2026-11-22T07:00:00.000Z'), live(2, '2026-11-23T13:30:00.000Z')];
    await foldPlanningPage(db, range, page);
    await foldPlanningPage(db, range, page);
    expect(await db.content.count().exec()).toBe(2);
  });

  it('removes lives of the range that the new answer no longer lists, and keeps the others', async () => {
    await foldPlanningPage(db, { from: new Date('2026-11-01T00:00:00Z'), to: range.to }, [
      live(1, '2026-11-05T07:00:00.000Z'),
      live(2, '2026-11-22T07:00:00.000Z'),
      live(3, '2026-11-23T07:00:00.000Z'),
    ]);
    await foldPlanningPage(db, range, [live(3, '2026-11-23T08:00:00.000Z')]);
    const items = await firstValueFrom(planning$(db));
    expect(items.map((i) => [i.id, i.attributes.date])).toEqual([
      [1, '2026-11-05T07:00:00.000Z'],
      [3, '2026-11-23T08:00:00.000Z'],
    ]);
  });

  it('reads the planning through its index', () => {
    const plan = planningQuery(db).getPreparedQuery().queryPlan;
    expect(plan.index).toEqual(['_deleted', 'type', 'sortKey', 'key']);
    expect(plan.sortSatisfiedByIndex).toBe(true);
  });
});

describe('banners fold', () => {
  const ad = {
    datedebut: '2026-11-15T00:00:00.000Z',
    datefin: '2026-12-15T00:00:00.000Z',
    texte: 'Black Friday',
    textecourt: '-20 %',
    affichecompteur: true,
    codecoupon: 'BF20',
    image: null,
  };
  const group = { actif: true, texte: 't', url: '/profil/abonnements', image: null };
  const upsell = { Prime: group, Live: group, Illimite: group };

  it('stores both banners and removes one that is no longer set', async () => {
    await foldBanners(db, { adBanner: ad, upsellBanner: upsell });
    expect(await firstValueFrom(adBanner$(db))).toEqual(ad);
    expect(await firstValueFrom(upsellBanner$(db))).toEqual(upsell);
    await foldBanners(db, { adBanner: null, upsellBanner: upsell });
    expect(await firstValueFrom(adBanner$(db))).toBeNull();
    expect(await firstValueFrom(upsellBanner$(db))).toEqual(upsell);
  });
});

describe('home content fold (issue 18)', () => {
  const article = (id: number, categoryId: number, date: string) => ({
    id,
    attributes: {
      title: `Article ${id}`,
      slug: `article-${id}`,
      date,
      picture: null,
      content: 'Texte',
      with_HTML_content: false,
      category: { id: categoryId, name: categoryId === 9 ? 'Morning Mood' : 'Marchés' },
      audio: null,
    },
  });

  it('pairs the running poll with the member answer, by question', async () => {
    const { poll$ } = await import('../../../src/store/home-queries');
    const { foldPoll, foldPollAnswers } = await import('../../../src/sync/fold-content');
    expect(await firstValueFrom(poll$(db))).toBeNull();
    await foldPoll(db, { question: 'Votre semaine ?' });
    expect(await firstValueFrom(poll$(db))).toEqual({ poll: { question: 'Votre semaine ?' }, answer: null });
    await foldPollAnswers(db, [{ question: 'Une autre question', answer: 2 }]);
    expect((await firstValueFrom(poll$(db)))?.answer).toBeNull();
    await foldPollAnswers(db, [{ question: 'Votre semaine ?', answer: 8 }]);
    await foldPollAnswers(db, [{ question: 'Votre semaine ?', answer: 8 }]);
    expect((await firstValueFrom(poll$(db)))?.answer).toEqual({ question: 'Votre semaine ?', answer: 8 });
    await foldPoll(db, null);
    expect(await firstValueFrom(poll$(db))).toBeNull();
  });

  it('keeps the newest article of a category and the home list in its order', async () => {
    const { latestArticleOf$, homeArticles$, HOME_ARTICLES_KEY } = await import('../../../src/store/home-queries');
    const { foldArticles } = await import('../../../src/sync/fold-content');
    expect(await firstValueFrom(homeArticles$(db))).toBeNull();
    await foldArticles(db, [article(1, 9, '2026-11-24T07:00:00.000Z'), article(2, 9, '2026-11-25T07:00:00.000Z'), article(3, 4, '2026-11-23T07:00:00.000Z')]);
    await foldArticles(db, [article(2, 9, '2026-11-25T07:00:00.000Z'), article(2, 9, '2026-11-25T07:00:00.000Z')]);
    expect((await firstValueFrom(latestArticleOf$(db, 9)))?.id).toBe(2);
    expect(await firstValueFrom(latestArticleOf$(db, 12))).toBeNull();
    await db.kv.upsert({ key: HOME_ARTICLES_KEY, value: [3, 99] });
    expect((await firstValueFrom(homeArticles$(db)))?.map((a) => a.id)).toEqual([3]);
  });

  it('lists the asked tools in the asked order', async () => {
    const { toolsByIds$ } = await import('../../../src/store/home-queries');
    const { foldTools } = await import('../../../src/sync/fold-content');
    const tool = (id: number, ordre: number) => ({ id, attributes: { name: `Outil ${id}`, subtitle: '', picture: null, price: 10, payment_link: null, page: null, ordre, files: [] } });
    await foldTools(db, [tool(56, 1), tool(55, 2)]);
    expect((await firstValueFrom(toolsByIds$(db, [55, 56]))).map((t) => t.id)).toEqual([55, 56]);
  });
});
