import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, SKIP_WAITING, type WorkerMessage } from '../contract/service-worker';

/** How often a page left open asks whether a new version was deployed (browsers also check on each load). */
export const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/** The browser's service worker API as this module uses it. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener' | 'removeEventListener'>;

export type WorkerReport = 'waiting' | 'controlling';

/**
 * The app's service worker seen from the page (src/machines/app-update-machine.ts's effects):
 * registered once, it reports a new version installed and waiting while this page runs an older one
 * ('waiting'), and a change of the worker controlling this page after it had one ('controlling':
 * the page's files are no longer the cache's). The first worker taking control of a page that had
 * none is the same version as the page: not reported.
 */
export function createAppWorker(container: WorkerContainer, timers: Pick<typeof globalThis, 'setInterval' | 'clearInterval'> = globalThis) {
  let registration: ServiceWorkerRegistration | null = null;
  return {
    watch(report: (event: WorkerReport) => void): () => void {
      let stopped = false;
      let controlled = container.controller !== null;
      const controllerChanged = () => {
        if (controlled) report('controlling');
        controlled = true;
      };
      container.addEventListener('controllerchange', controllerChanged);
      // Installed beside a running version (a page this worker serves): it waits for 'Mettre à jour'.
      const reportWhenWaiting = (worker: ServiceWorker) => {
        const check = () => {
          if (!stopped && worker.state === 'installed' && container.controller !== null) report('waiting');
        };
        worker.addEventListener('statechange', check);
        check();
      };
      const onUpdateFound = () => {
        if (registration?.installing) reportWhenWaiting(registration.installing);
      };
      container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).then(
        (found) => {
          if (stopped) return;
          registration = found;
          if (found.waiting) reportWhenWaiting(found.waiting);
          else if (found.installing) reportWhenWaiting(found.installing);
          found.addEventListener('updatefound', onUpdateFound);
        },
        // No worker (private browsing, a policy): the app works online as before.
        (error: unknown) => console.warn('Service worker non enregistré', error),
      );
      const checks = timers.setInterval(() => void registration?.update().catch(() => undefined), UPDATE_CHECK_EVERY_MS);
      return () => {
        stopped = true;
        timers.clearInterval(checks);
        container.removeEventListener('controllerchange', controllerChanged);
        registration?.removeEventListener('updatefound', onUpdateFound);
      };
    },

    /** Tells the waiting version to take over (it then controls the page, which reloads). */
    skipWaiting(): void {
      const message: WorkerMessage = { type: SKIP_WAITING };
      registration?.waiting?.postMessage(message);
    },
  };
}
export type AppWorker = ReturnType<typeof createAppWorker>;
