import { styled } from '@linaria/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { mayWatch, NO_REPLAY_FILTER, REPLAY_CATEGORY_KEY, showsEditShortcut, type ReplayFilter } from '../../domain/replay-rules';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { useCore } from '../app-context';
import { Icon } from '../common/icons';
import { Button, buttonClass, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { visuallyHidden } from '../common/visually-hidden';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ReplayCard, ReplayCardSkeleton } from './replay-card';
import { ReplayFilters } from './replay-filters';
import { ReplayModal } from './replay-modal';
import { useRefreshReplayFilters, useReplayCategories, useReplayList, useReplayPages, useTeamMembers } from './use-replays';
import { BETA_KEY } from '../common/beta-key';

const SKELETONS = [1, 2, 3, 4, 5, 6];
/** Spec 3 §2, §6: subscription 6 with this key set shows 'Edit new'. */
const EDIT_PATH = '/content/admin';

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
  const [chosen, setChosen] = useState<ReplayFilter>(() => ({ ...NO_REPLAY_FILTER, category: readCategory(storage) }));
  // A remembered category the server no longer lists shows everything.
  const filter = useMemo(
    () => (chosen.category !== null && categories !== null && categories.length > 0 && !categories.includes(chosen.category) ? { ...chosen, category: null } : chosen),
    [chosen, categories],
  );
  const list = useReplayList(filter);
  const { loading, error, loadPage } = useReplayPages(filter);

  const change = useCallback(
    (next: ReplayFilter) => {
      setChosen(next);
      rememberCategory(storage, next.category);
    },
    [storage],
  );

  // Back to the list in place of the replay's address: the browser's Back does not reopen it.
  const closeReplay = useCallback(() => navigate('/replay', { replace: true }), [navigate]);

  const replays = list?.replays ?? [];
  const pages = list?.pages ?? null;
  const nextPage = (pages?.pages ?? 0) + 1;
  const canLoadMore = pages !== null && !pages.end && !loading && error === null;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || typeof IntersectionObserver === 'undefined') return;
    // Made again after each page: its first report says whether the end of the list is still in view.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadPage(nextPage);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, nextPage, loadPage]);

  const empty = pages?.end === true && replays.length === 0 && !loading;
  const skeletons = replays.length === 0 && error === null && !empty && (loading || list === undefined);

  return (
    <Page>
      <Head>
        <h1>{REPLAY_TEXT.pageTitle}</h1>
        {showsEditShortcut(user, now, BETA_KEY) ? (
          <a href={EDIT_PATH} className={buttonClass} data-variant="ghost">
            <Icon name="edit" size={18} />
            {REPLAY_TEXT.editNew}
          </a>
        ) : null}
      </Head>
      <ReplayFilters filter={filter} categories={categories ?? []} authors={authors} onChange={change} />
      {empty ? <Muted>{REPLAY_TEXT.emptyCategory}</Muted> : null}
      {skeletons ? (
        <>
          <p role="status" className={visuallyHidden}>
            {REPLAY_TEXT.loading}
          </p>
          <Grid aria-hidden="true">
            {SKELETONS.map((k) => (
              <ReplayCardSkeleton key={k} />
            ))}
          </Grid>
        </>
      ) : replays.length > 0 ? (
        <Grid aria-label={REPLAY_TEXT.list}>
          {replays.map((replay) => (
            <ReplayCard key={replay.id} replay={replay} locked={!mayWatch(replay, user, now)} />
          ))}
        </Grid>
      ) : null}
      <div ref={sentinel} data-replay-sentinel="" />
      {loading && replays.length > 0 ? <Muted role="status">{REPLAY_TEXT.loadingMore}</Muted> : null}
      {error !== null ? (
        <Failure>
          <ErrorText role="alert">{error}</ErrorText>
          <Button type="button" variant="ghost" onClick={() => loadPage(pages === null ? 1 : nextPage)}>
            <Icon name="retry" size={18} />
            {REPLAY_TEXT.retry}
          </Button>
        </Failure>
      ) : null}
      {params.slug ? <ReplayModal key={params.slug} slug={params.slug} onClose={closeReplay} /> : null}
    </Page>
  );
}

function readCategory(storage: Storage): string | null {
  try {
    return storage.getItem(REPLAY_CATEGORY_KEY) || null;
  } catch {
    return null;
  }
}

function rememberCategory(storage: Storage, category: string | null): void {
  try {
    if (category === null) storage.removeItem(REPLAY_CATEGORY_KEY);
    else storage.setItem(REPLAY_CATEGORY_KEY, category);
  } catch {
    // A full or refused storage: nothing remembered, nothing broken.
  }
}

const Page = styled.div`
  padding: 24px 32px 48px;
  @media (max-width: 600px) {
    padding: 16px 12px 48px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  & h1 {
    margin: 0;
    font-size: 26px;
  }
  & a {
    min-height: 44px;
  }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Muted = styled.p`
  margin: 16px 0;
  color: var(--muted);
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 16px 0;
`;
