import { map, type Observable } from 'rxjs';
import type { Article, ArticleCategory } from '../contract/home-content';
import { matchesNewsFilter, newsFilterKey } from '../domain/news-rules';
import type { ComptoirDatabase } from './database';
import { contentBySlug$, loadedPagesKey, pagedList$, type PagedList } from './paged-list';

/*
 * The news pages' reads (spec 3 §2 "News"): the articles of the content collection (`article:{id}`,
 * shared with the home page's) and the categories (`articleCategory:{id}`).
 */

export const articleCategoryKey = (id: number) => `articleCategory:${id}`;
/** kv: the pages of one category's list loaded so far. */
export const newsPagesKey = (category: string | null) => loadedPagesKey('news', newsFilterKey(category));

/** A category's articles (null: every category), the newest first, with what is known of its pages. */
export const newsList$ = (db: ComptoirDatabase, category: string | null): Observable<PagedList<Article>> =>
  pagedList$(db, { type: 'article', pagesKey: newsPagesKey(category), matches: (article) => matchesNewsFilter(article, category) });

/** The stored article of a slug (null: none stored). */
export const articleBySlug$ = (db: ComptoirDatabase, slug: string): Observable<Article | null> => contentBySlug$(db, 'article', slug);

/** The article categories in the server's order. */
export const articleCategories$ = (db: ComptoirDatabase): Observable<ArticleCategory[]> =>
  db.content
    .find({ selector: { type: 'articleCategory' }, sort: [{ sortKey: 'asc' }] })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON().data as ArticleCategory)));
