import { useCallback, useEffect, useRef, useState } from 'react';
import type { Tool } from '../../contract/home-content';
import type { LandingPage, SiteLinks, SocialMedia } from '../../contract/landing';
import { landingPage$, siteLinks$, socials$, tool$, tools$ } from '../../store/landing-queries';
import type { LandingSync, RefreshResult } from '../../sync/landing-sync';
import { useLazySync } from '../app-context';
import { useQuery } from '../common/use-query';

/** The toolbox's, socials', landing pages' and site links' reads (the store) and refreshes (the landing sync); views never fetch. */

export const useLandingSync = (): LandingSync => useLazySync((services) => services.landing);

/** What the store holds; undefined while it is first read. */
export const useTools = (): Tool[] | undefined => useQuery<Tool[] | undefined>(tools$, [], undefined);
export const useTool = (id: number): Tool | null | undefined => useQuery<Tool | null | undefined>((db) => tool$(db, id), [id], undefined);
export const useSocials = (): SocialMedia[] | undefined => useQuery<SocialMedia[] | undefined>(socials$, [], undefined);
export const useLandingPage = (slug: string): LandingPage | null | undefined =>
  useQuery<LandingPage | null | undefined>((db) => landingPage$(db, slug), [slug], undefined);
export const useSiteLinks = (): SiteLinks | null | undefined => useQuery<SiteLinks | null | undefined>(siteLinks$, [], undefined);

/** A background refresh's state: `found` false when the server does not know what was asked. */
export type Refresh = { loading: boolean; error: string | null; found: boolean; retry: () => void };

/**
 * Runs a refresh of the landing sync when the screen opens (and again on `retry`); `key` names
 * what it asks, so a new key asks again. `enabled` false asks nothing (a refused member).
 */
export function useRefresh(key: string, run: (sync: LandingSync) => Promise<RefreshResult>, enabled = true): Refresh {
  const sync = useLandingSync();
  const runRef = useRef(run);
  runRef.current = run;
  const [state, setState] = useState({ key, loading: enabled, error: null as string | null, found: true });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ key, loading: true, error: null, found: true });
    void runRef.current(sync).then((result) => {
      if (!live) return;
      setState(result.ok ? { key, loading: false, error: null, found: result.found } : { key, loading: false, error: result.error, found: true });
    });
    return () => {
      live = false;
    };
  }, [sync, key, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the effect of a new key has run, the previous key's state is not this one's.
  if (state.key !== key) return { loading: enabled, error: null, found: true, retry };
  return { loading: state.loading, error: state.error, found: state.found, retry };
}
