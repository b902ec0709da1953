import { fileURLToPath } from 'node:url';

/**
 * The pictures, video and audio that news articles embed (`server/article-media`): public like the
 * articles themselves, through a route of their own. The replays' and formations' videos stay in
 * `server/demo-media`, behind their VIP routes.
 */
export const ARTICLE_MEDIA_DIR = fileURLToPath(new URL('../article-media', import.meta.url));

export const ARTICLE_MEDIA_ROUTE = '/content/api/article-media';
export const articleMediaPath = (name: string): string => `${ARTICLE_MEDIA_ROUTE}/${name}`;

/** The media types served, by extension: a name of the folder with another one is unknown. */
export const ARTICLE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml; charset=utf-8',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** A plain file name of the folder ('graphique-dax.svg'), never a path; null otherwise. */
export function articleMediaType(name: string): string | null {
  const match = /^[a-z0-9]+(?:-[a-z0-9]+)*\.([a-z0-9]+)$/.exec(name);
  return (match && ARTICLE_MEDIA_TYPES[match[1]!]) ?? null;
}
