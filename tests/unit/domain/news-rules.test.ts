import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Article } from '../../../src/contract/home-content';
import {
  CONTENT_PREVIEW_LENGTH,
  NEW_FOR_MS,
  NEWS_CATEGORY_KEY,
  TITLE_PREVIEW_LENGTH,
  collapseWhitespace,
  cutText,
  hasEmbeddedMedia,
  htmlText,
  isLastNewsPage,
  isNew,
  matchesNewsFilter,
  newsFilterKey,
  previewContent,
  previewTitle,
} from '../../../src/domain/news-rules';
import { articleFixture } from '../../fixtures/articles';

const now = new Date('2026-11-22T12:00:00Z');

const article = (attributes: Partial<Article['attributes']> = {}) => articleFixture({ title: 'Le DAX franchit les 20 000 points', date: now.toISOString(), ...attributes });
const agedMs = (ms: number) => article({ date: new Date(now.getTime() - ms).toISOString() });

describe('news rules', () => {
  it('marks an article NOUVEAU for 3 days (259200000 ms)', () => {
    expect(NEW_FOR_MS).toBe(259_200_000);
    expect(isNew(agedMs(0), now)).toBe(true);
    expect(isNew(agedMs(NEW_FOR_MS - 1), now)).toBe(true);
    expect(isNew(agedMs(NEW_FOR_MS), now)).toBe(false);
    expect(isNew(agedMs(10 * NEW_FOR_MS), now)).toBe(false);
  });

  it('ends the pages when fewer than 24 come back', () => {
    expect(isLastNewsPage(0)).toBe(true);
    expect(isLastNewsPage(23)).toBe(true);
    expect(isLastNewsPage(24)).toBe(false);
  });

  it('cuts the title at 37 characters and the content at 180', () => {
    expect(TITLE_PREVIEW_LENGTH).toBe(37);
    expect(CONTENT_PREVIEW_LENGTH).toBe(180);
    const long = 'Pourquoi le DAX a franchi les 20 000 points cette semaine';
    expect(previewTitle(article({ title: long }))).toBe(`${long.slice(0, 37).trimEnd()}…`);
    expect(previewTitle(article({ title: 'Court' }))).toBe('Court');
    expect(previewTitle(article({ title: 'x'.repeat(37) }))).toBe('x'.repeat(37));
    expect(previewContent(article({ content: 'a'.repeat(181) }))).toBe(`${'a'.repeat(180)}…`);
  });

  it('previews the text of HTML content, whitespace collapsed, entities decoded', () => {
    const content = '<h2>Le  point</h2>\n<p>Le <strong>CAC&nbsp;40</strong> monte&hellip;</p><script>alert(1)</script><p>L&#39;euro &amp; le <a href="/x">dollar</a></p>';
    expect(previewContent(article({ content, with_HTML_content: true }))).toBe("Le point Le CAC 40 monte… L'euro & le dollar");
    // Text content is shown as written, tags and all.
    expect(previewContent(article({ content: '<b>gras</b>', with_HTML_content: false }))).toBe('<b>gras</b>');
  });

  it('detects embedded video, image and audio, and links to media files or players', () => {
    for (const content of [
      '<p>a</p><iframe src="https://www.youtube.com/embed/x"></iframe>',
      '<video src="/v.mp4"></video>',
      '<IMG src="/a.png">',
      '<audio controls src="/a.mp3"></audio>',
      '<a href="https://cdn.example/graphique.png">graphique</a>',
      'Écoutez https://cdn.example/podcast.mp3 ce matin',
      '<a href="/media/point.webm?x=1">vidéo</a>',
      'La vidéo : https://youtu.be/abc123',
      '<a href="https://www.youtube.com/watch?v=abc">YouTube</a>',
      '<a href="https://vimeo.com/123456">Vimeo</a>',
    ]) {
      expect(hasEmbeddedMedia(content), content).toBe(true);
    }
    for (const content of [
      '<p>Le marché monte.</p>',
      '<a href="https://www.amf-france.org/fr">AMF</a>',
      'Le fichier rapport.pdf est joint',
      'Un mot comme imagination ou videographe',
      '<p>png et mp3 sans lien</p>',
    ]) {
      expect(hasEmbeddedMedia(content), content).toBe(false);
    }
  });

  it('keys and matches the category filter', () => {
    expect(newsFilterKey(null)).toBe('');
    expect(newsFilterKey('Marchés')).toBe('Marchés');
    expect(matchesNewsFilter(article(), null)).toBe(true);
    expect(matchesNewsFilter(article(), 'Marchés')).toBe(true);
    expect(matchesNewsFilter(article(), 'Éducation')).toBe(false);
    expect(NEWS_CATEGORY_KEY).toBe('news:lastCategory');
  });
});

describe('news cuts as properties', () => {
  const text = fc.string({ unit: 'grapheme', maxLength: 400 });

  it('keeps at most `max` characters, a prefix of the text, with … only when cut', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 200 }), (input, max) => {
        const cut = cutText(input, max);
        const chars = Array.from(input);
        if (chars.length <= max) {
          expect(cut).toBe(input);
        } else {
          expect(cut.endsWith('…')).toBe(true);
          const kept = cut.slice(0, -1);
          expect(Array.from(kept).length).toBeLessThanOrEqual(max);
          expect(input.startsWith(kept)).toBe(true);
        }
      }),
    );
  });

  it('previews never exceed their lengths plus the ellipsis, and never hold a line break or double space', () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), (title, content, html) => {
        const a = article({ title, content, with_HTML_content: html });
        for (const [preview, max] of [[previewTitle(a), TITLE_PREVIEW_LENGTH], [previewContent(a), CONTENT_PREVIEW_LENGTH]] as const) {
          expect(Array.from(preview).length).toBeLessThanOrEqual(max + 1);
          expect(preview).not.toMatch(/\s\s|[\n\t]/);
          expect(preview).toBe(preview.trim());
        }
      }),
    );
  });

  it('reads no tag out of HTML built from words and markup', () => {
    const word = fc.stringMatching(/^[A-Za-zéèà0-9]{1,8}$/);
    const tag = fc.constantFrom('p', 'strong', 'em', 'a', 'h2', 'li', 'span');
    const node = fc.tuple(tag, fc.array(word, { minLength: 1, maxLength: 4 })).map(([t, words]) => `<${t} class="x">${words.join(' ')}</${t}>`);
    fc.assert(
      fc.property(fc.array(node, { maxLength: 8 }), (nodes) => {
        const out = collapseWhitespace(htmlText(nodes.join('\n')));
        expect(out).not.toMatch(/[<>]/);
        const expected = collapseWhitespace(nodes.map((n) => n.replace(/<[^>]+>/g, ' ')).join(' '));
        expect(out.replace(/\s/g, '')).toBe(expected.replace(/\s/g, ''));
      }),
    );
  });
});
