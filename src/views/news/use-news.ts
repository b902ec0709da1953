import { useCallback, useEffect, useState } from 'react';
import type { Article, ArticleCategory } from '../../contract/home-content';
import type { LoadedPages } from '../../domain/paged-list';
import { newsFilterKey } from '../../domain/news-rules';
import { articleBySlug$, articleCategories$, newsList$ } from '../../store/news-queries';
import type { PagedList } from '../../store/paged-list';
import type { ArticleLookup, NewsSync } from '../../sync/news-sync';
import { useLazySync } from '../app-context';
import { useQuery } from '../common/use-query';
import { useInfinitePages } from '../common/use-infinite-pages';

/** The news views' reads (the store) and intents (the news sync); views never fetch. */

export const useNewsSync = (): NewsSync => useLazySync((services) => services.news);

/** A category's list from the store (undefined: still reading). */
export const useNewsList = (category: string | null): PagedList<Article> | undefined =>
  useQuery<PagedList<Article> | undefined>((db) => newsList$(db, category), [newsFilterKey(category)], undefined);

/** The categories, null until the store has been read. */
export const useArticleCategories = (): ArticleCategory[] | null => useQuery<ArticleCategory[] | null>(articleCategories$, [], null);

/** The stored article of a slug (null: none stored; undefined: still reading). */
export const useArticleBySlug = (slug: string): Article | null | undefined =>
  useQuery<Article | null | undefined>((db) => articleBySlug$(db, slug), [slug], undefined);

/** A category's pages: the first when the category is set, the next ones as the end comes into view. */
export function useNewsPages(category: string | null, pages: LoadedPages | null) {
  const sync = useNewsSync();
  const load = useCallback((page: number) => sync.loadPage(category, page), [sync, category]);
  return useInfinitePages(newsFilterKey(category), load, pages);
}

/** The categories refreshed when the list is shown. */
export function useRefreshNewsCategories(): void {
  const sync = useNewsSync();
  useEffect(() => {
    void sync.refreshCategories();
  }, [sync]);
}

/** The server's answer for an address (null while asking), and a way to ask again. */
export function useArticleLookup(slug: string): { lookup: ArticleLookup | null; retry: () => void } {
  const sync = useNewsSync();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ slug: string; attempt: number; lookup: ArticleLookup } | null>(null);
  useEffect(() => {
    let live = true;
    void sync.loadArticle(slug).then((lookup) => live && setAnswer({ slug, attempt, lookup }));
    return () => {
      live = false;
    };
  }, [sync, slug, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { lookup: answer !== null && answer.slug === slug && answer.attempt === attempt ? answer.lookup : null, retry };
}
