import type { Observable } from 'rxjs';
import { z } from 'zod/mini';
import { REPLAY_FILTERS_QUERY } from '../contract/graphql-documents';
import {
  REPLAY_PAGE_SIZE,
  replayCategoriesResponse,
  replayPositionResponse,
  replayPositionsResponse,
  replaysResponse,
  teamMembersResponse,
} from '../contract/replays';
import { TEXT } from '../domain/text-fr';
import { NO_REPLAY_FILTER, normaliseFilter, replayFilterKey, type ReplayFilter } from '../domain/replay-rules';
import type { ComptoirDatabase } from '../store/database';
import { pendingPositions, replayPositionKey, type StoredPosition } from '../store/replay-queries';
import type { ApiClient } from './api-client';
import { foldReplayFilters, foldReplayPage, foldServerPositions } from './fold-replays';
import { modifyKv } from './fold-store';
import { createPageLoader, type PageResult } from './page-loader';

/** Positions are saved at most this often while a replay plays (at once on pause and on close). */
export const REPLAY_POSITION_INTERVAL_MS = 5_000;
/** After a failed send, positions are tried again this much later (and at once when the network is back). */
export const REPLAY_RETRY_MS = 15_000;
/** The background refresh waits this long after sign-in, so the first screen loads first. */
export const REPLAY_START_DELAY_MS = 2_500;

const replayFiltersResponse = z.object({ ...teamMembersResponse.shape, ...replayCategoriesResponse.shape });

export type ReplaySync = ReturnType<typeof createReplaySync>;

/**
 * The replays data layer (spec 3 §2, §7): the list's pages and the filters folded into the store,
 * and the member's positions in the replays. A position is kept in the store first (a reload
 * resumes there, offline too), then sent; what could not be sent is sent later.
 */
export function createReplaySync(deps: {
  api: ApiClient;
  db: ComptoirDatabase;
  /** Emits when the connection comes back (the realtime connection). */
  reconnected$?: Observable<unknown>;
  now?: () => number;
  /** Tests shorten the position throttle and the retry delay. */
  positionIntervalMs?: number;
  retryMs?: number;
}) {
  const { api, db } = deps;
  const now = deps.now ?? (() => Date.now());
  const positionInterval = deps.positionIntervalMs ?? REPLAY_POSITION_INTERVAL_MS;
  const retryMs = deps.retryMs ?? REPLAY_RETRY_MS;
  let stopped = false;

  // --- the list -------------------------------------------------------------------------------
  /** One page (1-based) of a filter's list, folded into the store with what is known of its pages. */
  const loadPage = createPageLoader(replayFilterKey, async (filter: ReplayFilter, page: number): Promise<PageResult> => {
    const f = normaliseFilter(filter);
    const answer = await api.request(replaysResponse, 'content', '/api/platform-replays', {
      query: {
        page,
        pageSize: REPLAY_PAGE_SIZE,
        from: f.from ?? undefined,
        to: f.to ?? undefined,
        author: f.author ?? undefined,
        category: f.category ?? undefined,
        slug: f.slug ?? undefined,
      },
    });
    if (!answer.ok) return answer;
    if (stopped) return { ok: false, error: TEXT.requestFailed, status: null };
    return { ok: true, pages: await foldReplayPage(db, f, page, answer.data.data) };
  });

  /** The authors and the categories of the filters; null, or the failure's message. */
  async function refreshFilters(): Promise<string | null> {
    const answer = await api.graphql(replayFiltersResponse, REPLAY_FILTERS_QUERY);
    if (!answer.ok) return answer.error;
    if (!stopped) await foldReplayFilters(db, answer.data);
    return null;
  }

  // --- positions ------------------------------------------------------------------------------
  /** The server's positions (another device's), then what waits here is sent. */
  async function loadPositions(): Promise<void> {
    const answer = await api.request(replayPositionsResponse, 'rest', '/replays/positions');
    if (answer.ok && !stopped) await foldServerPositions(db, answer.data.data, now());
    await flush();
  }

  const latest = new Map<number, number>();
  const lastWrite = new Map<number, number>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  /** The second reached in a replay: at most one write every 5 s while it plays; `immediate` on pause and on close. */
  function savePosition(replayId: number, second: number, options: { immediate?: boolean } = {}): Promise<void> {
    if (!Number.isFinite(second) || second < 0) return Promise.resolve();
    latest.set(replayId, Math.min(86_400, Math.round(second * 10) / 10));
    const since = now() - (lastWrite.get(replayId) ?? -Infinity);
    if (options.immediate || since >= positionInterval) return writePosition(replayId);
    if (!timers.has(replayId)) timers.set(replayId, setTimeout(() => void writePosition(replayId), positionInterval - since));
    return Promise.resolve();
  }

  async function writePosition(replayId: number): Promise<void> {
    const timer = timers.get(replayId);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(replayId);
    const second = latest.get(replayId);
    latest.delete(replayId);
    if (second === undefined) return;
    lastWrite.set(replayId, now());
    await modifyKv<StoredPosition>(db, replayPositionKey(replayId), () => ({ second, pending: true, at: now() }));
    void flush();
  }

  let flushing: Promise<void> | null = null;
  let again = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  /** Sends every position waiting here, the oldest first; a network failure stops the round. */
  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      let outcome: 'sent' | 'blocked';
      do {
        again = false;
        outcome = await flushOnce();
      } while (outcome === 'sent' && again && !stopped);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function flushOnce(): Promise<'sent' | 'blocked'> {
    for (const { replayId, position } of await pendingPositions(db)) {
      if (stopped) return 'blocked';
      const answer = await api.request(replayPositionResponse, 'rest', `/replays/positions/${replayId}`, { method: 'PUT', body: { second: position.second } });
      if (!answer.ok && (answer.status === null || answer.status === 401 || answer.status === 429 || answer.status >= 500)) {
        // Not the position's fault: it waits for the next round.
        scheduleRetry();
        return 'blocked';
      }
      if (!answer.ok) console.warn('Position de replay refusée par le serveur', replayId, answer.error);
      // Sent (or refused for good): no longer waiting, unless a newer second came meanwhile.
      await modifyKv<StoredPosition>(db, replayPositionKey(replayId), (prev) =>
        prev && prev.second !== position.second ? prev : { second: position.second, pending: false, at: prev?.at ?? position.at },
      );
    }
    return 'sent';
  }

  function scheduleRetry() {
    if (retry !== null || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      void flush();
    }, retryMs);
  }

  return {
    loadPage,
    refreshFilters,
    loadPositions,
    savePosition,
    flush,
    /** Background work while signed in: the filters, the first page (the home card), the positions. Returns the cleanup. */
    start(): () => void {
      stopped = false;
      const first = setTimeout(() => {
        void refreshFilters();
        void loadPage(NO_REPLAY_FILTER, 1);
        void loadPositions();
      }, REPLAY_START_DELAY_MS);
      const subscription = deps.reconnected$?.subscribe(() => void flush());
      const online = () => void flush();
      if (typeof window !== 'undefined') window.addEventListener('online', online);
      return () => {
        for (const id of [...latest.keys()]) void writePosition(id);
        stopped = true;
        clearTimeout(first);
        subscription?.unsubscribe();
        if (typeof window !== 'undefined') window.removeEventListener('online', online);
        if (retry !== null) clearTimeout(retry);
        retry = null;
      };
    },
  };
}
