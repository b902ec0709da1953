import { createContext, use, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { DataLayer } from '../data-layer';
import type { SessionMachine } from '../machines/session-machine';
import type { ComptoirDatabase } from '../store/database';
import type { BehaviorSubject } from 'rxjs';
import type { ChatSync } from '../sync/chat-sync';
import type { LiveIntents } from '../sync/live-intents';
import type { AccountEffects } from '../sync/account-effects';
import type { WebPushEffects } from '../sync/web-push';
import type { MessagingSync } from '../sync/messaging-sync';
import type { BillingSync } from '../sync/billing-sync';
import type { CheckoutEffects, CheckoutTarget, LocalCardProvider } from '../sync/billing-checkout';

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
};

/** Everything a signed-in view may use: the store to read, and the machines and intents to send to. */
export type AppServices = CoreServices & {
  db: ComptoirDatabase;
  live: LiveIntents;
  /** The chat's sync while signed in (null before the session is ready). */
  chat: BehaviorSubject<ChatSync | null>;
  /** Conversations, profiles, follows and blocks while signed in (null before). */
  messaging: BehaviorSubject<MessagingSync | null>;
  /** The catalogue, the member's subscriptions, invoices and cards, and their intents. */
  billing: BillingSync;
};

const CoreContext = createContext<CoreServices | null>(null);
const AppContext = createContext<AppServices | null>(null);

export function CoreProvider({ services, children }: { services: CoreServices; children: ReactNode }) {
  return <CoreContext.Provider value={services}>{children}</CoreContext.Provider>;
}

/** Provides the data layer to its children, suspending until its chunk and the store are open. */
export function DataProvider({ children }: { children: ReactNode }) {
  const core = useCore();
  const data = use(core.loadData());
  return <AppContext.Provider value={{ ...core, db: data.db, live: data.live, chat: data.chat, messaging: data.messaging, billing: data.billing }}>{children}</AppContext.Provider>;
}

export function useCore(): CoreServices {
  const services = useContext(CoreContext);
  if (!services) throw new Error('useCore outside CoreProvider');
  return services;
}

/** The signed-in services; only inside `DataProvider`. */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside DataProvider');
  return services;
}
