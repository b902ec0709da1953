import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { mayWatch, NO_REPLAY_FILTER, REPLAY_CATEGORY_KEY, type ReplayFilter } from '../../domain/replay-rules';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { useCore } from '../app-context';
import { EditNewShortcut } from '../common/edit-new-shortcut';
import { ListHead, ListPage, PagedGrid } from '../common/paged-grid';
import { listedOrAll, readChoice, rememberChoice } from '../common/remembered-choice';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ReplayCard } from './replay-card';
import { ReplayFilters } from './replay-filters';
import { ReplayModal } from './replay-modal';
import { useRefreshReplayFilters, useReplayCategories, useReplayList, useReplayPages, useTeamMembers } from './use-replays';

const GRID_TEXT = {
  list: REPLAY_TEXT.list,
  loading: REPLAY_TEXT.loading,
  loadingMore: REPLAY_TEXT.loadingMore,
  empty: REPLAY_TEXT.emptyCategory,
  retry: REPLAY_TEXT.retry,
};

/**
 * `/replay` and `/replay/{slug}` (spec 3 §2): the filters, then the replays as cards, newest first,
 * loaded 24 at a time as the member scrolls to the end; the slug opens its modal over the list.
 * The category chosen last is remembered on this device.
 */
export function ReplaysPage({ params }: { params: { slug?: string } }) {
  usePageTitle(REPLAY_TEXT.pageTitle);
  useRefreshReplayFilters();
  const { storage } = useCore();
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const now = useNow(60_000);
  const categories = useReplayCategories();
  const authors = useTeamMembers();
  const [chosen, setChosen] = useState<ReplayFilter>(() => ({ ...NO_REPLAY_FILTER, category: readChoice(storage, REPLAY_CATEGORY_KEY) }));
  const filter = useMemo(() => ({ ...chosen, category: listedOrAll(chosen.category, categories) }), [chosen, categories]);
  const list = useReplayList(filter);
  const pages = list?.pages ?? null;
  const { loading, error, retry, sentinel } = useReplayPages(filter, pages);

  const change = useCallback(
    (next: ReplayFilter) => {
      setChosen(next);
      rememberChoice(storage, REPLAY_CATEGORY_KEY, next.category);
    },
    [storage],
  );

  // Back to the list in place of the replay's address: the browser's Back does not reopen it.
  const closeReplay = useCallback(() => navigate('/replay', { replace: true }), [navigate]);

  const replays = list?.replays ?? [];
  return (
    <ListPage>
      <ListHead>
        <h1>{REPLAY_TEXT.pageTitle}</h1>
        <EditNewShortcut />
      </ListHead>
      <ReplayFilters filter={filter} categories={categories ?? []} authors={authors} onChange={change} />
      <PagedGrid count={replays.length} pages={pages} reading={list === undefined} loading={loading} error={error} retry={retry} sentinel={sentinel} text={GRID_TEXT}>
        {replays.map((replay) => (
          <ReplayCard key={replay.id} replay={replay} locked={!mayWatch(replay, user, now)} />
        ))}
      </PagedGrid>
      {params.slug ? <ReplayModal key={params.slug} slug={params.slug} onClose={closeReplay} /> : null}
    </ListPage>
  );
}
