// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBED_SANDBOX } from '../../../src/domain/html-policy';
import { TEXT } from '../../../src/domain/text-fr';
import { SafeHtml, sanitizeHtml } from '../../../src/views/common/safe-html';
import { ALLOWED_EMBED, EMBED_PREFIXES, XSS_CORPUS, corpusArticleHtml, findUnsafe } from '../../fixtures/xss-corpus';

afterEach(cleanup);

/** The sanitised HTML parsed again, as the browser does when it is inserted. */
function parsed(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHtml(html);
  return host;
}

describe('sanitizeHtml on the XSS corpus', () => {
  for (const { name, html } of XSS_CORPUS) {
    it(`defuses ${name}`, () => {
      const clean = sanitizeHtml(html);
      expect(findUnsafe(parsed(html), EMBED_PREFIXES), clean).toEqual([]);
      expect(clean.toLowerCase()).not.toMatch(/<script|\son\w+=|javascript:|vbscript:/);
      // Sanitising twice changes nothing: what is stored and re-shown stays the same.
      expect(sanitizeHtml(clean)).toBe(clean);
    });
  }

  it('defuses the whole corpus as one article and keeps its allowed video', () => {
    const root = parsed(corpusArticleHtml());
    expect(findUnsafe(root, EMBED_PREFIXES)).toEqual([]);
    const frames = [...root.querySelectorAll('iframe')].map((f) => f.getAttribute('src'));
    expect(frames).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/abc123']);
    expect(root.textContent).toContain('Corpus XSS');
  });
});

describe('sanitizeHtml policy', () => {
  it('keeps the rich text written by the team', () => {
    const html = '<h2>Titre</h2><p>Un <strong>point</strong> <em>clé</em> et <a href="/news/autre">un lien</a>.</p><ul><li>un</li></ul><blockquote>cité</blockquote><table><tbody><tr><td colspan="2">case</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('turns an allowed video player into a sandboxed, lazy, titled frame', () => {
    const frame = parsed(ALLOWED_EMBED).querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toBe(EMBED_SANDBOX);
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('title')).toBe(TEXT.embeddedVideo);
    expect(frame.getAttribute('width')).toBe('560');
  });

  it('keeps the title of a frame that has one and upgrades an http player to https', () => {
    const frame = parsed('<iframe src="http://player.vimeo.com/video/42" title="Le point marché"></iframe>').querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/42');
    expect(frame.getAttribute('title')).toBe('Le point marché');
  });

  it.each([
    'https://www.youtube.com/embed/x',
    'https://youtube.com/embed/x',
    'https://www.youtube-nocookie.com/embed/x',
    'https://player.vimeo.com/video/1',
    'https://www.dailymotion.com/embed/video/x8',
  ])('allows the player %s', (src) => {
    expect(parsed(`<iframe src="${src}"></iframe>`).querySelector('iframe')?.getAttribute('src')).toBe(src);
  });

  it.each([
    'https://www.youtube.com/watch?v=x',
    'https://www.youtube.com/embed/',
    '//www.youtube.com/embed/x',
    'https://www.youtube.com:8443/embed/x',
    'https://vimeo.com/video/1',
    'https://player.vimeo.com.evil.example/video/1',
    '/embed/x',
  ])('removes the frame %s', (src) => {
    expect(parsed(`<p>a</p><iframe src="${src}"></iframe>`).querySelector('iframe')).toBeNull();
  });

  it('opens external links in a new tab with no opener, and leaves the site links alone', () => {
    const root = parsed(`<a href="https://www.amf-france.org/">AMF</a><a href="/news/x">interne</a><a href="${location.origin}/tools" target="_top">outil</a><a href="mailto:equipe@comptoir.fr">écrire</a>`);
    const [external, internal, absoluteInternal, mail] = [...root.querySelectorAll('a')];
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(external!.getAttribute('rel')).toBe('noopener noreferrer');
    for (const link of [internal!, absoluteInternal!, mail!]) {
      expect(link.hasAttribute('target')).toBe(false);
      expect(link.hasAttribute('rel')).toBe(false);
    }
    expect(mail!.getAttribute('href')).toBe('mailto:equipe@comptoir.fr');
  });

  it('keeps media from this site or https with their controls, and drops other sources', () => {
    const root = parsed('<video src="/media/a.mp4" poster="https://cdn.example/p.jpg"></video><audio src="https://cdn.example/a.mp3" autoplay></audio><video><source src="http://cdn.example/b.mp4" type="video/mp4"></video><audio src="data:audio/mp3;base64,AAAA"></audio>');
    const [video, audio, plain, dataAudio] = [...root.querySelectorAll('video, audio')];
    expect(video!.getAttribute('src')).toBe('/media/a.mp4');
    expect(video!.getAttribute('poster')).toBe('https://cdn.example/p.jpg');
    expect(video!.hasAttribute('controls')).toBe(true);
    expect(audio!.getAttribute('src')).toBe('https://cdn.example/a.mp3');
    expect(audio!.hasAttribute('controls')).toBe(true);
    expect(audio!.hasAttribute('autoplay')).toBe(false);
    expect(plain!.querySelector('source')?.hasAttribute('src')).toBe(false);
    expect(dataAudio!.hasAttribute('src')).toBe(false);
  });

  it('keeps data images in <img> only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const root = parsed(`<img src="${png}" alt="point"><img src="data:text/html,x" alt="non"><a href="${png}">lien</a>`);
    const images = [...root.querySelectorAll('img')];
    expect(images.map((i) => i.getAttribute('src'))).toEqual([png]);
    expect(root.querySelector('a')!.hasAttribute('href')).toBe(false);
  });

  it('drops the look and the names the content could borrow', () => {
    const clean = sanitizeHtml('<p class="x" id="y" style="color:red" data-x="1" aria-hidden="true">texte</p>');
    expect(clean).toBe('<p>texte</p>');
  });
});

describe('<SafeHtml>', () => {
  it('renders the sanitised HTML in a div with the given class', () => {
    const { container } = render(<SafeHtml className="article" html={'<p>Bonjour</p><img src=x onerror="top.__pwned=1">'} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('article');
    expect(root.innerHTML).toBe('<p>Bonjour</p><img src="x">');
  });
});
