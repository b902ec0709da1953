import { distinctUntilChanged, filter, map, of, switchMap } from 'rxjs';
import { bootStepReached, markBoot } from './domain/boot-marks';
import type { ComptoirDatabase } from './store/database';
import { openBrowserDatabase } from './store/open-browser-database';
import type { ApiClient } from './sync/api-client';
import { createChatConnection } from './sync/chat-connection';
import { createContentSync } from './sync/content-sync';
import { createLiveIntents } from './sync/live-intents';
import { progressWaiting, replayPositionWaiting } from './store/outbox-waiting';
import { readFirstScreen, type FirstScreen } from './sync/first-screen';
import { readToken } from './sync/token-cookie';
import { openDraftStore } from './sync/drafts';

/** The longest the data layer waits for the first screen's rows before letting it render anyway. */
const FIRST_SCREEN_MS = 150;
/** The longest the calls the chat's first screen does not need wait for its rows to be shown. */
const FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * What only a signed-in member needs: the local database, the content and chat syncs, the live
 * intents. Its own chunk (issue 4, `initial_js_kb`): the sign-in screen never downloads RxDB,
 * Dexie or socket.io; `main.tsx` loads it at boot when a token is present, or on the way in.
 */
export async function openDataLayer(api: ApiClient, session: { refreshUser: () => void }, firstScreen: FirstScreen) {
  markBoot('data-chunk');
  const db: ComptoirDatabase = await openBrowserDatabase();
  markBoot('db-open');
  // The first screen's rows are read before it renders (at most FIRST_SCREEN_MS): one render paints them.
  // The drafts are read beside it: a composer opens with its stream's draft in its first render.
  const [, drafts] = await Promise.all([readFirstScreen(db, firstScreen, FIRST_SCREEN_MS), openDraftStore(db)]);
  // A draft typed just before the page goes away is written then, not lost with its pause.
  globalThis.addEventListener?.('pagehide', () => void drafts.flush());
  // On the chat, what its first screen does not show (the inbox, the conversations, the planning,
  // the banners) is asked for once its rows are on screen: on a first visit those calls' answers,
  // folded into the store, competed with the room's first page for the network, the server and the
  // main thread. Elsewhere every screen needs them at once.
  const firstScreenShown = firstScreen.path.startsWith('/chat') ? bootStepReached('list-shown', FIRST_SCREEN_WAIT_MS) : Promise.resolve();
  const chat = createChatConnection({ db, api, getToken: readToken, firstScreen: firstScreenShown, onRefused: session.refreshUser });
  const realtime$ = chat.sync$.pipe(
    switchMap((sync) => sync?.status$ ?? of('offline' as const)),
    map((status) => status !== 'offline'),
    distinctUntilChanged(),
  );
  const reconnected$ = realtime$.pipe(filter(Boolean));
  // The syncs only some screens use (formations, replays, news, referral, landing pages, billing)
  // are in chunks of their own, loaded, made and started the first time a screen asks for them:
  // the chat's code and its first minute hold none of them (issue 4, `initial_js_kb.chat`).
  const lazy = lazySyncs();
  // The progress outbox sends what waits whenever the realtime connection comes back.
  const learning = lazy.add(async () => (await import('./sync/learning-sync')).createLearningSync({ api, db, reconnected$ }));
  const replays = lazy.add(async () => (await import('./sync/replay-sync')).createReplaySync({ api, db, reconnected$ }));
  const news = lazy.add(async () => (await import('./sync/news-sync')).createNewsSync({ api, db }));
  const content = createContentSync({
    api,
    db,
    getToken: readToken,
    firstScreen: firstScreenShown,
    replays: {
      // A replay published while nobody shows replays is stored all the same: the list opens with it.
      fold: async (replay) => (await import('./sync/fold-replays')).foldReplays(db, [replay]),
      // Caught up only where a screen has loaded the replays (their screens load their pages).
      refresh: async () => {
        const sync = replays.loaded();
        // (The filter's rules come with the replays' chunk: the chat's code holds none of them.)
        if (sync) await sync.loadPage((await import('./domain/replay-rules')).NO_REPLAY_FILTER, 1);
      },
    },
  });
  return {
    db,
    chat: chat.sync$,
    messaging: chat.messaging$,
    live: createLiveIntents(api),
    /** The composers' drafts, per stream (issue 21). */
    drafts,
    billing: lazy.add(async () => (await import('./sync/billing-sync')).createBillingSync({ api, db, refreshUser: session.refreshUser })),
    /** Whether the chat's realtime connection is up (false while it connects or reconnects). */
    realtime$,
    /** Formations, categories and progress, and the progress intents (spec 3 §2). */
    learning,
    /** The home content, the poll intent and the content host's subscriptions (spec 3 §2, issue 18). */
    content,
    /** Replays: the list's pages, the filters, the positions (spec 3 §2). */
    replays,
    /** The referral programme: affiliation, referrals, transfers (spec 3 §2). */
    referral: lazy.add(async () => (await import('./sync/referral-sync')).createReferralSync({ api, db })),
    /** Tools, socials, landing pages and site links, refreshed when their screens open; the tool-link intent (issue 19). */
    landing: lazy.add(async () => (await import('./sync/landing-sync')).createLandingSync({ api, db })),
    /** News: a category's pages, the categories, an article by its address. */
    news,
    /** The signed-in activity: content and chat syncs, stopped by the returned function. */
    startSync(): () => void {
      const stopContent = content.start();
      const stopChat = chat.start();
      const stopLazy = lazy.start();
      // What this device still has to send (a course's steps, a replay's position, written
      // offline or before a reload) loads its sync now, which sends it.
      void progressWaiting(db).then((waiting) => {
        if (waiting) void learning.get();
      });
      void replayPositionWaiting(db).then((waiting) => {
        if (waiting) void replays.get();
      });
      return () => {
        stopLazy();
        stopContent();
        stopChat();
      };
    },
  };
}

/** A sync loaded on first use: `get` loads it (once), `loaded` is it when already there. */
export type LazySync<T> = { get(): Promise<T>; loaded(): T | null };

/**
 * The lazily loaded syncs of one data layer. Those with a `start` are started once loaded while
 * the layer's signed-in activity runs (and when it starts), and stopped with it.
 */
function lazySyncs() {
  const startable: Startable[] = [];
  let stops: (() => void)[] | null = null;
  return {
    add<T extends object>(load: () => Promise<T>): LazySync<T> {
      let loading: Promise<T> | null = null;
      let sync: T | null = null;
      return {
        get: () => {
          if (loading === null) {
            const promise = load().then((value) => {
              sync = value;
              // Marked as React marks the promises it has seen: a screen asking once it is in
              // renders at once instead of suspending for a microtask.
              Object.assign(promise, { status: 'fulfilled', value });
              if (isStartable(value)) {
                startable.push(value);
                if (stops !== null) stops.push(value.start());
              }
              return value;
            });
            loading = promise;
          }
          return loading;
        },
        loaded: () => sync,
      };
    },
    start(): () => void {
      stops = startable.map((sync) => sync.start());
      return () => {
        for (const stop of stops ?? []) stop();
        stops = null;
      };
    },
  };
}
type Startable = { start(): () => void };
const isStartable = (sync: object): sync is Startable => typeof (sync as Partial<Startable>).start === 'function';
export type DataLayer = Awaited<ReturnType<typeof openDataLayer>>;
