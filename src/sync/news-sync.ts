import { ARTICLE_PAGE_SIZE, articleCategoriesResponse, articlesResponse } from '../contract/home-content';
import { newsFilterKey } from '../domain/news-rules';
import { TEXT } from '../domain/text-fr';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient, ApiFailure } from './api-client';
import { foldArticles } from './fold-content';
import { foldArticleCategories, foldNewsPage } from './fold-news';
import { createPageLoader, type PageResult } from './page-loader';

/** An article asked by its address: whether the server has it (it is in the store when found). */
export type ArticleLookup = { ok: true; found: boolean } | ApiFailure;
export type NewsSync = ReturnType<typeof createNewsSync>;

/**
 * The news data layer (spec 3 §2 "News", §7): a category's pages of 24 (newest first, the date
 * not after now: the server's filter), the categories, and one article by its slug, each folded
 * into the store the views read. Failures come back as 'Erreur lors de la requête' (or the
 * server's own message) for the views to show.
 */
export function createNewsSync(deps: { api: ApiClient; db: ComptoirDatabase }) {
  const { api, db } = deps;
  let stopped = false;
  const afterStop: ApiFailure = { ok: false, error: TEXT.requestFailed, status: null };

  /** One page (1-based) of a category's list (null: every category). */
  const loadPage = createPageLoader(newsFilterKey, async (category: string | null, page: number): Promise<PageResult> => {
    const answer = await api.request(articlesResponse, 'content', '/api/landing-articles', {
      query: { page, pageSize: ARTICLE_PAGE_SIZE, category: category ?? undefined },
    });
    if (!answer.ok) return answer;
    if (stopped) return afterStop;
    return { ok: true, pages: await foldNewsPage(db, category, page, answer.data.data) };
  });

  /** The categories of the tabs; null, or the failure's message. */
  async function refreshCategories(): Promise<string | null> {
    const answer = await api.request(articleCategoriesResponse, 'content', '/api/landing-categories');
    if (!answer.ok) return answer.error;
    if (!stopped) await foldArticleCategories(db, answer.data.data);
    return null;
  }

  /** The article of an address, asked again each time it is opened (it may have changed). */
  async function loadArticle(slug: string): Promise<ArticleLookup> {
    const answer = await api.request(articlesResponse, 'content', '/api/landing-articles', { query: { slug, pageSize: 1 } });
    if (!answer.ok) return answer;
    if (stopped) return afterStop;
    const found = answer.data.data.filter((a) => a.attributes.slug === slug);
    await foldArticles(db, found);
    return { ok: true, found: found.length > 0 };
  }

  return {
    loadPage,
    refreshCategories,
    loadArticle,
    /** While signed in: nothing runs in the background (the home page loads the latest articles). Returns the cleanup. */
    start(): () => void {
      stopped = false;
      return () => {
        stopped = true;
      };
    },
  };
}
