import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LoginInput } from './contract/user';
import type { DataLayer } from './data-layer';
import { markBoot } from './domain/boot-marks';
import { LAST_ROOM_KEY } from './domain/chat-limits';
import { redirectTarget } from './domain/redirect';
import { sessionMachine } from './machines/session-machine';
import { createApiClient } from './sync/api-client';
import { createAccountEffects } from './sync/account-effects';
import { createCheckoutEffects, createLocalCardProvider } from './sync/billing-checkout';
import { rememberReferral } from './sync/referral-cookies';
import { createSessionEffects } from './sync/session-effects';
import { readToken, saveToken } from './sync/token-cookie';
import { createWebPushEffects } from './sync/web-push';
import { App } from './views/app';

/** The edge of the client: bind the machines' effects, render; the data layer comes when needed. */
function boot() {
  markBoot('boot');
  rememberReferral(window.location.search);
  const api = createApiClient({
    getToken: readToken,
    onDecodeError: (path, issues) => console.warn(`Réponse inattendue pour ${path}`, issues),
  });
  let data: Promise<DataLayer> | null = null;
  const firstScreen = () => ({
    path: window.location.pathname,
    requestedRoom: new URLSearchParams(window.location.search).get('room'),
    lastRoomId: window.localStorage.getItem(LAST_ROOM_KEY),
  });
  const loadData = (): Promise<DataLayer> =>
    (data ??= import('./data-layer').then((m) => m.openDataLayer(api, { refreshUser: () => session.send({ type: 'session.refresh' }) }, firstScreen())));
  // A returning member needs the store at once: start it beside the first render.
  if (readToken() !== null) void loadData();

  const effects = createSessionEffects({ api, db: async () => (await loadData()).db, storage: window.localStorage });
  const session = createActor(
    sessionMachine.provide({
      guards: { hasToken: () => readToken() !== null },
      actors: {
        signIn: fromPromise<{ jwt: string }, LoginInput>(({ input }) => effects.signIn(input)),
        loadCurrentUser: fromPromise(() => effects.loadCurrentUser()),
        signOut: fromPromise(() => effects.signOut()),
        contentSync: fromCallback(() => {
          let stop: (() => void) | null = null;
          let stopped = false;
          void loadData().then((layer) => {
            if (!stopped) stop = layer.startSync();
          });
          return () => {
            stopped = true;
            stop?.();
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

  const accounts = createAccountEffects(api);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App
        services={{
          session,
          accounts,
          push: createWebPushEffects(accounts),
          checkout: (target) => createCheckoutEffects(api, target),
          localCard: createLocalCardProvider(api),
          storage: window.localStorage,
          now: () => new Date(),
          loadData,
        }}
      />
    </StrictMode>,
  );
}

boot();
