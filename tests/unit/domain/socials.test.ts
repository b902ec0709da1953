import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalise, isTwitter, SOCIAL_NETWORKS, socialNetworkOf } from '../../../src/domain/socials';

describe('social titles (spec 3 §2: capitalised)', () => {
  it('upper-cases the first letter and keeps the rest as written', () => {
    expect(capitalise('youtube Comptoir')).toBe('Youtube Comptoir');
    expect(capitalise('écoles de trading')).toBe('Écoles de trading');
    expect(capitalise('Déjà')).toBe('Déjà');
    expect(capitalise('')).toBe('');
    expect(capitalise('3 lives par semaine')).toBe('3 lives par semaine');
  });

  it('changes only the first code point and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (title) => {
        const once = capitalise(title);
        expect(capitalise(once)).toBe(once);
        const first = title.codePointAt(0);
        if (first === undefined) return;
        const head = String.fromCodePoint(first);
        expect(once).toBe(head.toLocaleUpperCase('fr-FR') + title.slice(head.length));
      }),
    );
  });
});

describe('networks', () => {
  it('knows each drawn network whatever the case, and x as twitter', () => {
    for (const network of SOCIAL_NETWORKS) expect(socialNetworkOf(network.toUpperCase())).toBe(network);
    expect(socialNetworkOf(' X ')).toBe('twitter');
    expect(socialNetworkOf('mastodon')).toBe('other');
  });

  it('flags the twitter type only', () => {
    expect(isTwitter('twitter')).toBe(true);
    expect(isTwitter('Twitter')).toBe(true);
    expect(isTwitter('youtube')).toBe(false);
  });
});
