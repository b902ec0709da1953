/**
 * A generated cover (640×360 SVG): a small line above a title, a footer, on a two-colour gradient.
 * Formations, replays, articles and tools of the demo have no pictures of their own.
 */
export function titledCoverSvg(cover: { title: string; kicker: string; footer: string; colors: readonly [string, string] }): string {
  const [from, to] = cover.colors;
  const lines = wrap(cover.title, 26).slice(0, 3);
  const title = lines.map((line, i) => `<text x="40" y="${180 + i * 46 - (lines.length - 1) * 23}" font-size="38" font-weight="700">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(cover.title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><g fill="#fff" font-family="system-ui, sans-serif"><text x="40" y="60" font-size="20" opacity="0.8">${escapeXml(cover.kicker)}</text>${title}<text x="40" y="320" font-size="18" opacity="0.7">${escapeXml(cover.footer)}</text></g></svg>`;
}

/** Colour pairs to pick from by a stable number (a category's index, an id). */
export const COVER_COLORS: readonly (readonly [string, string])[] = [
  ['#0f766e', '#115e59'],
  ['#1e3a8a', '#1d4ed8'],
  ['#581c87', '#7e22ce'],
  ['#7c2d12', '#b45309'],
  ['#713f12', '#a16207'],
  ['#334155', '#475569'],
];

/** Headers of a generated cover: public, cached an hour, no script can run in it. */
export const COVER_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
