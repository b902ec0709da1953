// @ts-check
/// <reference lib="webworker" />
/**
 * Comptoir's service worker (served at /sw.js, scope /): shows the web pushes the server sends
 * (src/contract/account.ts `webPushPayload`: title, body, url, in French) and opens or focuses the
 * app at the push's address on click. It caches nothing.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const FALLBACK = { title: 'Comptoir', body: 'Vous avez une nouvelle notification.', url: '/' };

/**
 * The push's payload, checked like every other input; anything unreadable shows the fallback.
 * @param {PushMessageData | null} data
 * @returns {{ title: string; body: string; url: string }}
 */
function readPayload(data) {
  /** @type {unknown} */
  let value = null;
  try {
    value = data ? data.json() : null;
  } catch {
    value = null;
  }
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const { title, body, url } = /** @type {Record<string, unknown>} */ (value);
  return {
    title: typeof title === 'string' && title !== '' ? title : FALLBACK.title,
    body: typeof body === 'string' ? body : '',
    // Only a path of the app: a push never sends the member elsewhere.
    url: typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/',
  };
}

sw.addEventListener('install', () => {
  void sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    sw.registration.showNotification(payload.title, {
      body: payload.body,
      lang: 'fr',
      tag: payload.url,
      data: { url: payload.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = /** @type {{ url?: unknown } | null} */ (event.notification.data);
  const path = typeof data?.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) {
        await same.focus();
        return;
      }
      const app = windows.find((client) => new URL(client.url).origin === sw.location.origin);
      if (app) {
        try {
          // Only a window this worker controls can be navigated; another gets a new one.
          const moved = await app.navigate(target);
          if (moved) {
            await moved.focus();
            return;
          }
        } catch {
          // Not controlled by this worker.
        }
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
