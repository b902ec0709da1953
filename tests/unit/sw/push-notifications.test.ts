import { describe, expect, it } from 'vitest';
import { showPushes } from '../../../src/sw/push-notifications';

/**
 * The worker's web pushes against a recorded stand-in for ServiceWorkerGlobalScope (listeners,
 * registration, clients), with the events the browser sends.
 */
const ORIGIN = 'https://comptoir.example.test';

type Listener = (event: unknown) => void;
type FakeWindow = { url: string; focused: number; navigatedTo: string[]; controlled: boolean };

function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const asWindowClient = (win: FakeWindow): unknown => ({
    get url() {
      return win.url;
    },
    focus: async () => {
      win.focused += 1;
      return asWindowClient(win);
    },
    navigate: async (url: string) => {
      if (!win.controlled) throw new TypeError('not controlled');
      win.navigatedTo.push(url);
      win.url = url;
      return asWindowClient(win);
    },
  });
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => windows.map(asWindowClient),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  showPushes(self as unknown as ServiceWorkerGlobalScope);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    const listener = listeners.get(type);
    if (!listener) throw new Error(`aucun écouteur ${type}`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  const push = (data: unknown) => dispatch('push', { data: data === null ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
  const click = (data: unknown) => {
    const notification = { data, closed: false, close: () => (notification.closed = true) };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  return { listeners, shown, opened, push, click };
}

describe('the service worker’s web pushes', () => {
  it('listens for push and notificationclick', () => {
    expect([...startWorker().listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
  });

  it('shows the push’s title and body, keeping its address for the click', async () => {
    const worker = startWorker();
    await worker.push({ title: 'Nouvelle notification Forex : Achat EUR/USD', body: 'Achat au marché.', url: '/notification?room=Forex' });
    expect(worker.shown).toEqual([
      {
        title: 'Nouvelle notification Forex : Achat EUR/USD',
        options: { body: 'Achat au marché.', lang: 'fr', tag: '/notification?room=Forex', data: { url: '/notification?room=Forex' } },
      },
    ]);
  });

  it('shows a French fallback for an empty or unreadable push, and never keeps an outside address', async () => {
    const worker = startWorker();
    await worker.push(null);
    await worker.push('pas du json');
    await worker.push({ title: 'Alerte', body: 'Texte', url: 'https://ailleurs.example/piege' });
    await worker.push({ title: 'Alerte', body: 'Texte', url: '//ailleurs.example/piege' });
    expect(worker.shown.map((s) => [s.title, s.options.body, s.options.data])).toEqual([
      ['Comptoir', 'Vous avez une nouvelle notification.', { url: '/' }],
      ['Comptoir', 'Vous avez une nouvelle notification.', { url: '/' }],
      ['Alerte', 'Texte', { url: '/' }],
      ['Alerte', 'Texte', { url: '/' }],
    ]);
  });

  it('on click, focuses the window already at the address', async () => {
    const there: FakeWindow = { url: `${ORIGIN}/notification?room=Forex`, focused: 0, navigatedTo: [], controlled: true };
    const worker = startWorker([{ url: `${ORIGIN}/chat`, focused: 0, navigatedTo: [], controlled: true }, there]);
    const notification = await worker.click({ url: '/notification?room=Forex' });
    expect(notification.closed).toBe(true);
    expect(there.focused).toBe(1);
    expect(worker.opened).toEqual([]);
  });

  it('on click, brings an open window of the app to the address, else opens one', async () => {
    const app: FakeWindow = { url: `${ORIGIN}/chat`, focused: 0, navigatedTo: [], controlled: true };
    const worker = startWorker([app]);
    await worker.click({ url: '/notification?room=Forex' });
    expect(app).toMatchObject({ navigatedTo: [`${ORIGIN}/notification?room=Forex`], focused: 1 });
    expect(worker.opened).toEqual([]);

    const uncontrolled = startWorker([{ url: `${ORIGIN}/chat`, focused: 0, navigatedTo: [], controlled: false }]);
    await uncontrolled.click({ url: '/qg' });
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/qg`]);

    const none = startWorker();
    await none.click({ url: 'https://ailleurs.example/' });
    expect(none.opened).toEqual([`${ORIGIN}/`]);
  });
});
