/**
 * What the benchmark installs in every page before the app runs (an init script): performance
 * observers for long tasks, long animation frames, Event Timing and LCP; a MutationObserver that
 * notes when each chat row (`[role=log] article[data-id]`) first appears and when it is first
 * painted on screen (at the start of the frame after the one that presented it, inside its log's
 * visible box), and the most
 * rows ever in the DOM; and a trace of the IndexedDB index reads (the store's queries), so the
 * store's part of an open can be told apart from the rest.
 *
 * Everything here runs in the browser: the functions are serialised by Playwright, so they use
 * nothing from this module's scope.
 */

export type IdbRead = { db: string; index: string; range: string; start: number; end: number; rows: number; kind: string };
export type TimedEntry = { name: string; start: number; duration: number; interactionId: number };

export type BenchProbe = {
  longTasks: { start: number; duration: number }[];
  /** Long animation frames, with what ran in them (the longest scripts: invoker, source, function). */
  loafs: { start: number; duration: number; blocking: number; scripts: string }[];
  events: TimedEntry[];
  lcp: number[];
  clicks: number[];
  /** The most chat rows seen in the DOM at once. */
  maxRows: number;
  /** data-id → when the row first appeared in the DOM (performance.now()). */
  seen: Map<string, number>;
  /** data-id → when the row was first painted inside its log's visible box. */
  painted: Map<string, number>;
  /** While false, rows are only counted (no layout reads that could disturb a scroll). */
  trackPaint: boolean;
  idbReads: IdbRead[];
  /** IndexedDB databases opened: name, when asked, when open. */
  idbOpens: { name: string; start: number; end: number }[];
  traceIdb: boolean;
  /** Socket frames while `traceSockets` is on (a scenario's timeline): when, which way, their start. */
  sockets: { at: number; way: 'out' | 'in'; head: string }[];
  traceSockets: boolean;
  resetSeen(): void;
  /** The log on screen (kept rooms hold theirs too, hidden, without a box); null when none shows. */
  shownLog(): HTMLElement | null;
};

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

/** The init script's source: a shim for the helper tsx's transform may add, then the probe. */
export const probeScript = (): string => `globalThis.__name = globalThis.__name || ((f) => f);\n(${installProbe.toString()})();`;

