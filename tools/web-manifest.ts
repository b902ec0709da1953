import type { ManifestOptions } from 'vite-plugin-pwa';
import { BRAND_ACCENT, BRAND_BACKGROUND } from '../src/views/brand-colours.ts';

/**
 * The web app manifest (served as /manifest.webmanifest, linked from index.html by the build): what
 * an installed Comptoir is called, opens on and looks like. Icons from tools/app-icons.ts.
 */
export const webManifest = {
  id: '/',
  name: 'Comptoir',
  short_name: 'Comptoir',
  description: 'La communauté de trading : chat avec les coachs, alertes VIP, lives et formations.',
  lang: 'fr',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_ACCENT,
  background_color: BRAND_BACKGROUND,
  categories: ['finance', 'education', 'social'],
  icons: [
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/icons/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>;
