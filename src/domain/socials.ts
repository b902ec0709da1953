/**
 * The socials' rules (spec 3 §2 "Socials", §3): titles are shown capitalised, and a card says
 * which network it follows; the twitter type is flagged.
 */

/** The networks the app draws an icon for; any other type shows the generic one. */
export const SOCIAL_NETWORKS = ['twitter', 'youtube', 'instagram', 'tiktok', 'telegram', 'discord', 'linkedin', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number] | 'other';

/** 'x' is twitter's other name; types are compared without case or spaces. */
export function socialNetworkOf(type: string): SocialNetwork {
  const t = type.trim().toLowerCase();
  if (t === 'x') return 'twitter';
  return (SOCIAL_NETWORKS as readonly string[]).includes(t) ? (t as SocialNetwork) : 'other';
}

/** Spec 3 §2: the twitter type is flagged. */
export const isTwitter = (type: string): boolean => socialNetworkOf(type) === 'twitter';

/** The first letter upper-cased (a whole code point: 'écoute' → 'Écoute'), the rest as written. */
export function capitalise(title: string): string {
  const first = title.codePointAt(0);
  if (first === undefined) return title;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase('fr-FR') + title.slice(head.length);
}
