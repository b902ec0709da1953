import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { CoreProvider, type CoreServices } from './app-context';
import { LazyToaster } from './common/toast';
import { OfflineBanner } from './offline-banner';
import { AppRoutes } from './routes';
import { globalStyles } from './theme';
import { touchTargets } from './touch-targets';

/**
 * The service worker's registration and update prompt: a chunk loaded after the first screen. Not
 * there (the network went before the worker was installed), the app goes on without it: the next
 * load registers it.
 */
const AppUpdatePrompt = lazy(() => import('./app-update-prompt').catch(() => ({ default: NoWorker })));
const NoWorker = () => null;

export function App({ services }: { services: CoreServices }) {
  return (
    <CoreProvider services={services}>
      <div className={`${globalStyles} ${touchTargets}`} hidden />
      <AppRoutes />
      <OfflineBanner />
      <LazyToaster />
      <AfterFirstScreen firstScreen={services.firstPaint?.settled}>
        <AppUpdatePrompt container={navigator.serviceWorker} reload={() => window.location.reload()} />
      </AfterFirstScreen>
    </CoreProvider>
  );
}

/**
 * Mounts its children once the first screen is on screen and the browser is idle: the worker's
 * install downloads the whole app, which nothing on the first screen should wait behind. Nothing
 * where the browser has no service workers, nor in development.
 */
function AfterFirstScreen({ firstScreen, children }: { firstScreen: Promise<void> | undefined; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // The dev server has no worker (vite-plugin-pwa builds it with the app).
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let live = true;
    void (firstScreen ?? Promise.resolve())
      .then(loaded)
      .then(() => new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS)))
      .then(idle)
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [firstScreen]);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A first visit's screen is often still loading its data from the network once the page has
 * loaded (a room's first page, the socket's catch-up): the worker's install, a download of the
 * whole app, waits a little longer.
 */
const AFTER_LOAD_MS = 3_000;

const loaded = () =>
  document.readyState === 'complete' ? undefined : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

const idle = () =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 1000)));
