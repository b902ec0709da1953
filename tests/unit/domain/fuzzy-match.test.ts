import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForMatch, fuzzyScore, rankByFuzzy } from '../../../src/domain/fuzzy-match';

const ROOMS = ['ALL', 'Forex', 'Indices', 'Crypto', 'Prime', 'Débutants', 'Finance des indices', 'Matières premières'];
const rank = (query: string) => rankByFuzzy(ROOMS, query, (name) => name);

/** Characters picked from `text` in order: a subsequence, as a query. */
const subsequenceOf = (text: string) =>
  fc.array(fc.boolean(), { minLength: [...text].length, maxLength: [...text].length }).map((keep) => [...text].filter((_, i) => keep[i]).join(''));

const names = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom(...ROOMS));

describe('fuzzy match of a room name', () => {
  it('finds a name from letters in its order, accents and case ignored', () => {
    expect(rank('frx')).toEqual(['Forex']);
    expect(rank('ind')[0]).toBe('Indices');
    expect(rank('DEBUT')).toEqual(['Débutants']);
    expect(rank('matieres')).toEqual(['Matières premières']);
    expect(rank('mp')).toEqual(['Matières premières']);
    expect(fuzzyScore('xof', 'Forex')).toBeNull();
    expect(fuzzyScore('forexx', 'Forex')).toBeNull();
  });

  it('prefers the start of the name, then the start of a word, then letters that follow each other', () => {
    expect(rank('ind')).toEqual(['Indices', 'Finance des indices']);
    expect(rank('fi')[0]).toBe('Finance des indices');
    expect(fuzzyScore('pr', 'Prime')!).toBeGreaterThan(fuzzyScore('pr', 'Matières premières')!);
  });

  it('lists everything, in its own order, for an empty or blank query', () => {
    expect(rank('')).toEqual(ROOMS);
    expect(rank('   ')).toEqual(ROOMS);
  });

  it('folds accents and case one character at a time', () => {
    expect(foldForMatch('Éè À ÇŒ')).toBe('ee a cœ');
    expect(foldForMatch('ΑΣ')).toBe('ασ');
  });

  it('property: a name always matches itself and each of its subsequences', () => {
    fc.assert(
      fc.property(
        names.chain((name) => fc.tuple(fc.constant(name), subsequenceOf(name))),
        ([name, sub]) => {
          expect(fuzzyScore(name, name)).not.toBeNull();
          expect(fuzzyScore(sub, name)).not.toBeNull();
        },
      ),
    );
  });

  it('property: a query with a letter the name lacks never matches', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,12}$/), fc.stringMatching(/^[a-z]{0,4}$/), (name, prefix) => {
        const missing = 'abcdefghijklmnopqrstuvwxyz'.split('').find((letter) => !name.includes(letter));
        if (missing === undefined) return;
        expect(fuzzyScore(`${prefix}${missing}`, name)).toBeNull();
      }),
    );
  });

  it('property: the ranking is stable — it keeps only matches, equal scores keep their order, and ranking again changes nothing', () => {
    fc.assert(
      fc.property(fc.array(names, { maxLength: 12 }), fc.string({ maxLength: 4 }), (items, query) => {
        const ranked = rankByFuzzy(items, query, (name) => name);
        expect(ranked).toEqual(items.filter((name) => fuzzyScore(query, name) !== null).sort((a, b) => fuzzyScore(query, b)! - fuzzyScore(query, a)!));
        expect(rankByFuzzy(ranked, query, (name) => name)).toEqual(ranked);
        // The same names listed twice come out in the same relative order, each copy after the first.
        const tagged = items.map((name, index) => ({ name, index }));
        const rankedTagged = rankByFuzzy(tagged, query, (item) => item.name);
        for (let i = 1; i < rankedTagged.length; i++) {
          const [a, b] = [rankedTagged[i - 1]!, rankedTagged[i]!];
          if (fuzzyScore(query, a.name) === fuzzyScore(query, b.name)) expect(a.index).toBeLessThan(b.index);
        }
      }),
    );
  });
});
