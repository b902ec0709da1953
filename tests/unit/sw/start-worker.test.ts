import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from '../../../src/sw/start-worker';

// Workbox's development logger reads the worker's global scope as its modules load.
vi.hoisted(() => Object.assign(globalThis, { self: globalThis, __WB_DISABLE_DEV_LOGS: true }));

/**
 * The worker's routing decisions with the real Workbox: the build's files precached at install,
 * then, with the network gone, which requests the worker answers (the app's navigations with the
 * precached index.html, the precached files) and which it leaves to the network (the API, the
 * content host, the socket, the worker itself, anything not precached). The worker's scope, the
 * Cache Storage and the network are stand-ins recording what happens.
 */
const ORIGIN = 'https://comptoir.example.test';
const MANIFEST = [
  { url: 'index.html', revision: 'r1' },
  { url: 'manifest.webmanifest', revision: 'm1' },
  { url: 'icons/icon-192.png', revision: 'i1' },
  { url: 'assets/index-Ab12Cd34.js', revision: null },
  { url: 'assets/chat-page-Ef56Gh78.js', revision: null },
  { url: 'assets/index-Ij90Kl12.css', revision: null },
];

type Listener = (event: never) => void;

/** A worker's Request resolves a relative address against the worker's location; Node's does not. */
class WorkerRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, `${ORIGIN}/sw.js`).href : input, init);
  }
}

/** The worker's events as Workbox checks them (by class, in development). */
class FakeExtendableEvent {
  readonly waits: Promise<unknown>[] = [];
  constructor(
    readonly type: string,
    props: object = {},
  ) {
    Object.assign(this, props);
  }
  waitUntil(promise: Promise<unknown>) {
    this.waits.push(promise);
  }
}
class FakeFetchEvent extends FakeExtendableEvent {
  answer: Promise<Response> | null = null;
  respondWith(response: Promise<Response>) {
    this.answer = response;
  }
}

function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const keyOf = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);
    return {
      match: async (request: RequestInfo | URL) => store.get(keyOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void store.set(keyOf(request), response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo | URL) => store.delete(keyOf(request)),
    };
  };
  return {
    stores,
    open,
    match: async (request: RequestInfo | URL, options?: { cacheName?: string }) =>
      options?.cacheName ? (await open(options.cacheName)).match(request) : undefined,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
  };
}

function fakeWorker() {
  const listeners = new Map<string, Listener[]>();
  const calls: string[] = [];
  const caches = fakeCaches();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    caches,
    __WB_DISABLE_DEV_LOGS: true,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: async () => void calls.push('skipWaiting'),
    clients: {
      claim: async () => void calls.push('claim'),
      matchAll: async () => [],
    },
    registration: {
      showNotification: async () => undefined,
    },
  };
  /** Runs an extendable event through its listeners; settles when what they wait for settles. */
  const dispatch = async (type: string, props: object) => {
    const event = new FakeExtendableEvent(type, props);
    for (const listener of listeners.get(type) ?? []) (listener as (e: unknown) => void)(event);
    await Promise.all(event.waits);
  };
  /** A fetch event: the response the worker gives, or null when it leaves the request to the network. */
  const fetchThrough = async (path: string, init: { mode?: RequestMode | 'navigate'; method?: string } = {}) => {
    const request = new Request(`${ORIGIN}${path}`, { method: init.method ?? 'GET' });
    // undici refuses to build a navigation request; the worker only reads its mode.
    Object.defineProperty(request, 'mode', { value: init.mode ?? 'cors' });
    const event = new FakeFetchEvent('fetch', { request });
    for (const listener of listeners.get('fetch') ?? []) (listener as (e: unknown) => void)(event);
    return event.answer === null ? null : (await event.answer).text();
  };
  return { scope, listeners, calls, caches, dispatch, fetchThrough };
}

/** The server: each file's body names it, so what the worker answers is plain. */
const server = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return new Response(`fichier ${url.pathname}`, { status: 200, headers: { 'content-type': 'text/plain' } });
});
const offline = async () => {
  throw new TypeError('Failed to fetch');
};

let worker: ReturnType<typeof fakeWorker>;

