import { nextLoadedPages, type LoadedPages } from '../domain/paged-list';
import type { ComptoirDatabase } from '../store/database';
import type { ApiFailure } from './api-client';
import { modifyKv } from './fold-store';

/** A page's outcome: what is now known of the filter's pages, or the failure to show. */
export type PageResult = { ok: true; pages: LoadedPages } | ApiFailure;

/**
 * The page loader every paged list shares (replays, news): one page (1-based) of a filter, asked
 * once while it is on its way (a second ask gets the same promise). `fetchAndFold` asks the server
 * and folds the answer into the store.
 */
export function createPageLoader<F>(keyOf: (filter: F) => string, fetchAndFold: (filter: F, page: number) => Promise<PageResult>) {
  const loading = new Map<string, Promise<PageResult>>();
  return function loadPage(filter: F, page: number): Promise<PageResult> {
    const key = `${keyOf(filter)}#${page}`;
    const running = loading.get(key);
    if (running) return running;
    const request = fetchAndFold(filter, page).finally(() => loading.delete(key));
    loading.set(key, request);
    return request;
  };
}

/** Records that page `page` of a list came with items of these dates (`last`: it was short). */
export function foldLoadedPages(db: ComptoirDatabase, pagesKey: string, page: number, last: boolean, dates: readonly number[]): Promise<LoadedPages> {
  return modifyKv<LoadedPages>(db, pagesKey, (prev) => nextLoadedPages(prev, page, last, dates));
}
