import type { StoredFormation } from './formation-documents';

/** Cover colours by category, so the catalogue's grid reads by family at a glance. */
const PALETTE: Record<number, [string, string]> = {
  1: ['#0f766e', '#115e59'],
  2: ['#7c2d12', '#b45309'],
  3: ['#1e3a8a', '#1d4ed8'],
  4: ['#581c87', '#7e22ce'],
  5: ['#7c2d12', '#9a3412'],
  6: ['#713f12', '#a16207'],
};

/** A formation's cover (640×360 SVG): its category above its title, on the category's colours. */
export function coverSvg(formation: Pick<StoredFormation, 'title' | 'categoryId'>, categoryTitle: string): string {
  const [from, to] = PALETTE[formation.categoryId] ?? ['#334155', '#475569'];
  const lines = wrap(formation.title, 26).slice(0, 3);
  const title = lines.map((line, i) => `<text x="40" y="${180 + i * 46 - (lines.length - 1) * 23}" font-size="38" font-weight="700">${escapeXml(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${escapeXml(formation.title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><g fill="#fff" font-family="system-ui, sans-serif"><text x="40" y="60" font-size="20" opacity="0.8">${escapeXml(categoryTitle)}</text>${title}<text x="40" y="320" font-size="18" opacity="0.7">Comptoir · Formations</text></g></svg>`;
}

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
