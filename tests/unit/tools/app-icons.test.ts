import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_ICONS } from '../../../tools/app-icons';
import { webManifest } from '../../../tools/web-manifest';
import { BRAND_ACCENT, BRAND_BACKGROUND } from '../../../src/views/brand-colours';

const publicFile = (path: string) => readFileSync(new URL(`../../../public${path}`, import.meta.url));
const ACCENT = [1, 3, 5].map((i) => Number.parseInt(BRAND_ACCENT.slice(i, i + 2), 16));

/** A PNG read back by the book: chunks with their CRC checked (a table CRC, not zlib's), rows unfiltered. */
function readPng(file: Buffer) {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    const typed = file.subarray(at + 4, at + 8 + length);
    expect(file.readUInt32BE(at + 8 + length), 'CRC').toBe(tableCrc(typed));
    chunks.push({ type: typed.subarray(0, 4).toString('latin1'), data: typed.subarray(4) });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
  const rows = inflateSync(chunks[1]!.data);
  expect(rows.length).toBe((width * 4 + 1) * height);
  const pixel = (x: number, y: number) => {
    const at = y * (width * 4 + 1) + 1 + x * 4;
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    return [...rows.subarray(at, at + 4)];
  };
  return { width, height, pixel };
}

function tableCrc(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('the app icons', () => {
  it('are committed exactly as tools/write-app-icons.ts writes them', () => {
    for (const [name, make] of Object.entries(APP_ICONS)) expect(publicFile(`/icons/${name}`).equals(make()), name).toBe(true);
  });

  it('draw the white diamond on the accent colour, the "any" square rounded to transparent corners', () => {
    const any = readPng(publicFile('/icons/icon-512.png'));
    expect([any.width, any.height]).toEqual([512, 512]);
    expect(any.pixel(256, 256)).toEqual([255, 255, 255, 255]);
    expect(any.pixel(256, 40)).toEqual([...ACCENT, 255]);
    expect(any.pixel(0, 0)[3]).toBe(0);
    const small = readPng(publicFile('/icons/icon-192.png'));
    expect([small.width, small.height]).toEqual([192, 192]);
  });

  it('fill the square when maskable, the diamond inside the safe circle', () => {
    const maskable = readPng(publicFile('/icons/icon-maskable-512.png'));
    expect(maskable.pixel(0, 0)).toEqual([...ACCENT, 255]);
    expect(maskable.pixel(256, 256)).toEqual([255, 255, 255, 255]);
    // The safe zone is the circle of radius 40 % around the centre: the diamond's tip stays in it.
    expect(maskable.pixel(256, 256 - Math.floor(0.4 * 512) + 2)).toEqual([...ACCENT, 255]);
    const apple = readPng(publicFile('/icons/apple-touch-icon.png'));
    expect([apple.width, apple.height, apple.pixel(0, 0)[3]]).toEqual([180, 180, 255]);
  });
});

describe('the web app manifest', () => {
  it('names the app in French and opens it standalone at the root', () => {
    expect(webManifest).toMatchObject({ name: 'Comptoir', short_name: 'Comptoir', lang: 'fr', start_url: '/', scope: '/', display: 'standalone' });
    expect(webManifest.description).toMatch(/^La communauté de trading/);
  });

  it('takes its colours from the theme, as index.html does', () => {
    expect(webManifest.theme_color).toBe(BRAND_ACCENT);
    expect(webManifest.background_color).toBe(BRAND_BACKGROUND);
    const html = rootFile('index.html');
    expect(html).toContain(`<meta name="theme-color" content="${BRAND_ACCENT}" />`);
    const theme = readFileSync(new URL('../../../src/views/theme.ts', import.meta.url), 'utf8');
    expect(theme).toContain('--bg: ${BRAND_BACKGROUND};');
    expect(theme).toContain('--accent: ${BRAND_ACCENT};');
  });

  it('lists an SVG and PNG icons, "any" and maskable, each file there at its size', () => {
    const purposes = webManifest.icons.map((icon) => `${icon.type} ${icon.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(['image/svg+xml any', 'image/svg+xml maskable', 'image/png any', 'image/png maskable']));
    for (const icon of webManifest.icons) {
      const file = publicFile(icon.src);
      if (icon.type === 'image/png') {
        const { width, height } = readPng(file);
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      } else expect(file.toString('utf8'), icon.src).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    expect(webManifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
  });
});

function rootFile(name: string): string {
  return readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');
}
