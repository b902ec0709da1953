import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_URL } from '../../../src/contract/service-worker';
import { createAppWorker, UPDATE_CHECK_EVERY_MS, type WorkerContainer, type WorkerReport } from '../../../src/sync/app-worker';

/**
 * The page's side of the worker's life against stand-ins of the browser's objects (events as the
 * browser fires them): a first install, an update found while the page runs, one already waiting at
 * load, control passing to another worker, SKIP_WAITING.
 */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  updates = 0;
  async update() {
    this.updates += 1;
  }
  /** A new version found: it installs. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function fakeBrowser(options: { controlled: boolean; registration?: FakeRegistration }) {
  const registration = options.registration ?? new FakeRegistration();
  const registered: unknown[][] = [];
  const events = new EventTarget();
  const container = {
    controller: options.controlled ? new FakeWorker('activated') : null,
    register: async (...args: unknown[]) => {
      registered.push(args);
      return registration;
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    /** Another worker controls the page now. */
    controllerChange(worker: FakeWorker) {
      container.controller = worker;
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
  const intervals: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const timers = {
    setInterval: (fn: () => void, ms: number) => intervals.push({ fn, ms, cleared: false }) - 1,
    clearInterval: (id: number) => void (intervals[id]!.cleared = true),
  } as unknown as Pick<typeof globalThis, 'setInterval' | 'clearInterval'>;
  const reports: WorkerReport[] = [];
  const worker = createAppWorker(container as unknown as WorkerContainer, timers);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { registration, registered, container, intervals, reports, worker, settle, watch: () => worker.watch((r) => reports.push(r)) };
}

describe('the app worker seen from the page', () => {
  it('registers the worker at the root, and a first install taking control reports nothing', async () => {
    const browser = fakeBrowser({ controlled: false });
    browser.watch();
    await browser.settle();
    expect(browser.registered).toEqual([[SERVICE_WORKER_URL, { scope: '/' }]]);
    const first = new FakeWorker('installing');
    browser.registration.found(first);
    first.moveTo('installed');
    first.moveTo('activating');
    browser.container.controllerChange(first);
    first.moveTo('activated');
    expect(browser.reports).toEqual([]);
  });

  it('reports a new version installed while the page runs an older one, once', async () => {
    const browser = fakeBrowser({ controlled: true });
    browser.watch();
    await browser.settle();
    const next = new FakeWorker('installing');
    browser.registration.found(next);
    expect(browser.reports).toEqual([]);
    next.moveTo('installed');
    browser.registration.waiting = next;
    expect(browser.reports).toEqual(['waiting']);
    browser.worker.skipWaiting();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    next.moveTo('activating');
    browser.container.controllerChange(next);
    expect(browser.reports).toEqual(['waiting', 'controlling']);
  });

  it('reports a version already waiting when the page loads', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    const browser = fakeBrowser({ controlled: true, registration });
    browser.watch();
    await browser.settle();
    expect(browser.reports).toEqual(['waiting']);
  });

  it('reports control taken from another tab, after a first control of its own', async () => {
    const browser = fakeBrowser({ controlled: false });
    browser.watch();
    await browser.settle();
    browser.container.controllerChange(new FakeWorker('activated'));
    expect(browser.reports).toEqual([]);
    browser.container.controllerChange(new FakeWorker('activated'));
    expect(browser.reports).toEqual(['controlling']);
  });

  it('asks for a new version every hour, and stops everything when unwatched', async () => {
    const browser = fakeBrowser({ controlled: true });
    const stop = browser.watch();
    await browser.settle();
    expect(browser.intervals.map((i) => i.ms)).toEqual([UPDATE_CHECK_EVERY_MS]);
    browser.intervals[0]!.fn();
    expect(browser.registration.updates).toBe(1);
    stop();
    expect(browser.intervals[0]!.cleared).toBe(true);
    const late = new FakeWorker('installing');
    browser.registration.found(late);
    late.moveTo('installed');
    browser.container.controllerChange(late);
    expect(browser.reports).toEqual([]);
  });

  it('keeps the app going when the browser refuses the worker', async () => {
    const browser = fakeBrowser({ controlled: false });
    browser.container.register = async () => {
      throw new DOMException('refusé', 'SecurityError');
    };
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args[0]);
    try {
      browser.watch();
      await browser.settle();
    } finally {
      console.warn = warn;
    }
    expect(warned).toEqual(['Service worker non enregistré']);
    browser.worker.skipWaiting();
    expect(browser.reports).toEqual([]);
  });
});
