import { useCallback, useEffect, useRef, useState } from 'react';
import type { Replay, TeamMember } from '../../contract/replays';
import { replayFilterKey, type ReplayFilter } from '../../domain/replay-rules';
import { replayBySlug$, replayCategories$, replayList$, replayPosition$, teamMembers$, type ReplayList } from '../../store/replay-queries';
import type { ReplayPageResult, ReplaySync } from '../../sync/replay-sync';
import { useApp } from '../app-context';
import { useQuery } from '../chat/use-chat';

/** The replay views' reads (the store) and intents (the replay sync); views never fetch. */

export const useReplaySync = (): ReplaySync => useApp().replays;

/** A filter's list from the store (undefined: still reading). */
export function useReplayList(filter: ReplayFilter): ReplayList | undefined {
  return useQuery<ReplayList | undefined>((db) => replayList$(db, filter), [replayFilterKey(filter)], undefined);
}

export const useTeamMembers = (): TeamMember[] => useQuery(teamMembers$, [], NO_MEMBERS);
const NO_MEMBERS: TeamMember[] = [];

/** The categories, null until the store has been read. */
export const useReplayCategories = (): string[] | null => useQuery<string[] | null>(replayCategories$, [], null);

/** The stored replay of a slug (null: none stored; undefined: still reading). */
export const useReplayBySlug = (slug: string): Replay | null | undefined =>
  useQuery<Replay | null | undefined>((db) => replayBySlug$(db, slug), [slug], undefined);

/** The second to resume a replay at (null: none; undefined: still reading). */
export const useReplayPosition = (replayId: number): number | null | undefined =>
  useQuery<number | null | undefined>((db) => replayPosition$(db, replayId), [replayId], undefined);

export type PagesState = { loading: boolean; error: string | null };

/**
 * Loads a filter's first page when the filter is set (the list shows what the store has
 * meanwhile), and the next ones on demand. A late answer for a filter since left is ignored.
 */
export function useReplayPages(filter: ReplayFilter): PagesState & { loadPage: (page: number) => void } {
  const sync = useReplaySync();
  const key = replayFilterKey(filter);
  const current = useRef(key);
  current.current = key;
  const busy = useRef(false);
  const [state, setState] = useState<PagesState & { key: string }>({ loading: true, error: null, key });
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const loadPage = useCallback(
    (page: number) => {
      if (busy.current) return;
      busy.current = true;
      const asked = current.current;
      setState({ loading: true, error: null, key: asked });
      void sync.loadPage(filterRef.current, page).then((result: ReplayPageResult) => {
        if (current.current !== asked) return;
        busy.current = false;
        setState({ loading: false, error: result.ok ? null : result.error, key: asked });
      });
    },
    [sync],
  );

  useEffect(() => {
    busy.current = false;
    loadPage(1);
  }, [key, loadPage]);

  // Until the effect of a new filter has run, the previous filter's state is not this one's.
  return state.key === key ? { loading: state.loading, error: state.error, loadPage } : { loading: true, error: null, loadPage };
}

/** The filters (authors, categories) refreshed when the list is shown. */
export function useRefreshReplayFilters(): void {
  const sync = useReplaySync();
  useEffect(() => {
    void sync.refreshFilters();
  }, [sync]);
}
