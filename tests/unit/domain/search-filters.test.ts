import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSearch, isDay, parseSearch, SEARCH_FILTER_ERRORS, SEARCH_HAS, type SearchFilters } from '../../../src/domain/search-filters';

const ok = (query: string): SearchFilters => {
  const parsed = parseSearch(query);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.filters;
};
const error = (query: string): string => {
  const parsed = parseSearch(query);
  if (parsed.ok) throw new Error(`accepted: ${query}`);
  return parsed.error;
};

describe('search filters', () => {
  it('reads every filter out of the free text', () => {
    expect(ok('de:coach  support EURUSD a:image après:2026-01-10 avant:2026-02-01')).toEqual({
      text: 'support EURUSD',
      author: 'coach',
      has: ['image'],
      before: '2026-02-01',
      after: '2026-01-10',
    });
  });
  it('takes free text alone, filters alone, an @ before the pseudo, apres: without accent and any case', () => {
    expect(ok('niveaux clés')).toEqual({ text: 'niveaux clés', author: null, has: [], before: null, after: null });
    expect(ok('De:@Coach A:LIEN a:fichier a:lien apres:2026-03-01')).toEqual({
      text: '',
      author: 'Coach',
      has: ['lien', 'fichier'],
      before: null,
      after: '2026-03-01',
    });
  });
  it('leaves words that only look like filters in the text', () => {
    expect(ok('https://comptoir.test ratio 1:2 heure:9h')).toMatchObject({ text: 'https://comptoir.test ratio 1:2 heure:9h', author: null });
  });
  it('refuses a bad filter with a French message', () => {
    expect(error('de: bonjour')).toBe(SEARCH_FILTER_ERRORS.noAuthor);
    expect(error('a:pdf bonjour')).toBe(SEARCH_FILTER_ERRORS.unknownHas('pdf'));
    expect(error('avant:2026-02-30')).toBe(SEARCH_FILTER_ERRORS.badDate('avant', '2026-02-30'));
    expect(error('après:hier')).toBe(SEARCH_FILTER_ERRORS.badDate('après', 'hier'));
    expect(error('de:vip de:coach')).toBe(SEARCH_FILTER_ERRORS.twice('de'));
    expect(error('après:2026-02-01 avant:2026-01-01')).toBe(SEARCH_FILTER_ERRORS.emptyRange);
    expect(error('   ')).toBe(SEARCH_FILTER_ERRORS.empty);
  });
  it('knows real days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-13-01')).toBe(false);
    expect(isDay('25-01-01')).toBe(false);
  });
});

const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
// Free words that are no filter: no colon at all.
const word = fc.stringMatching(/^[A-Za-zéèà0-9€$.,!?'/-]{1,12}$/);
const filters: fc.Arbitrary<SearchFilters> = fc
  .record({
    text: fc.array(word, { maxLength: 5 }).map((words) => words.join(' ')),
    author: fc.option(fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/), { nil: null }),
    has: fc.uniqueArray(fc.constantFrom(...SEARCH_HAS), { maxLength: 3 }),
    before: fc.option(day, { nil: null }),
    after: fc.option(day, { nil: null }),
  })
  .filter((f) => f.text !== '' || f.author !== null || f.has.length > 0 || f.before !== null || f.after !== null)
  .filter((f) => f.before === null || f.after === null || f.after < f.before);

describe('search filters (properties)', () => {
  it('reads back the filters it writes', () => {
    fc.assert(
      fc.property(filters, (f) => {
        expect(parseSearch(formatSearch(f))).toEqual({ ok: true, filters: f });
      }),
    );
  });
  it('reads the filters in any order of their words', () => {
    fc.assert(
      fc.property(
        filters.chain((f) => fc.shuffledSubarray(formatSearch(f).split(' '), { minLength: formatSearch(f).split(' ').length }).map((words) => ({ f, words }))),
        ({ f, words }) => {
          const parsed = ok(words.join('  '));
          expect({ ...parsed, text: '', has: [...parsed.has].sort() }).toEqual({ ...f, text: '', has: [...f.has].sort() });
          expect(parsed.text.split(' ').sort()).toEqual(f.text.split(' ').sort());
        },
      ),
    );
  });
  it('never throws, and a parsed search written again parses to the same filters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (query) => {
        const parsed = parseSearch(query);
        if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
        else expect(parseSearch(formatSearch(parsed.filters))).toEqual(parsed);
      }),
    );
  });
});
