import { pushSubscription } from '../contract/account';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '../contract/service-worker';
import type { PermissionAnswer } from '../machines/web-push-machine';
import type { AccountEffects } from './account-effects';

/** The browser's APIs this module uses; the real ones by default. */
export type PushBrowser = {
  serviceWorker: ServiceWorkerContainer | undefined;
  hasPushManager: boolean;
  notification: Pick<typeof Notification, 'requestPermission'> | undefined;
};

export function realPushBrowser(): PushBrowser {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: 'PushManager' in window,
    notification: 'Notification' in window ? Notification : undefined,
  };
}

/**
 * The web-push machine's effects in the browser: register the service worker, subscribe with the
 * server's VAPID key and hand the subscription to the server. An older subscription made with
 * another key (the server's keys changed) is replaced.
 */
export function createWebPushEffects(accounts: Pick<AccountEffects, 'webPushKey' | 'registerPushEndpoint'>, browser: PushBrowser = realPushBrowser()) {
  return {
    supported: browser.serviceWorker !== undefined && browser.hasPushManager && browser.notification !== undefined,

    async askPermission(): Promise<PermissionAnswer> {
      if (!browser.notification) return 'denied';
      return browser.notification.requestPermission();
    },

    async subscribe(): Promise<void> {
      const container = browser.serviceWorker;
      if (!container) throw new Error('Service worker indisponible');
      const key = await accounts.webPushKey();
      // The app registers it after its first screen (src/sync/app-worker.ts); the same registration.
      await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      const registration = await container.ready;
      const applicationServerKey = base64urlBytes(key);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      // Decoded at this edge like any other input: what the browser gives is what the server expects.
      await accounts.registerPushEndpoint(pushSubscription.parse(subscription.toJSON()));
    },
  };
}
export type WebPushEffects = ReturnType<typeof createWebPushEffects>;

export function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}
