import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PushSubscriptionJson } from '../../../src/contract/account';
import { SERVICE_WORKER_URL } from '../../../src/contract/service-worker';
import { base64urlBytes, createWebPushEffects, type PushBrowser } from '../../../src/sync/web-push';

const serverKey = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
};
const browserJson = (endpoint: string): PushSubscriptionJson => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
};

/** A browser with a service worker container and a push manager that records what it is asked. */
function fakeBrowser(existing: { key: string; json: unknown } | null, fresh: unknown) {
  const log: unknown[] = [];
  const asSubscription = (key: Uint8Array, json: unknown) => ({
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => json,
    unsubscribe: async () => void log.push(['unsubscribe', json]),
  });
  let current = existing ? asSubscription(base64urlBytes(existing.key), existing.json) : null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      log.push(['subscribe', options.userVisibleOnly, Buffer.from(options.applicationServerKey).toString('base64url')]);
      current = asSubscription(options.applicationServerKey, fresh);
      return current;
    },
  };
  const serviceWorker = {
    register: async (url: string, options: unknown) => void log.push(['register', url, options]),
    ready: Promise.resolve({ pushManager }),
  } as unknown as ServiceWorkerContainer;
  const browser: PushBrowser = { serviceWorker, hasPushManager: true, notification: { requestPermission: async () => 'granted' } };
  return { browser, log };
}

function fakeAccounts(key: string) {
  const sent: PushSubscriptionJson[] = [];
  return {
    sent,
    accounts: {
      webPushKey: async () => key,
      registerPushEndpoint: async (subscription: PushSubscriptionJson) => void sent.push(subscription),
    },
  };
}

describe('web push effects', () => {
  it('know a browser without service worker, PushManager or Notification cannot subscribe', () => {
    const { browser } = fakeBrowser(null, null);
    const { accounts } = fakeAccounts(serverKey());
    expect(createWebPushEffects(accounts, browser).supported).toBe(true);
    expect(createWebPushEffects(accounts, { ...browser, serviceWorker: undefined }).supported).toBe(false);
    expect(createWebPushEffects(accounts, { ...browser, hasPushManager: false }).supported).toBe(false);
    expect(createWebPushEffects(accounts, { ...browser, notification: undefined }).supported).toBe(false);
  });

  it('register the service worker, subscribe with the server key and send the subscription', async () => {
    const key = serverKey();
    const json = browserJson('https://push.example.test/nouveau');
    const { browser, log } = fakeBrowser(null, json);
    const { accounts, sent } = fakeAccounts(key);
    const effects = createWebPushEffects(accounts, browser);
    expect(await effects.askPermission()).toBe('granted');
    await effects.subscribe();
    expect(log).toEqual([
      ['register', SERVICE_WORKER_URL, { scope: '/' }],
      ['subscribe', true, key],
    ]);
    expect(sent).toEqual([json]);
  });

  it('reuse a subscription made with the same key, replace one made with another', async () => {
    const key = serverKey();
    const same = browserJson('https://push.example.test/meme-cle');
    const kept = fakeBrowser({ key, json: same }, null);
    const keptAccounts = fakeAccounts(key);
    await createWebPushEffects(keptAccounts.accounts, kept.browser).subscribe();
    expect(kept.log).toEqual([['register', SERVICE_WORKER_URL, { scope: '/' }]]);
    expect(keptAccounts.sent).toEqual([same]);

    const old = browserJson('https://push.example.test/ancienne-cle');
    const fresh = browserJson('https://push.example.test/nouvelle-cle');
    const replaced = fakeBrowser({ key: serverKey(), json: old }, fresh);
    const replacedAccounts = fakeAccounts(key);
    await createWebPushEffects(replacedAccounts.accounts, replaced.browser).subscribe();
    expect(replaced.log).toEqual([['register', SERVICE_WORKER_URL, { scope: '/' }], ['unsubscribe', old], ['subscribe', true, key]]);
    expect(replacedAccounts.sent).toEqual([fresh]);
  });

  it('refuse to send a subscription the server could not push to', async () => {
    const { browser } = fakeBrowser(null, { endpoint: 'https://push.example.test/sans-cles' });
    const { accounts, sent } = fakeAccounts(serverKey());
    await expect(createWebPushEffects(accounts, browser).subscribe()).rejects.toThrow();
    expect(sent).toEqual([]);
  });

  it('decode URL-safe base64 keys to their bytes', () => {
    const bytes = randomBytes(65);
    expect(Buffer.from(base64urlBytes(bytes.toString('base64url')))).toEqual(bytes);
    expect(Buffer.from(base64urlBytes(`${bytes.toString('base64url')}=`))).toEqual(bytes);
  });
});
