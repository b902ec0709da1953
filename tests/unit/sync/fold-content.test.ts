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
