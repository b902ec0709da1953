import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LoginInput } from './contract/user';
import { redirectTarget } from './domain/redirect';
import { sessionMachine } from './machines/session-machine';
import { openBrowserDatabase } from './store/open-browser-database';
import { createApiClient } from './sync/api-client';
import { createAccountEffects } from './sync/account-effects';
import { createCheckoutEffects, createLocalCardProvider } from './sync/billing-checkout';
import { createBillingSync } from './sync/billing-sync';
import { createChatConnection } from './sync/chat-connection';
import { rememberReferral } from './sync/referral-cookies';
import { startContentSync } from './sync/content-sync';
import { createLiveIntents } from './sync/live-intents';
import { createSessionEffects } from './sync/session-effects';
import { readToken, saveToken } from './sync/token-cookie';
import { App } from './views/app';

/** The edge of the client: open the store, bind the machines' effects, render. */
async function boot() {
  rememberReferral(window.location.search);
  const db = await openBrowserDatabase();
  const api = createApiClient({
    getToken: readToken,
    onDecodeError: (path, issues) => console.warn(`Réponse inattendue pour ${path}`, issues),
  });
  const effects = createSessionEffects({ api, db: () => db, storage: window.localStorage });
  const chat = createChatConnection({ db, api, getToken: readToken });

  const session = createActor(
    sessionMachine.provide({
      guards: { hasToken: () => readToken() !== null },
      actors: {
        signIn: fromPromise<{ jwt: string }, LoginInput>(({ input }) => effects.signIn(input)),
        loadCurrentUser: fromPromise(() => effects.loadCurrentUser()),
        signOut: fromPromise(() => effects.signOut()),
        contentSync: fromCallback(() => {
          const stopContent = startContentSync({ api, db });
          const stopChat = chat.start();
          return () => {
            stopContent();
            stopChat();
          };
        }),
      },
      actions: {
        saveToken: (_, { jwt }) => saveToken(jwt),
        redirectAfterSignIn: (_, { redirectUri }) => {
          const target = redirectTarget(redirectUri);
          if (target?.kind === 'external') window.location.assign(target.url);
          else if (target?.kind === 'internal') navigate(target.path, { replace: true });
        },
        reportError: (_, { message }) => void toast.error(message),
        // A full load after logout drops every in-memory trace of the previous member.
        leaveApp: () => window.location.assign('/'),
      },
    }),
  ).start();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App
        services={{
          db,
          session,
          live: createLiveIntents(api),
          accounts: createAccountEffects(api),
          chat: chat.sync$,
          billing: createBillingSync({ api, db, refreshUser: () => session.send({ type: 'session.refresh' }) }),
          checkout: (target) => createCheckoutEffects(api, target),
          localCard: createLocalCardProvider(api),
          storage: window.localStorage,
          now: () => new Date(),
        }}
      />
    </StrictMode>,
  );
}

void boot();
