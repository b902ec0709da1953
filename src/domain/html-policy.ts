/*
 * What rich HTML written by the team may contain once shown to members (issue 19): the pure half
 * of the sanitiser. `src/views/common/safe-html.tsx` hands these lists and checks to DOMPurify; they
 * live here, with no DOM, so they are tested directly and read in one place.
 */

/** The elements kept: text, links, pictures, tables, and the media players. Everything else goes. */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd',
  'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul',
  'iframe', 'video', 'audio', 'source', 'track',
] as const;

/**
 * Never kept, whatever the allow-list above becomes: they run code, restyle or redirect the page,
 * send forms, or re-parse differently once inserted (mXSS through `noscript`, `math`, `svg`).
 */
export const FORBIDDEN_TAGS = [
  'script', 'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select',
  'option', 'object', 'embed', 'applet', 'frame', 'frameset', 'svg', 'math', 'noscript',
  'noembed', 'noframes', 'template', 'xmp', 'plaintext', 'title', 'head',
] as const;

/**
 * The attributes kept from what was written. No `style`, `class` or `id` (the content must not
 * borrow the app's look or be addressed by its code), no `on*`, no `target` (set below, not
 * written). The iframe's `sandbox`, `allow`, `loading` and the links' `target`/`rel` are set by the
 * sanitiser itself, after this list has been applied.
 */
export const ALLOWED_ATTRIBUTES = [
  'href', 'src', 'alt', 'title', 'width', 'height', 'lang', 'dir', 'colspan', 'rowspan', 'scope',
  'start', 'reversed', 'datetime', 'cite', 'controls', 'poster', 'preload', 'type', 'kind',
  'srclang', 'label', 'loop', 'muted', 'playsinline',
] as const;

/** Attributes refused even if the allow-list ever grows to include them. */
export const FORBIDDEN_ATTRIBUTES = ['style', 'srcdoc', 'action', 'formaction', 'xlink:href', 'background', 'autoplay'] as const;

/** The iframe's sandbox: enough for the video players, never top navigation or forms. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';
export const EMBED_ALLOW = 'encrypted-media; picture-in-picture; fullscreen';

/** The video players an iframe may show: host and the path its embeds live under. */
export const VIDEO_EMBED_HOSTS: readonly { host: string; path: string }[] = [
  { host: 'www.youtube.com', path: '/embed/' },
  { host: 'youtube.com', path: '/embed/' },
  { host: 'www.youtube-nocookie.com', path: '/embed/' },
  { host: 'player.vimeo.com', path: '/video/' },
  { host: 'www.dailymotion.com', path: '/embed/' },
];

/**
 * The iframe address to keep (always https), or null when it is not an allowed video player:
 * an absolute http(s) address, no credentials, an allowed host exactly, under its embed path.
 */
export function allowedEmbedSrc(src: string): string | null {
  const url = parseAbsolute(src);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const allowed = VIDEO_EMBED_HOSTS.some((h) => url.hostname === h.host && url.pathname.startsWith(h.path) && url.pathname.length > h.path.length);
  if (!allowed) return null;
  url.protocol = 'https:';
  return url.href;
}

/**
 * The scheme of an address as a browser reads it (lower case, tabs, new lines and control
 * characters ignored, as the URL parser does), or null for a relative address.
 */
export function urlScheme(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return match ? match[1]! : null;
}

/** Where an address attribute may point, by element: links, pictures, media and embeds. */
export function urlAllowed(tag: string, attribute: string, value: string, origin: string): boolean {
  const scheme = urlScheme(value);
  if (scheme === 'javascript' || scheme === 'vbscript') return false;
  if (tag === 'img' && attribute === 'src') return scheme === null || scheme === 'https' || scheme === 'http' || (scheme === 'data' && isDataImage(value));
  if (MEDIA_TAGS.has(tag)) return mediaSrcAllowed(value, origin);
  if (tag === 'iframe') return allowedEmbedSrc(value) !== null;
  if (tag === 'a' && attribute === 'href') return scheme === null || LINK_SCHEMES.has(scheme);
  return scheme === null || scheme === 'https' || scheme === 'http';
}

/** Media (and their posters) come from this site or over https. */
export function mediaSrcAllowed(value: string, origin: string): boolean {
  const scheme = urlScheme(value);
  if (scheme === null) return !value.trim().startsWith('//');
  const url = parseAbsolute(value);
  if (url === null) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.origin === origin);
}

/** A link that leaves the site (opened in a new tab, with no opener nor referrer). */
export function isExternalLink(href: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
}

const MEDIA_TAGS = new Set(['video', 'audio', 'source', 'track']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

function isDataImage(value: string): boolean {
  return /^data:image\/(png|jpe?g|gif|webp|avif|bmp)[;,]/i.test(value.trim());
}

function parseAbsolute(value: string): URL | null {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}
