import fc from 'fast-check';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_PAGE_SIZE } from '../../../src/contract/replays';
import { AUTHOR_PRIORITY, NO_REPLAY_FILTER } from '../../../src/domain/replay-rules';
import type { ComptoirDatabase } from '../../../src/store/database';
import {
  latestReplay$,
  replayBySlug$,
  replayCategories$,
  replayList$,
  replayPagesKey,
  replays$,
  teamMembers$,
} from '../../../src/store/replay-queries';
import { foldReplayFilters, foldReplayPage, foldReplays } from '../../../src/sync/fold-replays';
import { openMemoryDatabase } from '../store/memory-database';
import { BASE, member, replayFixture } from './replay-fixtures';

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());
beforeEach(async () => {
  await db.content.find().remove();
  await db.kv.find().remove();
});

async function snapshot() {
  const content = (await db.content.find().exec()).map((d) => d.toJSON()).sort((a, b) => a.key.localeCompare(b.key));
  const kv = (await db.kv.find().exec()).map((d) => d.toJSON()).sort((a, b) => a.key.localeCompare(b.key));
  return { content, kv };
}

describe('replay fold', () => {
  it('stores replays once by id, the newest first; an answer replaces what was stored (locked or not)', async () => {
    await foldReplays(db, [replayFixture(1, 1), replayFixture(2, 5), replayFixture(3, 3)]);
    await foldReplays(db, [replayFixture(2, 5)]);
    expect((await firstValueFrom(replays$(db, NO_REPLAY_FILTER))).map((r) => r.id)).toEqual([2, 3, 1]);
    await foldReplays(db, [replayFixture(2, 5, {}, true)]);
    expect((await firstValueFrom(replayBySlug$(db, 'replay-2')))?.locked).toBe(true);
    await foldReplays(db, [replayFixture(2, 5)]);
    expect((await firstValueFrom(replayBySlug$(db, 'replay-2')))?.attributes.videoUrl).toBe('/content/api/platform-replays/2/video');
    expect((await firstValueFrom(latestReplay$(db)))?.id).toBe(2);
    expect(await firstValueFrom(replayBySlug$(db, 'inconnu'))).toBeNull();
    expect(await db.content.count().exec()).toBe(3);
  });

  it('filters the stored list by category, author, date range and slug', async () => {
    await foldReplays(db, [1, 2, 3, 4, 5, 6].map((id) => replayFixture(id, id * 24)));
    const ids = async (filter: Partial<typeof NO_REPLAY_FILTER>) => (await firstValueFrom(replays$(db, { ...NO_REPLAY_FILTER, ...filter }))).map((r) => r.id);
    expect(await ids({ category: 'Forex' })).toEqual([6, 4, 2]);
    expect(await ids({ author: 1 })).toEqual([6, 3]);
    expect(await ids({ from: new Date(BASE + 48 * 3_600_000).toISOString(), to: new Date(BASE + 96 * 3_600_000).toISOString() })).toEqual([4, 3, 2]);
    expect(await ids({ slug: 'replay-5' })).toEqual([5]);
  });

  it('reads a date range through the [type, sortKey] index, ascending', () => {
    const query = db.content.find({ selector: { type: 'replay', sortKey: { $gte: 1, $lte: 2 } }, sort: [{ sortKey: 'asc' }] });
    const plan = query.getPreparedQuery().queryPlan;
    expect(plan.index).toEqual(['_deleted', 'type', 'sortKey', 'key']);
    expect(plan.sortSatisfiedByIndex).toBe(true);
  });

  it('remembers the pages of each filter, and shows nothing below the oldest replay loaded until the end', async () => {
    // Stored by another list: an old Forex replay.
    await foldReplays(db, [replayFixture(2, 1)]);
    const forex = { ...NO_REPLAY_FILTER, category: 'Forex' };
    const page1 = Array.from({ length: REPLAY_PAGE_SIZE }, (_, k) => replayFixture(100 + 2 * k, 1000 - k, { category: 'Forex' }));
    expect(await foldReplayPage(db, forex, 1, page1)).toMatchObject({ pages: 1, end: false });
    let list = await firstValueFrom(replayList$(db, forex));
    expect(list.replays).toHaveLength(REPLAY_PAGE_SIZE);
    expect(list.replays.some((r) => r.id === 2)).toBe(false);
    expect(await foldReplayPage(db, forex, 2, [replayFixture(10, 500, { category: 'Forex' })])).toMatchObject({ pages: 2, end: true });
    list = await firstValueFrom(replayList$(db, forex));
    expect(list.pages).toMatchObject({ pages: 2, end: true });
    expect(list.replays.at(-2)?.id).toBe(10);
    expect(list.replays.at(-1)?.id).toBe(2);
    // Another filter knows nothing yet.
    expect((await firstValueFrom(replayList$(db, { ...NO_REPLAY_FILTER, category: 'Indices' }))).pages).toBeNull();
    expect(await db.kv.findOne(replayPagesKey(forex)).exec()).not.toBeNull();
  });

  it('keeps the end known when the first page is refreshed, and ends sooner when the list shrank', async () => {
    const full = Array.from({ length: REPLAY_PAGE_SIZE }, (_, k) => replayFixture(k + 1, 100 - k));
    await foldReplayPage(db, NO_REPLAY_FILTER, 1, full);
    await foldReplayPage(db, NO_REPLAY_FILTER, 2, [replayFixture(50, 1)]);
    expect(await foldReplayPage(db, NO_REPLAY_FILTER, 1, full)).toMatchObject({ pages: 2, end: true });
    expect(await foldReplayPage(db, NO_REPLAY_FILTER, 1, full.slice(0, 3))).toMatchObject({ pages: 1, end: true });
    expect(await foldReplayPage(db, { ...NO_REPLAY_FILTER, slug: 'rien' }, 1, [])).toEqual({ pages: 1, end: true, oldest: null });
  });

  it('folds the filters as the whole truth, authors by priority then by name', async () => {
    const [first, second] = AUTHOR_PRIORITY;
    await foldReplayFilters(db, { teamMembers: [member(90, 'Zoé'), member(91, 'Alain'), member(second!, 'Second'), member(first!, 'Premier')], replayCategories: ['Forex', 'Indices', 'Crypto'] });
    expect((await firstValueFrom(teamMembers$(db))).map((m) => m.id)).toEqual([first, second, 91, 90]);
    expect(await firstValueFrom(replayCategories$(db))).toEqual(['Forex', 'Indices', 'Crypto']);
    await foldReplayFilters(db, { teamMembers: [member(90, 'Zoé')], replayCategories: ['Crypto', 'Forex'] });
    expect((await firstValueFrom(teamMembers$(db))).map((m) => m.id)).toEqual([90]);
    expect(await firstValueFrom(replayCategories$(db))).toEqual(['Crypto', 'Forex']);
  });
});

