// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleText } from '../../../src/domain/message-format';
import { MessageText } from '../../../src/views/messaging/message-text';
import { MessagingUiProvider, type MessagingUi } from '../../../src/views/messaging/messaging-ui';

afterEach(cleanup);

/** Rendered as a row renders it: inside a paragraph. */
const shown = (content: string) => render(<p data-testid="text"><MessageText content={content} /></p>).getByTestId('text');

/** What a message's text may become: nothing else, and no attribute but these. */
const ELEMENTS = new Set(['A', 'STRONG', 'EM', 'CODE', 'SPAN', 'BUTTON']);
const ATTRIBUTES = new Set(['href', 'target', 'rel', 'class', 'type', 'title']);

function expectHarmless(root: HTMLElement, content: string) {
  for (const element of root.querySelectorAll('*')) {
    expect(ELEMENTS.has(element.tagName), `${element.tagName} from ${JSON.stringify(content)}`).toBe(true);
    for (const attribute of element.getAttributeNames()) {
      expect(ATTRIBUTES.has(attribute), `${attribute} from ${JSON.stringify(content)}`).toBe(true);
      expect(attribute.startsWith('on')).toBe(false);
    }
  }
  expect(root.querySelector('script, iframe, img, svg, object, embed, style')).toBeNull();
  for (const anchor of root.querySelectorAll('a')) {
    expect(anchor.getAttribute('href'), JSON.stringify(content)).toMatch(/^https?:\/\//);
    expect(anchor.protocol).toMatch(/^https?:$/);
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
  }
  // What shows is the text as typed, minus its formatting markers.
  expect(root.textContent).toBe(visibleText(content));
}

describe('a message as the rows show it', () => {
  it('makes links that open in a new tab, without the punctuation after them', () => {
    const content = 'Mon analyse : https://fr.tradingview.com/chart/EURUSD/xK3. Et www.comptoir.fr, (http://exemple.fr)';
    const text = shown(content);
    const anchors = [...text.querySelectorAll('a')];
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['https://fr.tradingview.com/chart/EURUSD/xK3', 'https://fr.tradingview.com/chart/EURUSD/xK3'],
      ['www.comptoir.fr', 'https://www.comptoir.fr/'],
      ['http://exemple.fr', 'http://exemple.fr/'],
    ]);
    expect(screen.getByRole('link', { name: 'www.comptoir.fr' })).toHaveProperty('rel', 'noopener noreferrer');
    expectHarmless(text, content);
  });

  it('shows **gras**, _italique_ and `code`, and nothing formatted inside code', () => {
    const content = '**Gras** puis _italique_ puis `code **pas gras** https://exemple.fr`';
    const text = shown(content);
    expect(text.querySelector('strong')?.textContent).toBe('Gras');
    expect(text.querySelector('em')?.textContent).toBe('italique');
    expect(text.querySelector('code')?.textContent).toBe('code **pas gras** https://exemple.fr');
    expect(text.querySelector('code *')).toBeNull();
    expect(text.textContent).toBe('Gras puis italique puis code **pas gras** https://exemple.fr');
  });

  it('keeps line breaks as typed (the row keeps white space)', () => {
    expect(shown('Ligne 1\n\n**Ligne 3**').textContent).toBe('Ligne 1\n\nLigne 3');
  });

  it("opens a member's profile from a mention inside the shell, and shows it as text outside", () => {
    const openProfile = vi.fn();
    const ui = { panel: null, openProfile } as unknown as MessagingUi;
    render(
      <MessagingUiProvider value={ui}>
        <p>
          <MessageText content="**Merci @coach** !" />
        </p>
      </MessagingUiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '@coach' }));
    expect(openProfile).toHaveBeenCalledWith('coach');
    cleanup();
    const text = shown('Merci @coach');
    expect(text.querySelector('button')).toBeNull();
    expect(text.textContent).toBe('Merci @coach');
  });

  it('renders plain text as a bare text node', () => {
    const text = shown('Cassure validée sur EUR/USD');
    expect(text.childNodes).toHaveLength(1);
    expect(text.firstChild?.nodeType).toBe(Node.TEXT_NODE);
  });
});

/** The XSS corpus: markup, event handlers, and script addresses in every case, encoding and spacing. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://exemple.fr/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">clic</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div onmouseover="alert(1)">survol</div>',
  '" onmouseover="alert(1)',
  'https://exemple.fr" onmouseover="alert(1)',
  "https://exemple.fr/' onclick='alert(1)",
  'https://exemple.fr/<script>alert(1)</script>',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  'javascript&colon;alert(1)',
  '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
  'javascript:alert(1)//https://exemple.fr',
  'javascript://https://exemple.fr/%0Aalert(1)',
  '**javascript:alert(1)**',
  '_javascript:alert(1)_',
  '`javascript:alert(1)`',
  '[clic](javascript:alert(1))',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'ｊａｖａｓｃｒｉｐｔ:alert(1)',
  'ｈｔｔｐｓ://exemple.fr',
  'jаvascript:alert(1)', // a Cyrillic 'а'
  'https://аpple.com',
  'https://exemple.fr\u202Egnp.exe',
  '@<script>alert(1)</script>',
  '**<b onclick=alert(1)>gras</b>**',
];

describe('hostile text', () => {
  it('never becomes markup, an event handler or a link outside http(s)', () => {
    for (const content of HOSTILE) {
      const text = shown(content);
      expectHarmless(text, content);
      cleanup();
    }
  });

  it('shows HTML entities as typed, never decoded', () => {
    for (const content of ['&lt;script&gt;alert(1)&lt;/script&gt;', '&amp; &quot; &#39; &#x3C;', 'a &nbsp; b']) {
      const text = shown(content);
      expect(text.textContent, content).toBe(content);
      expect(text.querySelector('*'), content).toBeNull();
      cleanup();
    }
  });

  it('keeps a long unbroken word whole (the row wraps it anywhere) and a link with its punctuation out', () => {
    const word = 'A'.repeat(500);
    expect(shown(word).textContent).toBe(word);
    cleanup();
    const text = shown('Voir https://exemple.fr/a?b=1&c=2). Ou https://exemple.fr/x!');
    expect([...text.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://exemple.fr/a?b=1&c=2', 'https://exemple.fr/x']);
    expect(text.textContent).toBe('Voir https://exemple.fr/a?b=1&c=2). Ou https://exemple.fr/x!');
  });

  it('keeps a javascript: address as text', () => {
    const text = shown('Cliquez javascript:alert(1) ici');
    expect(text.querySelector('a')).toBeNull();
    expect(text.textContent).toBe('Cliquez javascript:alert(1) ici');
  });
});

describe('properties of the rendering', () => {
  const pieces = fc.constantFrom('**', '_', '`', '@coach', ' ', '\n', '.', ')', 'https://', 'www.', 'javascript:', 'data:', 'exemple.fr', '<script>', '" onclick="', 'a', 'é');
  const message = fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 24 }).map((parts) => parts.join(''));

  it('every href is http:// or https://, no handler, and the text shows without its markers', () => {
    fc.assert(
      fc.property(message, (content) => {
        const text = shown(content);
        try {
          expectHarmless(text, content);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 200 },
    );
  });
});
