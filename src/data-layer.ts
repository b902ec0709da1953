import { distinctUntilChanged, filter, map, of, switchMap } from 'rxjs';
import { bootStepReached, markBoot } from './domain/boot-marks';
import type { ComptoirDatabase } from './store/database';
import { openBrowserDatabase } from './store/open-browser-database';
import type { ApiClient } from './sync/api-client';
import { createBillingSync } from './sync/billing-sync';
import { createChatConnection } from './sync/chat-connection';
import { createContentSync } from './sync/content-sync';
import { foldReplays } from './sync/fold-replays';
import { NO_REPLAY_FILTER } from './domain/replay-rules';
import { createLandingSync } from './sync/landing-sync';
import { createLearningSync } from './sync/learning-sync';
import { createLiveIntents } from './sync/live-intents';
import { createNewsSync } from './sync/news-sync';
import { createReplaySync } from './sync/replay-sync';
import { createReferralSync } from './sync/referral-sync';
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
  const chat = createChatConnection({ db, api, getToken: readToken, firstScreen: firstScreenShown });
  const realtime$ = chat.sync$.pipe(
    switchMap((sync) => sync?.status$ ?? of('offline' as const)),
    map((status) => status !== 'offline'),
    distinctUntilChanged(),
  );
  // The progress outbox sends what waits whenever the realtime connection comes back.
  const learning = createLearningSync({ api, db, reconnected$: realtime$.pipe(filter(Boolean)) });
  const replays = createReplaySync({ api, db, reconnected$: realtime$.pipe(filter(Boolean)) });
  const news = createNewsSync({ api, db });
  const content = createContentSync({
    api,
    db,
    getToken: readToken,
    firstScreen: firstScreenShown,
    replays: { fold: (replay) => foldReplays(db, [replay]), refresh: async () => void (await replays.loadPage(NO_REPLAY_FILTER, 1)) },
  });
  return {
    db,
    chat: chat.sync$,
    messaging: chat.messaging$,
    live: createLiveIntents(api),
    /** The composers' drafts, per stream (issue 21). */
    drafts,
    billing: createBillingSync({ api, db, refreshUser: session.refreshUser }),
    /** Whether the chat's realtime connection is up (false while it connects or reconnects). */
    realtime$,
    /** Formations, categories and progress, and the progress intents (spec 3 §2). */
    learning,
    /** The home content, the poll intent and the content host's subscriptions (spec 3 §2, issue 18). */
    content,
    /** Replays: the list's pages, the filters, the positions (spec 3 §2). */
    replays,
    /** The referral programme: affiliation, referrals, transfers (spec 3 §2). */
    referral: createReferralSync({ api, db }),
    /** Tools, socials, landing pages and site links, refreshed when their screens open; the tool-link intent (issue 19). */
    landing: createLandingSync({ api, db }),
    /** News: a category's pages, the categories, an article by its address (spec 3 §2). */
    news,
    /** The signed-in activity: content and chat syncs, stopped by the returned function. */
    startSync(): () => void {
      const stopContent = content.start();
      const stopChat = chat.start();
      const stopLearning = learning.start();
      const stopReplays = replays.start();
      const stopNews = news.start();
      return () => {
        stopNews();
        stopReplays();
        stopLearning();
        stopContent();
        stopChat();
      };
    },
  };
}
export type DataLayer = Awaited<ReturnType<typeof openDataLayer>>;
