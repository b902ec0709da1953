import type { Client, ClientOptions } from 'graphql-ws';
import { z } from 'zod/mini';
import {
  LIVE_CHANGED_SUBSCRIPTION,
  PLANNING_CHANGED_SUBSCRIPTION,
  REPLAY_PUBLISHED_SUBSCRIPTION,
  liveChangedEvent,
  planningChangedEvent,
  replayPublishedEvent,
} from '../contract/content-events';
import { GRAPHQL_PATH } from '../contract/hosts';
import type { Replay } from '../contract/replays';
import type { ComptoirDatabase } from '../store/database';
import { foldPlanningItems, foldPlanningPage } from './fold-content';

/** How long the client waits before retrying a lost connection: 1, 2, 4 … 30 s, with a random spread. */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.min(30_000, 1_000 * 2 ** retries) * (0.75 + random() * 0.5);
}

export type ContentSubscriptionDeps = {
  db: ComptoirDatabase;
  getToken: () => string | null;
  /** Folds a published replay into the store (the replays' fold). */
  foldReplay: (replay: Replay) => Promise<void>;
  /**
   * Connected (`first`: the first time): fetch again what may have changed before the
   * subscriptions listened (on the first connection) or while the connection was lost.
   */
  onConnected: (first: boolean) => void;
  /** graphql-ws' `createClient`; loaded on demand by default (no first screen needs it). */
  createClient?: (options: ClientOptions) => Client;
  /** The WebSocket URL of the content host's GraphQL endpoint (this origin's by default). */
  url?: string;
  onDropped?: (event: string, issue: unknown) => void;
};

const defaultUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;

/**
 * The content host's GraphQL subscriptions over graphql-ws (issue 18): a live that starts or ends,
 * the planning that changes, a replay published. Each event is decoded with the contract and
 * folded into the store like every other; a malformed one is dropped and reported. The client
 * reconnects by itself; on each connection `onConnected` catches up what happened meanwhile.
 * Returns the cleanup.
 */
export function startContentSubscriptions(deps: ContentSubscriptionDeps): () => void {
  let client: Client | null = null;
  let stopped = false;
  const unsubscribes: (() => void)[] = [];

  function listen<S extends z.core.$ZodType>(name: string, query: string, schema: S, fold: (event: z.infer<S>) => Promise<void>) {
    if (!client) return;
    unsubscribes.push(
      client.subscribe(
        { query },
        {
          next: (result) => {
            const parsed = z.safeParse(schema, result.data);
            if (!parsed.success || result.errors?.length) {
              deps.onDropped?.(name, parsed.success ? result.errors : parsed.error.issues);
              return;
            }
            void fold(parsed.data).catch((error: unknown) => deps.onDropped?.(name, error));
          },
          error: (error) => deps.onDropped?.(name, error),
          complete: () => undefined,
        },
      ),
    );
  }

  async function start() {
    const createClient = deps.createClient ?? (await import('graphql-ws')).createClient;
    if (stopped) return;
    let connectedOnce = false;
    client = createClient({
      url: deps.url ?? defaultUrl(),
      connectionParams: () => ({ token: deps.getToken() ?? '' }),
      lazy: false,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
      on: {
        connected: () => {
          deps.onConnected(!connectedOnce);
          connectedOnce = true;
        },
      },
    });
    listen('liveChanged', LIVE_CHANGED_SUBSCRIPTION, liveChangedEvent, (event) => foldPlanningItems(deps.db, event.liveChanged.current));
    listen('planningChanged', PLANNING_CHANGED_SUBSCRIPTION, planningChangedEvent, ({ planningChanged: page }) =>
      foldPlanningPage(deps.db, { from: new Date(page.from), to: new Date(page.to) }, page.items),
    );
    listen('replayPublished', REPLAY_PUBLISHED_SUBSCRIPTION, replayPublishedEvent, (event) => deps.foldReplay(event.replayPublished));
  }

  void start().catch((error: unknown) => deps.onDropped?.('connection', error));
  return () => {
    stopped = true;
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    void client?.dispose();
  };
}