describe('replay fold as a property', () => {
  it('gives the same store whatever the order of the pages, and whatever is folded twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }).chain((count) => {
          const last = Math.floor(count / REPLAY_PAGE_SIZE) + 1;
          const pageNumbers = fc.array(fc.integer({ min: 1, max: last + 1 }), { minLength: 1, maxLength: 6 });
          return fc.tuple(
            fc.constant(count),
            pageNumbers.chain((pages) => fc.tuple(fc.constant(pages), fc.shuffledSubarray(pages, { minLength: pages.length, maxLength: pages.length }))),
            fc.array(fc.boolean(), { minLength: count, maxLength: count }),
          );
        }),
        async ([count, [order, shuffled], locks]) => {
          // The server's list, the newest first, each replay locked or not for this member.
          const list = Array.from({ length: count }, (_, k) => replayFixture(k + 1, 1000 - k, {}, locks[k]!));
          const page = (n: number) => list.slice((n - 1) * REPLAY_PAGE_SIZE, n * REPLAY_PAGE_SIZE);
          const run = async (pages: readonly number[]) => {
            await db.content.find().remove();
            await db.kv.find().remove();
            for (const n of pages) await foldReplayPage(db, NO_REPLAY_FILTER, n, page(n));
            return snapshot();
          };
          const once = await run(order);
          expect(await run(shuffled)).toEqual(once);
          expect(await run([...order, ...shuffled])).toEqual(once);
        },
      ),
      { numRuns: 40 },
    );
  });
});
