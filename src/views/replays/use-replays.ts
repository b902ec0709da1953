import { useCallback, useEffect } from 'react';
import type { Replay, TeamMember } from '../../contract/replays';
import { replayFilterKey, type ReplayFilter } from '../../domain/replay-rules';
import { replayBySlug$, replayCategories$, replayList$, replayPosition$, teamMembers$, type ReplayList } from '../../store/replay-queries';
import type { LoadedPages } from '../../domain/paged-list';
import type { ReplaySync } from '../../sync/replay-sync';
import { useLazySync } from '../app-context';
import { useQuery } from '../common/use-query';
import { useInfinitePages } from '../common/use-infinite-pages';

/** The replay views' reads (the store) and intents (the replay sync); views never fetch. */

export const useReplaySync = (): ReplaySync => useLazySync((services) => services.replays);

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

/** A filter's pages: the first when the filter is set, the next ones as the end comes into view. */
export function useReplayPages(filter: ReplayFilter, pages: LoadedPages | null) {
  const sync = useReplaySync();
  const load = useCallback((page: number) => sync.loadPage(filter, page), [sync, filter]);
  return useInfinitePages(replayFilterKey(filter), load, pages);
}

/** The filters (authors, categories) refreshed when the list is shown. */
export function useRefreshReplayFilters(): void {
  const sync = useReplaySync();
  useEffect(() => {
    void sync.refreshFilters();
  }, [sync]);
}
