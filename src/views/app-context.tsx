import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session-machine';
import type { ComptoirDatabase } from '../store/database';
import type { BehaviorSubject } from 'rxjs';
import type { ChatSync } from '../sync/chat-sync';
import type { LiveIntents } from '../sync/live-intents';
import type { AccountEffects } from '../sync/account-effects';
import type { BillingSync } from '../sync/billing-sync';
import type { CheckoutEffects, CheckoutTarget, LocalCardProvider } from '../sync/billing-checkout';

/** Everything a view may use: the store to read, and the machines and intents to send to. */
export type AppServices = {
  db: ComptoirDatabase;
  session: ActorRefFrom<SessionMachine>;
  live: LiveIntents;
  /** Registration and account calls, for the account machines' effects. */
  accounts: AccountEffects;
  /** The chat's sync while signed in (null before the session is ready). */
  chat: BehaviorSubject<ChatSync | null>;
  /** The catalogue, the member's subscriptions, invoices and cards, and their intents. */
  billing: BillingSync;
  /** The checkout machine's server effects for one offer (null: the upgrade to Live). */
  checkout: (target: CheckoutTarget | null) => CheckoutEffects;
  /** The server's own card provider, used when no card provider key is configured. */
  localCard: LocalCardProvider;
  storage: Storage;
  now: () => Date;
};

const AppContext = createContext<AppServices | null>(null);

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside AppProvider');
  return services;
}
