import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEYWORD_RULES_MAX, KEYWORD_TEXT, matchKeyword, normaliseForFilter, tidyRules, type KeywordRule } from '../../../src/domain/keyword-filter';

const block = (keyword: string): KeywordRule => ({ keyword, action: 'block' });
const hold = (keyword: string): KeywordRule => ({ keyword, action: 'hold' });

describe('keyword filter matching', () => {
  it('ignores case, accents and punctuation, and takes whole words and phrases only', () => {
    expect(normaliseForFilter('  L’ARNAQUÉ, vraiment ?! ')).toBe('l arnaque vraiment');
    expect(matchKeyword('Quelle ARNAQUÉ !', [block('arnaque')])).toEqual(block('arnaque'));
    expect(matchKeyword("c'est l'arnaque", [block('Arnaque')])).toEqual(block('Arnaque'));
    expect(matchKeyword('les arnaques', [block('arnaque')])).toBeNull();
    expect(matchKeyword('paranarnaque', [block('arnaque')])).toBeNull();
    expect(matchKeyword('Gains GARANTIS à 100 %', [hold('gains garantis')])).toEqual(hold('gains garantis'));
    expect(matchKeyword('gains et profits garantis', [hold('gains garantis')])).toBeNull();
  });

  it('lets a blocking rule win over a holding one, whatever their order', () => {
    const rules = [hold('telegram'), block('arnaque')];
    expect(matchKeyword('arnaque sur telegram', rules)).toEqual(block('arnaque'));
    expect(matchKeyword('telegram', rules)).toEqual(hold('telegram'));
    expect(matchKeyword('rien à signaler', rules)).toBeNull();
    expect(matchKeyword('!!!', [block('!!!')])).toBeNull();
  });

  it('finds a listed word wherever it stands in any text, in any case', () => {
    const word = fc.stringMatching(/^[a-zàâçéèêëîïôûùüÿœ]{2,12}$/);
    const filler = fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 6 });
    fc.assert(
      fc.property(word, filler, filler, fc.boolean(), (keyword, before, after, upper) => {
        const text = [...before, upper ? keyword.toUpperCase() : keyword, ...after].join(', ');
        expect(matchKeyword(text, [hold(keyword)])).toEqual(hold(keyword));
      }),
    );
  });

  it('never matches a text that does not hold the word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        fc.pre(!normaliseForFilter(text).split(' ').includes('zzqx'));
        expect(matchKeyword(text, [block('zzqx')])).toBeNull();
      }),
    );
  });
});

describe('a moderator’s list', () => {
  it('is trimmed, one rule per keyword (the last given wins), in order', () => {
    expect(tidyRules([hold(' Telegram  groupe '), block('Arnaque'), block('telegram groupe')])).toEqual({
      rules: [block('Arnaque'), block('telegram groupe')],
    });
  });
  it('is refused with why: too short or too long, no letters, too many', () => {
    expect(tidyRules([block('a')])).toEqual({ error: KEYWORD_TEXT.badLength });
    expect(tidyRules([block('x'.repeat(61))])).toEqual({ error: KEYWORD_TEXT.badLength });
    expect(tidyRules([block('?!')])).toEqual({ error: KEYWORD_TEXT.noLetters });
    const many = Array.from({ length: KEYWORD_RULES_MAX + 1 }, (_, i) => block(`mot${i}`));
    expect(tidyRules(many)).toEqual({ error: KEYWORD_TEXT.tooMany });
    expect(tidyRules(many.slice(1))).toHaveProperty('rules');
  });
});