beforeEach(async () => {
  worker = fakeWorker();
  vi.stubGlobal('self', worker.scope);
  vi.stubGlobal('location', worker.scope.location);
  vi.stubGlobal('caches', worker.caches);
  vi.stubGlobal('Request', WorkerRequest);
  vi.stubGlobal('ExtendableEvent', FakeExtendableEvent);
  vi.stubGlobal('FetchEvent', FakeFetchEvent);
  vi.stubGlobal('fetch', server);
  startWorker(worker.scope as unknown as ServiceWorkerGlobalScope, MANIFEST);
  await worker.dispatch('install', {});
  vi.stubGlobal('fetch', offline);
});

afterEach(() => {
  vi.unstubAllGlobals();
  server.mockClear();
});

describe('the service worker, installed then offline', () => {
  it('precaches every file of the build at install', () => {
    const fetched = server.mock.calls.map(([request]) => new URL((request as Request).url).pathname).sort();
    expect(fetched).toEqual(MANIFEST.map((entry) => `/${entry.url}`).sort());
  });

  it('answers the app’s navigations with the precached index.html', async () => {
    for (const path of ['/', '/chat', '/chat?room=Forex', '/profil/notif', '/purchase/3/1', '/api/auth/google/callback?code=abc', '/restaurant', '/socket.iox']) {
      expect(await worker.fetchThrough(path, { mode: 'navigate' }), path).toBe('fichier /index.html');
    }
  });

  it('answers the precached files from the cache', async () => {
    expect(await worker.fetchThrough('/assets/index-Ab12Cd34.js')).toBe('fichier /assets/index-Ab12Cd34.js');
    expect(await worker.fetchThrough('/assets/chat-page-Ef56Gh78.js', { mode: 'no-cors' })).toBe('fichier /assets/chat-page-Ef56Gh78.js');
    expect(await worker.fetchThrough('/manifest.webmanifest')).toBe('fichier /manifest.webmanifest');
    expect(await worker.fetchThrough('/icons/icon-192.png', { mode: 'no-cors' })).toBe('fichier /icons/icon-192.png');
  });

  it('leaves the server’s own pages and the worker to the network, never the app shell', async () => {
    for (const path of ['/rest', '/rest/local-pay/confirm?client_secret=pi_1', '/content/dev/mailbox', '/content/local-idp/google?state=x', '/socket.io/?EIO=4', '/sw.js', '/sw.js?v=2']) {
      expect(await worker.fetchThrough(path, { mode: 'navigate' }), path).toBeNull();
    }
  });

  it('leaves API calls and everything not precached to the network: no runtime cache', async () => {
    for (const path of ['/rest/chat/rooms', '/content/api/users/me', '/content/graphql', '/rest/uploads/abc.png', '/assets/unknown-Zz.js', '/chat', '/sw.js']) {
      expect(await worker.fetchThrough(path), path).toBeNull();
    }
    expect(await worker.fetchThrough('/rest/chat/message', { method: 'POST' })).toBeNull();
    expect(await worker.fetchThrough('/content/graphql', { method: 'POST', mode: 'navigate' })).toBeNull();
  });
});

describe('the service worker’s versions', () => {
  it('takes over only when the page asks it to (SKIP_WAITING)', async () => {
    await worker.dispatch('message', { data: { type: 'HELLO' } });
    await worker.dispatch('message', { data: 'SKIP_WAITING' });
    await worker.dispatch('message', { data: null });
    expect(worker.calls).toEqual([]);
    await worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.calls).toEqual(['skipWaiting']);
  });

  it('once active, drops the files of the version before and serves every open window', async () => {
    const [name, store] = [...worker.caches.stores][0]!;
    store.set(`${ORIGIN}/assets/index-Old00000.js`, new Response('ancien'));
    await worker.dispatch('activate', {});
    expect(worker.calls).toEqual(['claim']);
    const kept = [...(worker.caches.stores.get(name)?.keys() ?? [])].map((url) => new URL(url).pathname).sort();
    expect(kept).toEqual(MANIFEST.map((entry) => `/${entry.url}`).sort());
  });
});
