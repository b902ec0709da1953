import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedEmbedSrc, isExternalLink, mediaSrcAllowed, urlAllowed, urlScheme } from '../../../src/domain/html-policy';

const ORIGIN = 'https://comptoir.example';

/** Characters a URL parser skips inside a scheme or before it. */
const ignored = fc.constantFrom('\t', '\n', '\r', ' ', '\u0000', '\u0001', '\u001f', '\u007f');

describe('urlScheme', () => {
  it('reads the scheme whatever case and ignored characters it is written with', () => {
    fc.assert(
      fc.property(fc.constantFrom('javascript', 'vbscript', 'data'), fc.array(fc.tuple(fc.nat(12), ignored), { maxLength: 6 }), fc.boolean(), (scheme, inserts, upper) => {
        let written = upper ? scheme.toUpperCase() : scheme;
        for (const [at, c] of inserts) written = written.slice(0, at) + c + written.slice(at);
        expect(urlScheme(`${written}:payload`)).toBe(scheme);
      }),
    );
  });

  it('is null for relative addresses', () => {
    expect(urlScheme('/news/x')).toBeNull();
    expect(urlScheme('image.png')).toBeNull();
    expect(urlScheme('?a=b:c')).toBeNull();
  });
});

describe('urlAllowed', () => {
  it('refuses script schemes on every element and attribute', () => {
    for (const tag of ['a', 'img', 'video', 'audio', 'source', 'iframe', 'blockquote']) {
      for (const attribute of ['href', 'src', 'poster', 'cite']) {
        expect(urlAllowed(tag, attribute, 'javascript:alert(1)', ORIGIN)).toBe(false);
        expect(urlAllowed(tag, attribute, 'vbscript:x', ORIGIN)).toBe(false);
      }
    }
  });

  it('lets data: through for raster images in <img> only', () => {
    expect(urlAllowed('img', 'src', 'data:image/png;base64,AAAA', ORIGIN)).toBe(true);
    expect(urlAllowed('img', 'src', 'data:image/svg+xml,<svg/>', ORIGIN)).toBe(false);
    expect(urlAllowed('a', 'href', 'data:image/png;base64,AAAA', ORIGIN)).toBe(false);
    expect(urlAllowed('video', 'src', 'data:video/mp4;base64,AAAA', ORIGIN)).toBe(false);
  });

  it('lets links use the web, mail and phone', () => {
    for (const href of ['https://a.example', 'http://a.example', 'mailto:a@b.fr', 'tel:+33100000000', '/news', '#haut']) {
      expect(urlAllowed('a', 'href', href, ORIGIN)).toBe(true);
    }
    expect(urlAllowed('a', 'href', 'ftp://a.example', ORIGIN)).toBe(false);
  });
});

describe('mediaSrcAllowed', () => {
  it('takes this site and https', () => {
    expect(mediaSrcAllowed('/media/a.mp3', ORIGIN)).toBe(true);
    expect(mediaSrcAllowed('https://cdn.example/a.mp3', ORIGIN)).toBe(true);
    expect(mediaSrcAllowed('http://comptoir.example/a.mp3', 'http://comptoir.example')).toBe(true);
  });
  it('refuses plain http elsewhere, protocol-relative and other schemes', () => {
    expect(mediaSrcAllowed('http://cdn.example/a.mp3', ORIGIN)).toBe(false);
    expect(mediaSrcAllowed('//cdn.example/a.mp3', ORIGIN)).toBe(false);
    expect(mediaSrcAllowed('blob:https://comptoir.example/1', ORIGIN)).toBe(false);
  });
});

describe('allowedEmbedSrc', () => {
  it('keeps every embed of an allowed player, in https', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('www.youtube.com/embed/', 'youtube.com/embed/', 'www.youtube-nocookie.com/embed/', 'player.vimeo.com/video/', 'www.dailymotion.com/embed/video/'),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/),
        fc.constantFrom('http', 'https'),
        (prefix, id, scheme) => {
          expect(allowedEmbedSrc(`${scheme}://${prefix}${id}`)).toBe(`https://${prefix}${id}`);
        },
      ),
    );
  });

  it('refuses any other host, even one that starts or ends like an allowed one', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        fc.pre(!['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'www.dailymotion.com'].includes(host));
        expect(allowedEmbedSrc(`https://${host}/embed/x`)).toBeNull();
        expect(allowedEmbedSrc(`https://www.youtube.com.${host}/embed/x`)).toBeNull();
        expect(allowedEmbedSrc(`https://www.youtube.com@${host}/embed/x`)).toBeNull();
      }),
    );
  });
});

describe('isExternalLink', () => {
  it('is true for the web elsewhere only', () => {
    expect(isExternalLink('https://www.amf-france.org', ORIGIN)).toBe(true);
    expect(isExternalLink('https://comptoir.example/news', ORIGIN)).toBe(false);
    expect(isExternalLink('/news', ORIGIN)).toBe(false);
    expect(isExternalLink('mailto:a@b.fr', ORIGIN)).toBe(false);
  });
});
