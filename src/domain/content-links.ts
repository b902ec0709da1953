import { SERVER_PATHS } from '../contract/hosts';
import { urlScheme } from './html-policy';

/**
 * Addresses that come from the content host (payment links, socials, landing cards, the shop and
 * the review widget) are followed or framed only when they are web addresses: a relative path on
 * this site, or http(s). Anything else (`javascript:`, `data:`) is dropped.
 */
export function webAddress(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const scheme = urlScheme(trimmed);
  if (scheme === null) return trimmed.startsWith('//') ? null : trimmed;
  return scheme === 'https' || scheme === 'http' ? trimmed : null;
}

/**
 * A path the app itself shows (followed in place); anything else, including the server's own
 * pages (`/rest`, `/content`), leaves the app in a new tab.
 */
export const isAppPath = (href: string): boolean =>
  href.startsWith('/') && !href.startsWith('//') && !SERVER_PATHS.some((prefix) => href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}?`));
