import { BRAND_ACCENT } from '../src/views/brand-colours.ts';
import { encodePng } from './png.ts';

/**
 * Comptoir's app icons, drawn from one description: the side navigation's mark (a white diamond)
 * on the accent colour. 'any' icons are a rounded square; maskable ones fill the square and keep
 * the mark inside the safe circle (40 % of the size around the centre), as launchers crop them.
 * Both the SVGs and the PNGs come from here, so they cannot drift apart.
 */
export type IconShape = { rounded: boolean; diamond: number };

/** On a 512 grid: the corner radius of the 'any' square, and each shape's diamond half-diagonal. */
const GRID = 512;
const CORNER = 112;
export const ANY: IconShape = { rounded: true, diamond: 150 };
export const MASKABLE: IconShape = { rounded: false, diamond: 118 };

/** The icons public/icons/ holds, by file name (written by tools/write-app-icons.ts). */
export const APP_ICONS: Record<string, () => Buffer> = {
  'icon.svg': () => Buffer.from(iconSvg(ANY)),
  'icon-maskable.svg': () => Buffer.from(iconSvg(MASKABLE)),
  'icon-192.png': () => iconPng(ANY, 192),
  'icon-512.png': () => iconPng(ANY, 512),
  'icon-maskable-512.png': () => iconPng(MASKABLE, 512),
  // iOS rounds its home-screen icons itself and shows no transparency.
  'apple-touch-icon.png': () => iconPng(MASKABLE, 180),
};

export function iconSvg(shape: IconShape): string {
  const c = GRID / 2;
  const d = shape.diamond;
  const square = shape.rounded ? `<rect width="${GRID}" height="${GRID}" rx="${CORNER}" fill="${BRAND_ACCENT}"/>` : `<rect width="${GRID}" height="${GRID}" fill="${BRAND_ACCENT}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${GRID} ${GRID}">${square}<path d="M${c} ${c - d}L${c + d} ${c}L${c} ${c + d}L${c - d} ${c}Z" fill="#fff"/></svg>\n`;
}

export function iconPng(shape: IconShape, size: number): Buffer {
  return encodePng(size, size, iconPixels(shape, size));
}

/** The icon's RGBA pixels, each the mean of 4×4 samples (smooth edges). */
export function iconPixels(shape: IconShape, size: number): Uint8Array {
  const accent = [1, 3, 5].map((i) => Number.parseInt(BRAND_ACCENT.slice(i, i + 2), 16)) as [number, number, number];
  const pixels = new Uint8Array(size * size * 4);
  const scale = GRID / size;
  const n = 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let inSquare = 0;
      let inDiamond = 0;
      for (let sy = 0; sy < n; sy += 1) {
        for (let sx = 0; sx < n; sx += 1) {
          const px = (x + (sx + 0.5) / n) * scale;
          const py = (y + (sy + 0.5) / n) * scale;
          if (!insideSquare(shape, px, py)) continue;
          inSquare += 1;
          if (Math.abs(px - GRID / 2) + Math.abs(py - GRID / 2) <= shape.diamond) inDiamond += 1;
        }
      }
      const at = (y * size + x) * 4;
      if (inSquare === 0) continue;
      // Colour over the square's samples only, its coverage as alpha (the corners fade to transparent).
      const white = inDiamond / inSquare;
      for (let i = 0; i < 3; i += 1) pixels[at + i] = Math.round(accent[i]! * (1 - white) + 255 * white);
      pixels[at + 3] = Math.round((255 * inSquare) / (n * n));
    }
  }
  return pixels;
}

function insideSquare(shape: IconShape, x: number, y: number): boolean {
  if (!shape.rounded) return true;
  const dx = Math.max(CORNER - x, 0, x - (GRID - CORNER));
  const dy = Math.max(CORNER - y, 0, y - (GRID - CORNER));
  return dx * dx + dy * dy <= CORNER * CORNER;
}
