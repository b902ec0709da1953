import { ARTICLE_PAGE_SIZE, type Article } from '../contract/home-content';
import { isShortPage } from './paged-list';

/*
 * The news' business rules (spec 3 §2 "News", §9), pure: the 'NOUVEAU' badge, the card's cuts,
 * the end of the pages, when the picture shows, and the list's filter.
 */

/** Spec 3 §2, §9: an article is 'NOUVEAU' for 3 days. */
export const NEW_FOR_MS = 259_200_000;
/** Spec 3 §2, §9: the card shows 37 characters of the title and 180 of the content. */
export const TITLE_PREVIEW_LENGTH = 37;
export const CONTENT_PREVIEW_LENGTH = 180;
/** Spec 3 §3 "local storage keys": the news filter last chosen. */
export const NEWS_CATEGORY_KEY = 'news:lastCategory';

/** Whether an article is 'NOUVEAU' at `now`: published less than 3 days ago. */
export const isNew = (article: Article, now: Date): boolean => now.getTime() - Date.parse(article.attributes.date) < NEW_FOR_MS;

/** Spec 3 §2, §9: pages of 24; a page with fewer is the last one. */
export const isLastNewsPage = (count: number): boolean => isShortPage(count, ARTICLE_PAGE_SIZE);

/** The list's filter: a category name, or null for every category. One key per filter. */
export const newsFilterKey = (category: string | null): string => category ?? '';

/** Whether an article belongs to a filter's list (the server's rule, for what is stored here). */
export const matchesNewsFilter = (article: Article, category: string | null): boolean => category === null || article.attributes.category.name === category;

/**
 * `text` cut at `max` characters (code points: never half a surrogate pair), with '…' when cut; the
 * spaces before the cut are dropped.
 */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Spaces, tabs and new lines as single spaces, none at the ends. */
export const collapseWhitespace = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The card's title: 37 characters at most, then '…'. */
export const previewTitle = (article: Article): string => cutText(collapseWhitespace(article.attributes.title), TITLE_PREVIEW_LENGTH);

/** The card's text: the content's words (its text when written in HTML), 180 characters at most, then '…'. */
export const previewContent = (article: Article): string => {
  const { content, with_HTML_content: html } = article.attributes;
  return cutText(collapseWhitespace(html ? htmlText(content) : content), CONTENT_PREVIEW_LENGTH);
};

/**
 * The words of some HTML, without a DOM: tags and comments dropped (block elements and line
 * breaks become spaces), what scripts and styles hold dropped, entities decoded. Shown as text
 * (React escapes it), so this never has to be a sanitiser.
 */
export function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
      .replace(/<(script|style|template|noscript|iframe|object|svg|math|video|audio)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
      .replace(/<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|tr|td|th|table|blockquote|section|article|figure|figcaption|pre|dd|dt|img|video|audio)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-zA-Z][^>]*>/g, ''),
  );
}

/**
 * Whether the content carries its own picture, video or sound (spec 3 §2: the preview image shows
 * only when it does not): an embedded frame, video, image or audio, or a link to a media file or a
 * video player.
 */
export function hasEmbeddedMedia(content: string): boolean {
  return EMBED_TAG.test(content) || MEDIA_FILE_LINK.test(content) || VIDEO_PLAYER_LINK.test(content);
}

const EMBED_TAG = /<(?:iframe|video|audio|img|picture|source|embed|object)\b/i;
const MEDIA_FILE_LINK = /(?:https?:\/\/|\/)[^\s"'<>()]+\.(?:mp4|webm|ogv|mov|m4v|m3u8|mp3|wav|ogg|oga|m4a|aac|flac|opus|jpe?g|png|gif|webp|avif|svg)(?=$|[?#\s"'<>()])/i;
const VIDEO_PLAYER_LINK = /https?:\/\/(?:www\.)?(?:youtube\.com\/(?:embed|watch|shorts)|youtube-nocookie\.com\/embed|youtu\.be\/|player\.vimeo\.com\/video|vimeo\.com\/\d|dailymotion\.com\/(?:embed|video)|dai\.ly\/)/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', laquo: '«', raquo: '»',
  rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', ndash: '–', mdash: '—', euro: '€', deg: '°', middot: '·',
  eacute: 'é', egrave: 'è', ecirc: 'ê', euml: 'ë', agrave: 'à', acirc: 'â', ccedil: 'ç', icirc: 'î', iuml: 'ï',
  ocirc: 'ô', ugrave: 'ù', ucirc: 'û', uuml: 'ü', oelig: 'œ', Eacute: 'É', Egrave: 'È', Agrave: 'À', Ccedil: 'Ç',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}
