import type { Article, ArticleCategory } from '../contract/home-content';
import type { LoadedPages } from '../domain/paged-list';
import { isLastNewsPage } from '../domain/news-rules';
import type { ComptoirDatabase } from '../store/database';
import { articleCategoryKey, newsPagesKey } from '../store/news-queries';
import type { ContentDoc } from '../store/schemas';
import { foldArticles } from './fold-content';
import { replaceContentType } from './fold-store';
import { foldLoadedPages } from './page-loader';

/** One page of a category's news: its articles (shared with the home page's), and what is known of the list's pages. */
export async function foldNewsPage(db: ComptoirDatabase, category: string | null, page: number, articles: readonly Article[]): Promise<LoadedPages> {
  await foldArticles(db, articles);
  return foldLoadedPages(db, newsPagesKey(category), page, isLastNewsPage(articles.length), articles.map((a) => Date.parse(a.attributes.date)));
}

/** The categories' answer, the whole truth, in the server's order (each name once). */
export async function foldArticleCategories(db: ComptoirDatabase, categories: readonly ArticleCategory[]): Promise<void> {
  const seen = new Set<string>();
  const docs: ContentDoc[] = [];
  for (const data of categories) {
    if (seen.has(data.name)) continue;
    seen.add(data.name);
    docs.push({ key: articleCategoryKey(data.id), type: 'articleCategory', sortKey: docs.length, data });
  }
  await replaceContentType(db, 'articleCategory', docs);
}
