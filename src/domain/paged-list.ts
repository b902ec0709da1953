/*
 * Lists loaded a page at a time, newest first (the replays, the news: spec 3 §2, §9), pure: when
 * a list has ended, and what is known of one filter's pages after a page arrives.
 */

/** A page with fewer items than asked for is the last one. */
export const isShortPage = (count: number, pageSize: number): boolean => count < pageSize;

/**
 * What is known of one filter's list: the pages loaded (1-based, the highest), whether the last
 * page came, and the date (ms) of the oldest item loaded. The list shows what is stored from that
 * date on, so items stored by another filter (or the home page) never show below a gap.
 */
export type LoadedPages = { pages: number; end: boolean; oldest: number | null };

/**
 * What is known after page `page` came with items of these dates (`last`: it was short). The same
 * page twice, or pages in another order, give the same record.
 */
export function nextLoadedPages(prev: LoadedPages | undefined, page: number, last: boolean, dates: readonly number[]): LoadedPages {
  const oldest = Math.min(prev?.oldest ?? Infinity, ...dates);
  return {
    // A short page before the known end means the list shrank: it ends there now.
    pages: last ? (prev && prev.end ? Math.min(prev.pages, page) : page) : Math.max(prev?.pages ?? 0, page),
    end: last || (prev !== undefined && page < prev.pages && prev.end),
    oldest: Number.isFinite(oldest) ? oldest : null,
  };
}

/** The page to ask for next (1 when none was loaded). */
export const nextPage = (pages: LoadedPages | null): number => (pages?.pages ?? 0) + 1;

/** Whether a list may load its next page now: some loaded, not the end, nothing running or failed. */
export const canLoadMore = (pages: LoadedPages | null, loading: boolean, error: string | null): boolean =>
  pages !== null && !pages.end && !loading && error === null;
