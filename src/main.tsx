import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from './views/common/toast';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LoginInput } from './contract/user';
import type { DataLayer } from './data-layer';
import { markBoot } from './domain/boot-marks';
import { warmFrenchDates } from './domain/dates-fr';
import { redirectTarget } from './domain/redirect';
import { sessionMachine } from './machines/session-machine';
import { createApiClient, type ApiClient } from './sync/api-client';
import { createAccountEffects } from './sync/account-effects';
import type { CheckoutEffects, CheckoutTarget, LocalCardProvider } from './sync/billing-checkout';
import { lazyEffects } from './sync/lazy-effects';
import { rememberReferral } from './sync/referral-cookies';
import { createSessionEffects } from './sync/session-effects';
import { readToken, saveToken } from './sync/token-cookie';
import { createWebPushEffects } from './sync/web-push';
import { App } from './views/app';
import { startFirstPaint, type FirstPaintSource } from './views/chat/first-paint-source';
import { screenAt, startFirstPaintLoads } from './views/chat/first-paint-loads';

/** The checkout's effects and card provider: their code loads with the checkout's first call, never with the app. */
const checkoutModule = () => import('./sync/billing-checkout');
const checkoutEffects = (api: ApiClient, target: CheckoutTarget | null) =>
  lazyEffects<CheckoutEffects>(async () => (await checkoutModule()).createCheckoutEffects(api, target), {
    checkCoupon: true,
    saveTradingview: true,
    purchase: true,
    createCryptoPayment: true,
    createPaypalOrder: true,
    capturePaypalOrder: true,
  });
const localCardProvider = (api: ApiClient) =>
  lazyEffects<LocalCardProvider>(async () => (await checkoutModule()).createLocalCardProvider(api), { createToken: true });

/** The edge of the client: bind the machines' effects, render; the data layer comes when needed. */
function boot() {
  markBoot('boot');
  rememberReferral(window.location.search);
  const api = createApiClient({
    getToken: readToken,
    onDecodeError: (path, issues) => console.warn(`Réponse inattendue pour ${path}`, issues),
  });
  let data: Promise<DataLayer> | null = null;
  let firstPaint: FirstPaintSource | null = null;
  const firstScreen = () => screenAt(window.location, window.localStorage);
  // Started once the chat's first paint (if any) is on screen: nothing competes with it.
  const loadData = (): Promise<DataLayer> =>
    (data ??= (firstPaint?.settled ?? Promise.resolve())
      .then(() => import('./data-layer'))
      .then((m) => m.openDataLayer(api, { refreshUser: () => session.send({ type: 'session.refresh' }) }, firstScreen())));
  // A returning member on the chat sees its rows from the local database before anything else
  // loads (their view's chunk and a raw read), then the store opens beside the first render.
  const screen = firstScreen();
  firstPaint =
    readToken() === null
      ? null
      : startFirstPaint({
          ...screen,
          storage: window.localStorage,
          viewport: { width: window.innerWidth, height: window.innerHeight },
          loads: () => startFirstPaintLoads(screen, window.indexedDB as IDBFactory | undefined),
        });
  if (readToken() !== null) {
    // Opening the chat with nothing stored to paint (a first visit, a new device): its first calls
    // (the room list, the member's followings and blocks) are asked for now, while the data layer's
    // chunk downloads; its syncs take their answers (ApiClient.prefetch). A first paint needs none
    // of them: its boot keeps the network and the main thread to itself.
    if (firstPaint === null && screen.path.startsWith('/chat')) {
      api.prefetch('content', '/api/chatrooms');
      api.prefetch('rest', '/chat/state');
    }
    void loadData();
    // A signed-in screen shows dates: ICU starts once the main thread is idle, while its rows are on
    // their way (idle, not the next task: a task would hold up the raw read's answers).
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warmFrenchDates, { timeout: 100 });
    else setTimeout(warmFrenchDates, 0);
  }

  const effects = createSessionEffects({ api, db: async () => (await loadData()).db, storage: window.localStorage });
  const session = createActor(
    sessionMachine.provide({
      guards: { hasToken: () => readToken() !== null },
      actors: {
        signIn: fromPromise<{ jwt: string }, LoginInput>(({ input }) => effects.signIn(input)),
        // Checked once the chat's first paint (if any) is on screen: its answer's decoding waits.
        loadCurrentUser: fromPromise(async () => {
          await firstPaint?.settled;
          return effects.loadCurrentUser();
        }),
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
        enterApp: (_, { redirectUri }) => {
          const target = redirectTarget(redirectUri);
          window.location.assign(target?.kind === 'internal' ? target.path : '/');
        },
      },
    }),
  ).start();

  const accounts = createAccountEffects(api);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App
          services={{
            session,
            accounts,
            push: createWebPushEffects(accounts),
            checkout: (target) => checkoutEffects(api, target),
            localCard: localCardProvider(api),
            storage: window.localStorage,
            now: () => new Date(),
            loadData,
            firstPaint,
          }}
        />
      </StrictMode>,
    );
  // With a first paint under way, nothing shows before its rows (the signed-in screens wait for the
  // data layer): the app renders once they are in (at most FIRST_RENDER_WAIT_MS), so the raw read
  // and the view's chunk have the main thread to themselves meanwhile.
  if (firstPaint === null) render();
  else void Promise.race([firstPaint.ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);
}
/** The longest the app's first render waits for the chat's first paint to be ready. */
const FIRST_RENDER_WAIT_MS = 150;

boot();
