import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canLoadMore, isShortPage, nextLoadedPages, nextPage, type LoadedPages } from '../../../src/domain/paged-list';

const SIZE = 24;

describe('paged lists', () => {
  it('ends on a short page and asks the page after the highest loaded', () => {
    expect(isShortPage(23, SIZE)).toBe(true);
    expect(isShortPage(24, SIZE)).toBe(false);
    expect(nextPage(null)).toBe(1);
    expect(nextPage({ pages: 3, end: false, oldest: 1 })).toBe(4);
  });

  it('loads more only with pages known, before the end, when nothing runs or failed', () => {
    const some: LoadedPages = { pages: 1, end: false, oldest: 5 };
    expect(canLoadMore(some, false, null)).toBe(true);
    expect(canLoadMore(null, false, null)).toBe(false);
    expect(canLoadMore({ ...some, end: true }, false, null)).toBe(false);
    expect(canLoadMore(some, true, null)).toBe(false);
    expect(canLoadMore(some, false, 'Erreur lors de la requête')).toBe(false);
  });

  it('gives the same record whatever the order of the pages, and whatever comes twice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }).chain((count) => {
          const last = Math.floor(count / SIZE) + 1;
          const pages = fc.array(fc.integer({ min: 1, max: last + 1 }), { minLength: 1, maxLength: 8 });
          return fc.tuple(fc.constant(count), pages.chain((p) => fc.tuple(fc.constant(p), fc.shuffledSubarray(p, { minLength: p.length, maxLength: p.length }))));
        }),
        ([count, [order, shuffled]]) => {
          // The server's list, the newest first (dates count down).
          const page = (n: number) => Array.from({ length: Math.max(0, Math.min(SIZE, count - (n - 1) * SIZE)) }, (_, k) => 1000 - ((n - 1) * SIZE + k));
          const run = (pages: readonly number[]) => pages.reduce<LoadedPages | undefined>((prev, n) => nextLoadedPages(prev, n, isShortPage(page(n).length, SIZE), page(n)), undefined);
          const once = run(order);
          expect(run(shuffled)).toEqual(once);
          expect(run([...order, ...shuffled])).toEqual(once);
        },
      ),
    );
  });
});
