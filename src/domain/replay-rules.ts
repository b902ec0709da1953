import { REPLAY_PAGE_SIZE, type Replay, type TeamMember } from '../contract/replays';
import type { SubscriptionEntry } from '../contract/user';
import { isShortPage } from './paged-list';
import { isVip } from './subscriptions';

/*
 * The replays' business rules (spec 3 §2 "Replays", §6, §9), pure: the author order, the end of
 * the pages, who may watch, the player's rates and delay, and the list's filter.
 */

/**
 * Spec 3 §2: the authors filter lists the team members "ordered by a priority of fixed ids" (the
 * spec does not show the list). Ours, from the demo team (server seed, ids in insertion order):
 * 1 Camille Durand (head coach, technical analysis), 2 Hugo Bernard (indices), 3 Sophie Marchand
 * (Forex); everyone else follows by name.
 */
export const AUTHOR_PRIORITY: readonly number[] = [1, 2, 3];

/** The team members in the author filter's order: `AUTHOR_PRIORITY` first, then by name. */
export function sortAuthors(members: readonly TeamMember[]): TeamMember[] {
  const rank = (m: TeamMember) => {
    const k = AUTHOR_PRIORITY.indexOf(m.id);
    return k === -1 ? AUTHOR_PRIORITY.length : k;
  };
  return [...members].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'fr') || a.id - b.id);
}

/** Spec 3 §2, §9: pages of 24; a page with fewer is the last one. */
export const isLastPage = (count: number): boolean => isShortPage(count, REPLAY_PAGE_SIZE);

/** Spec 3 §2, §5, §6: replay viewing needs VIP (subscription 3, not expired). */
export const canWatchReplays = (member: { abonnements: readonly SubscriptionEntry[] }, now: Date): boolean => isVip(member, now);

/** Whether this member may play this replay now: the server's lock and the member's own rights. */
export const mayWatch = (replay: Replay, member: { abonnements: readonly SubscriptionEntry[] } | null, now: Date): boolean =>
  !replay.locked && replay.attributes.videoUrl !== null && member !== null && canWatchReplays(member, now);

/** Spec 3 §9: the player's rates (the first reading: 2, 1.5, 1 and 0.5). */
export const PLAYBACK_RATES = [2, 1.5, 1, 0.5] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Spec 3 §4, §9: `/replay/{slug}` opens its modal after 0.5 s. */
export const REPLAY_MODAL_DELAY_MS = 500;

/** Spec 3 §3 "local storage keys": the replay category last chosen. */
export const REPLAY_CATEGORY_KEY = 'replay:lastCategory';

/** The list's filter (spec 3 §7): a category name, an author id, a date range (ISO, inclusive), a slug search. */
export type ReplayFilter = {
  category: string | null;
  author: number | null;
  from: string | null;
  to: string | null;
  slug: string | null;
};
export const NO_REPLAY_FILTER: ReplayFilter = { category: null, author: null, from: null, to: null, slug: null };

/** One key per distinct filter (the pages loaded are remembered per key). */
export function replayFilterKey(filter: ReplayFilter): string {
  const f = normaliseFilter(filter);
  return [f.category ?? '', f.author ?? '', f.from ?? '', f.to ?? '', f.slug ?? ''].join('|');
}

/** Empty strings and blank searches mean "no filter"; the search becomes a slug fragment. */
export function normaliseFilter(filter: ReplayFilter): ReplayFilter {
  const slug = filter.slug === null ? '' : slugSearch(filter.slug);
  return {
    category: filter.category || null,
    author: filter.author && filter.author > 0 ? filter.author : null,
    from: filter.from || null,
    to: filter.to || null,
    slug: slug === '' ? null : slug,
  };
}

/** A search typed by the member as a slug fragment: 'Analyse du DAX' → 'analyse-du-dax'. */
export function slugSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** Whether a replay belongs to a filter's list (the same rule as the server's, for what is stored here). */
export function matchesReplayFilter(replay: Replay, filter: ReplayFilter): boolean {
  const f = normaliseFilter(filter);
  const a = replay.attributes;
  const at = Date.parse(a.date);
  if (f.category !== null && a.category !== f.category) return false;
  if (f.author !== null && a.author?.id !== f.author) return false;
  if (f.from !== null && at < Date.parse(f.from)) return false;
  if (f.to !== null && at > Date.parse(f.to)) return false;
  if (f.slug !== null && !a.slug.includes(f.slug)) return false;
  return true;
}

/** A date input's day ('2026-11-23') as the first or last millisecond of that day here, in ISO; null when empty or invalid. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const at = edge === 'start' ? new Date(year, month, date, 0, 0, 0, 0) : new Date(year, month, date, 23, 59, 59, 999);
  return Number.isNaN(at.getTime()) || at.getDate() !== date ? null : at.toISOString();
}

/** The date input's value ('2026-11-23') of an ISO boundary, in the local day. */
export function inputDay(iso: string | null): string {
  if (iso === null) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
