import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage, plainText, visibleText, type Inline } from '../../../src/domain/message-format';

const text = (t: string): Inline => ({ kind: 'text', text: t });
const link = (t: string, href: string): Inline => ({ kind: 'link', text: t, href });

/** Every link node of a tree, depth first. */
function links(nodes: readonly Inline[]): Extract<Inline, { kind: 'link' }>[] {
  return nodes.flatMap((node) => (node.kind === 'link' ? [node] : node.kind === 'strong' || node.kind === 'em' ? links(node.children) : []));
}

describe('web addresses', () => {
  it('links http and https addresses, and bare www. ones as https', () => {
    expect(formatMessage('Le graphique : https://fr.tradingview.com/chart/EURUSD/')).toEqual([
      text('Le graphique : '),
      link('https://fr.tradingview.com/chart/EURUSD/', 'https://fr.tradingview.com/chart/EURUSD/'),
    ]);
    expect(formatMessage('http://exemple.fr')).toEqual([link('http://exemple.fr', 'http://exemple.fr/')]);
    expect(formatMessage('sur www.comptoir.fr/offres')).toEqual([text('sur '), link('www.comptoir.fr/offres', 'https://www.comptoir.fr/offres')]);
    expect(formatMessage('HTTPS://EXEMPLE.FR/A')).toEqual([link('HTTPS://EXEMPLE.FR/A', 'https://exemple.fr/A')]);
  });

  it('leaves the punctuation ending a sentence out of the address', () => {
    expect(formatMessage('Voir https://exemple.fr/a.')).toEqual([text('Voir '), link('https://exemple.fr/a', 'https://exemple.fr/a'), text('.')]);
    expect(formatMessage('https://a.fr, https://b.fr; ok?')).toEqual([
      link('https://a.fr', 'https://a.fr/'),
      text(', '),
      link('https://b.fr', 'https://b.fr/'),
      text('; ok?'),
    ]);
    expect(formatMessage('(voir https://exemple.fr/x)')).toEqual([text('(voir '), link('https://exemple.fr/x', 'https://exemple.fr/x'), text(')')]);
    // A closing parenthesis that belongs to the address stays in it.
    expect(links(formatMessage('https://fr.wikipedia.org/wiki/Dow_(indice)'))[0]?.text).toBe('https://fr.wikipedia.org/wiki/Dow_(indice)');
    expect(formatMessage('« https://exemple.fr/x »')[1]).toEqual(link('https://exemple.fr/x', 'https://exemple.fr/x'));
  });

  it('links nothing that is not an address', () => {
    for (const content of ['https://', 'http://.', 'www.', 'voirhttps://exemple.fr', 'equipe@www.exemple.fr', 'ftp://exemple.fr', 'mailto:equipe@exemple.fr', 'exemple.fr']) {
      expect(links(formatMessage(content)), content).toEqual([]);
    }
  });
});

describe('formatting', () => {
  it('reads **gras**, _italique_ and `code`, nested', () => {
    expect(formatMessage('**gras** _italique_ `code`')).toEqual([
      { kind: 'strong', children: [text('gras')] },
      text(' '),
      { kind: 'em', children: [text('italique')] },
      text(' '),
      { kind: 'code', text: 'code' },
    ]);
    expect(formatMessage('**très _net_ ici**')).toEqual([{ kind: 'strong', children: [text('très '), { kind: 'em', children: [text('net')] }, text(' ici')] }]);
    expect(formatMessage('**https://exemple.fr**')).toEqual([{ kind: 'strong', children: [link('https://exemple.fr', 'https://exemple.fr/')] }]);
    expect(formatMessage('_@coach_')).toEqual([{ kind: 'em', children: [text('@coach')] }]);
    expect(formatMessage('**merci @coach**')).toEqual([{ kind: 'strong', children: [text('merci '), { kind: 'mention', username: 'coach' }] }]);
  });

  it('formats nothing inside `code`', () => {
    expect(formatMessage('`**x** _y_ https://exemple.fr @coach`')).toEqual([{ kind: 'code', text: '**x** _y_ https://exemple.fr @coach' }]);
  });

  it('keeps markers that pair with nothing, and words with underscores, as text', () => {
    for (const content of ['2 * 3 ** 4', '** pas gras **', 'snake_case_name', '_ _', '`', 'a ` b', '**', '____', 'prix_*', '**ouvert']) {
      expect(visibleText(content), content).toBe(content);
    }
  });

  it('keeps line breaks', () => {
    expect(visibleText('Ligne 1\n**Ligne 2**\n\nLigne 4')).toBe('Ligne 1\nLigne 2\n\nLigne 4');
  });

  it('keeps mentions as they were', () => {
    expect(formatMessage('Merci @coach, et @analyste.')).toEqual([
      text('Merci '),
      { kind: 'mention', username: 'coach' },
      text(', et '),
      { kind: 'mention', username: 'analyste' },
      text('.'),
    ]);
    expect(formatMessage('écris à equipe@comptoir.test')).toEqual([text('écris à equipe@comptoir.test')]);
  });
});

describe('hostile text', () => {
  const CORPUS = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    'javascript:alert(1)//https://exemple.fr',
    'javascript://https://exemple.fr/%0Aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'ｊａｖａｓｃｒｉｐｔ:alert(1)',
    'ｈｔｔｐｓ://exemple.fr',
    'https://exemple.fr"onmouseover="alert(1)',
    "https://exemple.fr'onclick='alert(1)",
    'https://exemple.fr/<script>alert(1)</script>',
    '<a href="javascript:alert(1)">clic</a>',
    '[clic](javascript:alert(1))',
  ];

  it('links only http(s) addresses', () => {
    for (const content of CORPUS)
      for (const found of links(formatMessage(content))) {
        expect(found.href, content).toMatch(/^https?:\/\//);
        expect(found.text, content).not.toMatch(/["<>\s]/);
      }
  });
});

/** Text over an alphabet rich in markers, addresses and mentions, where the rules meet. */
const messageText = fc
  .array(
    fc.oneof(
      fc.constantFrom('*', '**', '_', '`', '@', '@coach', ' ', '\n', '.', ',', ')', '(', 'a', 'é', '1', ':', '/', '"', '<'),
      fc.constantFrom('https://', 'http://', 'www.', 'javascript:', 'data:', 'exemple.fr', 'JavaScript:', 'HTTPS://'),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('properties', () => {
  it('every href is http:// or https://', () => {
    fc.assert(
      fc.property(messageText, (content) => {
        for (const found of links(formatMessage(content))) expect(found.href).toMatch(/^https?:\/\//);
      }),
      { numRuns: 2000 },
    );
  });

  it('what shows is the text without its formatting markers, in order', () => {
    const markers = /[*_`]/g;
    fc.assert(
      fc.property(messageText, (content) => {
        const shown = plainText(formatMessage(content));
        // Only marker characters are ever taken out…
        expect(shown.replace(markers, '')).toBe(content.replace(markers, ''));
        // …the rest is there as typed, and a text without markers shows whole.
        expect(isSubsequence(shown, content)).toBe(true);
        if (!/[*_`]/.test(content)) expect(shown).toBe(content);
      }),
      { numRuns: 2000 },
    );
  });
});

function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (let i = 0; i < whole.length; i += 1) if (at < part.length && part[at] === whole[i]) at += 1;
  return at === part.length;
}
