import { createContext, use, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TEXT } from '../domain/text-fr';
import type { ActorRefFrom } from 'xstate';
import type { DataLayer, LazySync } from '../data-layer';
import type { SessionMachine } from '../machines/session-machine';
import type { ComptoirDatabase } from '../store/database';
import type { BehaviorSubject } from 'rxjs';
import type { ChatSync } from '../sync/chat-sync';
import type { LiveIntents } from '../sync/live-intents';
import type { DraftStore } from '../sync/drafts';
import type { LearningSync } from '../sync/learning-sync';
import type { ContentSync } from '../sync/content-sync';
import type { ReferralSync } from '../sync/referral-sync';
import type { ReplaySync } from '../sync/replay-sync';
import type { LandingSync } from '../sync/landing-sync';
import type { NewsSync } from '../sync/news-sync';
import type { AccountEffects } from '../sync/account-effects';
import type { WebPushEffects } from '../sync/web-push';
import type { MessagingSync } from '../sync/messaging-sync';
import type { BillingSync } from '../sync/billing-sync';
import type { CheckoutEffects, CheckoutTarget, LocalCardProvider } from '../sync/billing-checkout';
import type { FirstPaintSource } from './chat/first-paint-source';

/** What every screen may use, signed in or not: the session machine and the account intents. */
export type CoreServices = {
  session: ActorRefFrom<SessionMachine>;
  /** Registration and account calls, for the account machines' effects. */
  accounts: AccountEffects;
  /** This browser's web-push subscription, for the web-push machine's effects. */
  push: WebPushEffects;
  /** The checkout machine's server effects for one offer (null: the upgrade to Live). */
  checkout: (target: CheckoutTarget | null) => CheckoutEffects;
  /** The server's own card provider, used when no card provider key is configured. */
  localCard: LocalCardProvider;
  storage: Storage;
  now: () => Date;
  /** The signed-in data layer (store and syncs), loaded once, in its own chunk. */
  loadData: () => Promise<DataLayer>;
  /** The chat's first paint of this page load, painted before the data layer (null: none). */
  firstPaint: FirstPaintSource | null;
};

/** Everything a signed-in view may use: the store to read, and the machines and intents to send to. */
export type AppServices = CoreServices & {
  db: ComptoirDatabase;
  live: LiveIntents;
  /** The composers' drafts, per stream: what a composer opens with, and the debounced saves. */
  drafts: DraftStore;
  /** The chat's sync while signed in (null before the session is ready). */
  chat: BehaviorSubject<ChatSync | null>;
  /** Conversations, profiles, follows and blocks while signed in (null before). */
  messaging: BehaviorSubject<MessagingSync | null>;
  /** The catalogue, the member's subscriptions, invoices and cards, and their intents. */
  billing: LazySync<BillingSync>;
  /** Formations and progress: refreshes and the progress intents (steps, video positions, quiz). */
  learning: LazySync<LearningSync>;
  /** The home content and the poll intent (spec 3 §2). */
  content: ContentSync;
  /** Replays: the list's pages, the filters and the positions. */
  replays: LazySync<ReplaySync>;
  /** The referral programme and its intents. */
  referral: LazySync<ReferralSync>;
  /** Tools, socials, landing pages and site links, and the tool-link intent (issue 19). */
  landing: LazySync<LandingSync>;
  /** News: a category's pages, the categories, an article by its address. */
  news: LazySync<NewsSync>;
};

const CoreContext = createContext<CoreServices | null>(null);
const AppContext = createContext<AppServices | null>(null);

export function CoreProvider({ services, children }: { services: CoreServices; children: ReactNode }) {
  return <CoreContext.Provider value={services}>{children}</CoreContext.Provider>;
}

/**
 * Provides the data layer to its children once its chunk and the store are open, with whatever
 * else they need first (`with`: the chunks of the screens about to show). Nothing suspends on the
 * way: the first screen is revealed the moment it is ready (React holds a revealed Suspense boundary
 * up to 300 ms). When the store cannot open, a French notice offers to reload instead of a blank page.
 */
export function DataProvider({ children, with: alsoNeeded = NONE_NEEDED }: { children: ReactNode; with?: readonly Promise<unknown>[] }) {
  const core = useCore();
  const [state, setState] = useState<{ data: DataLayer } | { error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([core.loadData(), ...alsoNeeded]).then(
      ([data]) => live && setState({ data }),
      (error: unknown) => {
        console.error(error);
        if (live) setState({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [core, alsoNeeded]);
  const data = state !== null && 'data' in state ? state.data : null;
  const services = useMemo(() => (data ? { ...core, db: data.db, live: data.live, drafts: data.drafts, chat: data.chat, messaging: data.messaging, billing: data.billing, learning: data.learning, content: data.content, replays: data.replays, referral: data.referral, news: data.news, landing: data.landing } : null), [core, data]);
  if (state !== null && 'error' in state) return <StoreUnavailable onShown={core.firstPaint?.handOver} />;
  return services ? <AppContext.Provider value={services}>{children}</AppContext.Provider> : null;
}
const NONE_NEEDED: readonly Promise<unknown>[] = [];

function StoreUnavailable({ onShown }: { onShown?: () => void }) {
  // Nothing painted early may stand over the notice.
  useEffect(() => {
    onShown?.();
  }, [onShown]);
  return (
    <div role="alert" style={{ maxWidth: 480, margin: '15vh auto', padding: 24, textAlign: 'center' }}>
      <p>{TEXT.storeUnavailable}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {TEXT.reload}
      </button>
    </div>
  );
}

export function useCore(): CoreServices {
  const services = useContext(CoreContext);
  if (!services) throw new Error('useCore outside CoreProvider');
  return services;
}

/** The signed-in services, or null outside `DataProvider` (the first paint renders rows before it). */
export function useOptionalApp(): AppServices | null {
  return useContext(AppContext);
}

/**
 * A sync whose code loads on first use (formations, replays, news, referral, landing pages,
 * billing: src/data-layer.ts), for the screen that needs it: the screen suspends (its route's
 * Suspense shows nothing) until the sync is there, once per page load.
 */
export function useLazySync<T>(pick: (services: AppServices) => LazySync<T>): T {
  return use(pick(useApp()).get());
}

/** The signed-in services; only inside `DataProvider`. */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside DataProvider');
  return services;
}
