/**
 * Web pushes in the service worker: the server's push (src/contract/account.ts `webPushPayload`:
 * a French title and body, and the app's path) is shown as a notification, and a click on it opens
 * or focuses the app at that path.
 */
export function showPushes(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        lang: 'fr',
        tag: payload.url,
        data: { url: payload.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const target = new URL(appPath(data?.url), scope.location.origin).href;
    event.waitUntil(openApp(scope, target));
  });
}

const FALLBACK = { title: 'Comptoir', body: 'Vous avez une nouvelle notification.', url: '/' };

/**
 * Checked by hand like the worker's other input (no schema library in the worker); anything
 * unreadable shows the fallback rather than nothing.
 */
function readPayload(data: PushMessageData | null): { title: string; body: string; url: string } {
  let value: unknown = null;
  try {
    value = data ? data.json() : null;
  } catch {
    value = null;
  }
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const { title, body, url } = value as Record<string, unknown>;
  return {
    title: typeof title === 'string' && title !== '' ? title : FALLBACK.title,
    body: typeof body === 'string' ? body : '',
    url: appPath(url),
  };
}

/** Only a path of the app: a push never sends the member elsewhere. */
const appPath = (url: unknown): string => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/');

async function openApp(scope: ServiceWorkerGlobalScope, target: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const app = windows.find((client) => new URL(client.url).origin === scope.location.origin);
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
  await scope.clients.openWindow(target);
}
