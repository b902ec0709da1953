import { styled } from '@linaria/react';
import { useCallback, useMemo, useState } from 'react';
import { NEWS_CATEGORY_KEY } from '../../domain/news-rules';
import { NEWS_TEXT } from '../../domain/news-text-fr';
import { useCore } from '../app-context';
import { CategoryButtons } from '../common/category-buttons';
import { fiveToOneColumns } from '../common/content-card';
import { EditNewShortcut } from '../common/edit-new-shortcut';
import { ListHead, ListPage, PagedGrid } from '../common/paged-grid';
import { listedOrAll, readChoice, rememberChoice } from '../common/remembered-choice';
import { usePageTitle } from '../common/use-page-title';
import { useNow } from '../use-now';
import { NewsCard } from './news-card';
import { useArticleCategories, useNewsList, useNewsPages, useRefreshNewsCategories } from './use-news';

const GRID_TEXT = {
  list: NEWS_TEXT.list,
  loading: NEWS_TEXT.loading,
  loadingMore: NEWS_TEXT.loadingMore,
  empty: NEWS_TEXT.emptyCategory,
  retry: NEWS_TEXT.retry,
};

/**
 * `/news` (spec 3 §2): the category tabs ('Toutes' first), then the articles as cards, newest
 * first, 24 at a time as the member scrolls to the end. The category chosen last is remembered on
 * this device.
 */
export function NewsPage() {
  usePageTitle(NEWS_TEXT.pageTitle);
  useRefreshNewsCategories();
  const { storage } = useCore();
  const now = useNow(60_000);
  const categories = useArticleCategories();
  const names = useMemo(() => categories?.map((c) => c.name) ?? null, [categories]);
  const [chosen, setChosen] = useState<string | null>(() => readChoice(storage, NEWS_CATEGORY_KEY));
  const category = listedOrAll(chosen, names);
  const list = useNewsList(category);
  const pages = list?.pages ?? null;
  const { loading, error, retry, sentinel } = useNewsPages(category, pages);

  const choose = useCallback(
    (next: string | null) => {
      setChosen(next);
      rememberChoice(storage, NEWS_CATEGORY_KEY, next);
    },
    [storage],
  );

  const articles = list?.items ?? [];
  return (
    <ListPage>
      <ListHead>
        <h1>{NEWS_TEXT.pageTitle}</h1>
        <EditNewShortcut />
      </ListHead>
      <Tabs>
        <CategoryButtons label={NEWS_TEXT.categories} allLabel={NEWS_TEXT.allCategories} categories={names ?? []} chosen={category} onChoose={choose} />
      </Tabs>
      <PagedGrid count={articles.length} pages={pages} reading={list === undefined} loading={loading} error={error} retry={retry} sentinel={sentinel} text={GRID_TEXT} gridClassName={fiveToOneColumns}>
        {articles.map((article) => (
          <NewsCard key={article.id} article={article} now={now} />
        ))}
      </PagedGrid>
    </ListPage>
  );
}

const Tabs = styled.div`
  margin-bottom: 24px;
`;
