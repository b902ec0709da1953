import type { SiteLinks } from '../../src/contract/landing';

/** The demo widgets this server serves itself (server/content/widget-routes.ts). */
export const WIDGET_PATHS = {
  shop: '/content/widgets/boutique',
  review: '/content/widgets/avis',
  writeReview: '/content/widgets/avis/ecrire',
} as const;

/**
 * Where `/shop` and `/profil/avis` point when SHOP_URL, REVIEW_WIDGET_URL and REVIEW_URL are not
 * set: our own demo pages, so every link works offline.
 */
export const DEFAULT_SITE_LINKS: SiteLinks = {
  shopUrl: WIDGET_PATHS.shop,
  reviewWidgetUrl: WIDGET_PATHS.review,
  reviewUrl: WIDGET_PATHS.writeReview,
};
