import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { canLoadMore, nextPage, type LoadedPages } from '../../domain/paged-list';
import type { PageResult } from '../../sync/page-loader';

export type PagesState = { loading: boolean; error: string | null };

/**
 * A paged list's loading (replays, news): the first page when the filter (`key`) is set — the
 * list shows what the store has meanwhile — the next one when the end of the list comes into view
 * (`sentinel`, an element placed after the list), and again on `retry` after a failure. A late
 * answer for a filter since left is ignored.
 */
export function useInfinitePages(
  key: string,
  load: (page: number) => Promise<PageResult>,
  pages: LoadedPages | null,
): PagesState & { retry: () => void; sentinel: RefObject<HTMLDivElement | null> } {
  const { loading, error, loadPage } = usePageLoads(key, load);
  const sentinel = useRef<HTMLDivElement>(null);
  const next = nextPage(pages);
  useEndInView(sentinel, canLoadMore(pages, loading, error), next, loadPage);
  const retry = useCallback(() => loadPage(next), [loadPage, next]);
  return { loading, error, retry, sentinel };
}

/** The pages asked for one filter at a time: the first at once, the others on demand. */
function usePageLoads(key: string, load: (page: number) => Promise<PageResult>): PagesState & { loadPage: (page: number) => void } {
  const current = useRef(key);
  current.current = key;
  const loadRef = useRef(load);
  loadRef.current = load;
  const busy = useRef(false);
  const [state, setState] = useState<PagesState & { key: string }>({ loading: true, error: null, key });

  const loadPage = useCallback((page: number) => {
    if (busy.current) return;
    busy.current = true;
    const asked = current.current;
    setState({ loading: true, error: null, key: asked });
    void loadRef.current(page).then((result) => {
      if (current.current !== asked) return;
      busy.current = false;
      setState({ loading: false, error: result.ok ? null : result.error, key: asked });
    });
  }, []);

  useEffect(() => {
    busy.current = false;
    loadPage(1);
  }, [key, loadPage]);

  // Until the effect of a new filter has run, the previous filter's state is not this one's.
  return state.key === key ? { loading: state.loading, error: state.error, loadPage } : { loading: true, error: null, loadPage };
}

/** Asks for page `next` when `sentinel` is in view (the browser's IntersectionObserver). */
function useEndInView(sentinel: RefObject<HTMLDivElement | null>, active: boolean, next: number, loadPage: (page: number) => void): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    // Made again after each page: its first report says whether the end of the list is still in view.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadPage(next);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, active, next, loadPage]);
}
