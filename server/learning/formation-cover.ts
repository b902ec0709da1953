import { titledCoverSvg } from '../http/cover-svg';
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
  return titledCoverSvg({
    title: formation.title,
    kicker: categoryTitle,
    footer: 'Comptoir · Formations',
    colors: PALETTE[formation.categoryId] ?? ['#334155', '#475569'],
  });
}