function installProbe(): void {
  const probe: BenchProbe = {
    longTasks: [],
    loafs: [],
    events: [],
    lcp: [],
    clicks: [],
    maxRows: 0,
    seen: new Map(),
    painted: new Map(),
    trackPaint: true,
    idbReads: [],
    idbOpens: [],
    traceIdb: true,
    sockets: [],
    traceSockets: false,
    shownLog() {
      return [...document.querySelectorAll<HTMLElement>('[role=log]')].find((log) => log.clientHeight > 0) ?? null;
    },
    resetSeen() {
      probe.seen.clear();
      probe.painted.clear();
      for (const row of pending.values()) visibility.unobserve(row);
      pending.clear();
      shown.clear();
    },
  };
  window.__bench = probe;

  const observe = (type: string, options: Record<string, unknown>, take: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...options } as PerformanceObserverInit);
    } catch {
      // An entry type this browser does not know: that figure stays empty.
    }
  };
  observe('longtask', {}, (e) => probe.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', {}, (e) => {
    type Script = { invoker?: string; sourceURL?: string; sourceFunctionName?: string; duration: number };
    const frame = e as PerformanceEntry & { blockingDuration?: number; scripts?: Script[]; styleAndLayoutStart?: number; renderStart?: number };
    const blocking = frame.blockingDuration ?? 0;
    const scripts = [...(frame.scripts ?? [])]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((script) => `${script.invoker ?? '?'} ${(script.sourceURL ?? '').split('/').pop()}:${script.sourceFunctionName ?? ''} ${script.duration.toFixed(0)} ms`);
    // Rendering (style, layout, paint) from its start to the frame's end.
    const rendering = frame.renderStart ? e.startTime + e.duration - frame.renderStart : 0;
    probe.loafs.push({ start: e.startTime, duration: e.duration, blocking, scripts: `${scripts.join(' · ')} | rendu ${rendering.toFixed(0)} ms` });
  });
  observe('event', { durationThreshold: 16 }, (e) => {
    const interactionId = (e as PerformanceEntry & { interactionId?: number }).interactionId ?? 0;
    probe.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId });
  });
  observe('largest-contentful-paint', {}, (e) => probe.lcp.push(e.startTime));
  document.addEventListener('click', (event) => probe.clicks.push(event.timeStamp), { capture: true });

  // Rows: first seen, then first painted where the reader can see them.
  /**
   * Whether a row shows is the browser's own answer: an IntersectionObserver, computed in each
   * frame's rendering once its layout is done (the row's box inside every scroller clipping it and
   * the viewport, with some height), so the probe reads no layout itself. A page's own layout is
   * never forced, nor done twice in a frame, for the probe's sake (reading boxes in an animation
   * callback did: the split burst's profile showed a tenth of its main thread in the probe).
   * The observer says which frame showed the row (its entry's time); the row is stamped painted at
   * the start of the next frame (the probe's animation callback, first in each frame): a row
   * rendered in a task shows in the next frame and is stamped at the one after, as one rendered in
   * an animation callback shows in that frame and is stamped at the next.
   */
  const pending = new Map<string, Element>();
  /** Rows the observer saw on screen, by the time of the frame that showed them. */
  const shown = new Map<string, number>();
  let frameStart = -1;
  const stamp = (id: string, at: number) => {
    if (!probe.painted.has(id)) probe.painted.set(id, at);
    const row = pending.get(id);
    if (row) visibility.unobserve(row);
    pending.delete(id);
    shown.delete(id);
  };
  const visibility = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const id = entry.target.getAttribute('data-id');
      if (!id || pending.get(id) !== entry.target || !probe.trackPaint) continue;
      if (!entry.isIntersecting || entry.intersectionRect.height <= 0) shown.delete(id);
      // (Should this answer come after the next frame began, that frame's start is the stamp.)
      else if (frameStart > entry.time) stamp(id, frameStart);
      else shown.set(id, entry.time);
    }
  });
  // The frames run while rows wait to be painted, and a few frames after (a page left alone
  // produces no frames: the probe does not make it).
  let looping = false;
  let idle = 0;
  const onFrame = () => {
    const now = performance.now();
    frameStart = now;
    idle = pending.size === 0 ? idle + 1 : 0;
    if (idle > 10) {
      looping = false;
      return;
    }
    requestAnimationFrame(onFrame);
    for (const [id, at] of shown) if (at < now) stamp(id, now);
    // A row gone from the DOM is forgotten (one that comes back is noted anew).
    for (const [id, row] of pending) {
      if (row.isConnected) continue;
      visibility.unobserve(row);
      pending.delete(id);
      shown.delete(id);
    }
  };
  const countFrames = () => {
    if (looping) return;
    looping = true;
    idle = 0;
    requestAnimationFrame(onFrame);
  };
  const noteRow = (row: Element, now: number) => {
    const id = row.getAttribute('data-id');
    if (!id) return;
    if (!probe.seen.has(id)) probe.seen.set(id, now);
    // A row React re-created (a new element for the same id) is followed until painted too; a row
    // of a kept room shown again is observed anew (the observer answers again for it).
    if (probe.trackPaint && !probe.painted.has(id)) {
      const before = pending.get(id);
      if (before !== undefined) visibility.unobserve(before);
      pending.set(id, row);
      shown.delete(id);
      visibility.observe(row);
      countFrames();
    }
  };
  const mutations = new MutationObserver((records) => {
    const now = performance.now();
    let added = false;
    for (const record of records) {
      // A kept room shown again (its hidden section's `display: none` lifted): its rows are shown anew.
      if (record.type === 'attributes') {
        const shown = record.oldValue?.includes('display: none') === true && record.target instanceof HTMLElement && record.target.style.display !== 'none';
        if (shown) (record.target as HTMLElement).querySelectorAll('[role=log] article[data-id]').forEach((row) => noteRow(row, now));
        continue;
      }
      added ||= record.addedNodes.length > 0;
      record.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        if (node.matches('[role=log] article[data-id]')) noteRow(node, now);
        else node.querySelectorAll('[role=log] article[data-id]').forEach((row) => noteRow(row, now));
      });
    }
    // (Counted only when nodes came: a style change, every scroll frame, adds no row.)
    const rows = added ? document.querySelectorAll('[role=log] article').length : 0;
    if (rows > probe.maxRows) probe.maxRows = rows;
  });
  const start = () => mutations.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });

  // Socket frames, for a scenario's timeline (off unless asked: a burst's frames are many).
  const noteFrame = (way: 'out' | 'in', data: unknown) => {
    if (probe.traceSockets && typeof data === 'string') probe.sockets.push({ at: performance.now(), way, head: data.slice(0, 60) });
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    noteFrame('out', data);
    send.call(this, data);
  };
  const PageSocket = WebSocket;
  window.WebSocket = class extends PageSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => noteFrame('in', event.data));
    }
  };

  // IndexedDB index reads (RxDB's Dexie storage queries through index cursors and counts).
  const describe = (range: unknown): string => {
    if (range instanceof IDBKeyRange) return JSON.stringify([range.lower, range.upper]);
    return JSON.stringify(range ?? null);
  };
  const wrap = (kind: 'openCursor' | 'getAll' | 'count') => {
    const original = IDBIndex.prototype[kind] as (this: IDBIndex, ...args: unknown[]) => IDBRequest;
    (IDBIndex.prototype as unknown as Record<string, unknown>)[kind] = function (this: IDBIndex, ...args: unknown[]): IDBRequest {
      const request = original.apply(this, args);
      if (!probe.traceIdb || probe.idbReads.length > 20_000) return request;
      const read: IdbRead = { db: this.objectStore.transaction.db.name, index: this.name, range: describe(args[0]), start: performance.now(), end: 0, rows: 0, kind };
      probe.idbReads.push(read);
      // The read ends with its last answer (a cursor answers once a row): its rows are then in the
      // page's hands. Its transaction's 'complete' comes after, as a task of its own that waits
      // behind whatever the page runs meanwhile (the first paint's render): not the read's time.
      const answered = () => {
        read.end = performance.now();
      };
      request.addEventListener('success', () => {
        read.rows += 1;
        answered();
      });
      request.addEventListener('error', answered);
      return request;
    };
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number): IDBOpenDBRequest {
    const request = version === undefined ? open.call(this, name) : open.call(this, name, version);
    const entry = { name, start: performance.now(), end: 0 };
    probe.idbOpens.push(entry);
    request.addEventListener('success', () => {
      entry.end = performance.now();
    });
    return request;
  };
  wrap('openCursor');
  wrap('getAll');
  wrap('count');
}
