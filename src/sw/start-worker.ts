import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { Router } from 'workbox-routing';
import { isSkipWaiting } from '../contract/service-worker';
import { appShellRoute } from './app-shell-route';
import { showPushes } from './push-notifications';

/**
 * Comptoir's service worker (DESIGN.md "The client offline"): the built app precached at install
 * (`manifest`, the build's list of files and revisions), served from the cache, index.html for the
 * app's navigations; everything else (the API, the socket, uploads) goes to the network untouched:
 * the local database is the offline store, not this cache. Web pushes are shown here too.
 *
 * A new version installs beside the running one and waits: the page offers 'Mettre à jour', which
 * sends SKIP_WAITING; the page reloads once the new worker controls it, so old and new files never
 * mix. The first worker of a browser takes control at once (claim), so the first visit is already
 * ready to work offline.
 */
export function startWorker(scope: ServiceWorkerGlobalScope, manifest: readonly (PrecacheEntry | string)[]): void {
  const precache = new PrecacheController();
  precache.addToCacheList([...manifest]);

  const router = new Router();
  router.registerRoute(new PrecacheRoute(precache));
  router.registerRoute(appShellRoute(precache.createHandlerBoundToURL('/index.html')));

  scope.addEventListener('install', (event) => void precache.install(event));
  scope.addEventListener('activate', (event) => {
    // Drops the previous version's files, then serves every open window of the app.
    void precache.activate(event);
    event.waitUntil(scope.clients.claim());
  });
  scope.addEventListener('fetch', (event) => {
    const response = router.handleRequest({ request: event.request, event });
    if (response) event.respondWith(response);
  });
  scope.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) void scope.skipWaiting();
  });
  showPushes(scope);
}
