import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chatLog, copyProfile, heapAfterGc, launchProfile, paintedAt, roomButton } from './bench-browser';
import { backToLive, readEverything } from './prepare-profile';
import { chatPath, indexOfId, type BenchRun } from './bench-run';
import { runBurst, type BurstOutcome } from './burst-senders';
import { MESSAGES_DB, addPlainControl, idbWindowFloor, plainScrollFloor, removePlainControl, startRawListener, stopRawListener, type ScrollRun } from './page-floors';
import { BENCH_SENDERS, type SeededRoom } from './seed-bench-data';

/**
 * One long reading session on a copy of the prepared profile, in the order a coach lives it:
 * history pages on scroll-up, then (after a reload) four rooms opened and 10,000 rows scrolled,
 * the heap, 50 room switches, and a burst of messages over four joined rooms while typing.
 */

export type SessionResults = {
  history: { ms: number[]; jumps: number[]; floors: number[] };
  scroll: ScrollRun & { floor: ScrollRun };
  heap: { mb: number; floor: number; beforeSwitches: number; afterSwitches: number };
  switches: { ms: number[]; events: number[]; floors: number[]; eventFloors: number[] };
  burst: BurstFigures;
  maxRows: number;
  rowsOnScreen: number;
};

export type BurstFigures = {
  latencies: number[];
  floorLatencies: number[];
  notPainted: number;
  longTasks: number[];
  loafs: number;
  keys: number[];
  keyFloors: number[];
  stored: { expected: number; missing: number; duplicated: number };
  sent: number;
  achievedPerSecond: number;
  serverSeconds: number;
  refused: number;
};

export async function chatSession(run: BenchRun): Promise<SessionResults> {
  const dir = join(run.scratchDir, 'session');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const rooms = [run.big, ...run.others];

    await page.goto(chatPath(run.big));
    await paintedAt(page, run.big.newestIds[0]!);
    const newest = await readEverything(page, run, rooms);
    run.log('  pages d’historique…');
    const history = run.wants('history') ? await historyPages(page, run) : { ms: [], jumps: [], floors: [] };

    // Left at the newest rows, so the reload opens the room there (not at the place kept in history).
    await backToLive(page);
    await page.reload();
    await paintedAt(page, run.big.newestIds[0]!);
    const heapFloor = await heapAfterGc(page);
    for (const room of [...run.others.slice(0, 3), run.big]) await openRoom(page, room, newest);
    run.log(`  défilement de ${run.config.scroll.rows} messages à ${run.config.scroll.pxPerSecond} px/s…`);
    const empty = emptySession();
    const scroll = run.wants('scroll') ? await scrollUp(page, run) : empty.scroll;
    for (const frame of scroll.loafScripts ?? []) run.log(`    image longue : ${frame}`);
    const scrollFloor = run.wants('scroll') ? await plainScrollFloor(page, run.config.scroll.pxPerSecond, run.config.scroll.floorMs) : empty.scroll.floor;
    const heap = await heapAfterGc(page);
    const rowsOnScreen = await visibleRows(page);

    // Back at the newest rows: each room then opens at its end, not at a place kept in its history.
    await backToLive(page);
    run.log(`  ${run.config.switches.warmup + run.config.switches.runs} changements de room…`);
    const switches = run.wants('switches') ? await roomSwitches(page, run, rooms, newest) : { ...empty.switches, heapBefore: 0, heapAfter: 0 };

    if ((run.config.switches.warmup + run.config.switches.runs) % rooms.length !== 0) await openRoom(page, run.big, newest);
    run.log(`  rafale de ${run.config.burst.perSecond} messages/s pendant ${run.config.burst.seconds} s…`);
    const burst = run.wants('burst') ? await burstWhileTyping(page, run, [run.big, ...run.others.slice(0, 3)]) : empty.burst;
    const maxRows = await page.evaluate(() => window.__bench.maxRows);
    return {
      history,
      scroll: { ...scroll, floor: scrollFloor },
      heap: { mb: heap, floor: heapFloor, beforeSwitches: switches.heapBefore, afterSwitches: switches.heapAfter },
      switches,
      burst,
      maxRows,
      rowsOnScreen,
    };
  } finally {
    await context.close();
  }
}

/** A session of which nothing was measured (`--only` left it out). */
export function emptySession(): SessionResults {
  const scroll: ScrollRun = { frames: [], loafs: 0, longestLoaf: 0, rows: 0, elapsed: 0, stalledMs: 0 };
  return {
    history: { ms: [], jumps: [], floors: [] },
    scroll: { ...scroll, floor: scroll },
    heap: { mb: 0, floor: 0, beforeSwitches: 0, afterSwitches: 0 },
    switches: { ms: [], events: [], floors: [], eventFloors: [] },
    burst: { latencies: [], floorLatencies: [], notPainted: 0, longTasks: [], loafs: 0, keys: [], keyFloors: [], stored: { expected: 0, missing: 0, duplicated: 0 }, sent: 0, achievedPerSecond: 0, serverSeconds: 0, refused: 0 },
    maxRows: 0,
    rowsOnScreen: 0,
  };
}

async function openRoom(page: Page, room: SeededRoom, newest: ReadonlyMap<string, string>): Promise<void> {
  await page.evaluate(() => window.__bench.resetSeen());
  await roomButton(page, room.name).click();
  await paintedAt(page, newest.get(room.id)!);
}

/**
 * Scroll to the top → the previous 50 rows prepended. The reader scrolls up at 3,000 px/s until the
 * window's first item is rendered (virtuoso's data-index 0: that render is when the list asks for
 * more, t0) and then stops; data ready is when the older rows are in the list (an older row is
 * rendered, or the former first row's data-index moves) plus two frames. The jump
 * is how far the row on top of the log moved, frame by frame, from the last frame before the older
 * rows arrived.
 */
async function historyPages(page: Page, run: BenchRun): Promise<SessionResults['history']> {
  const ms: number[] = [];
  const jumps: number[] = [];
  const floors: number[] = [];
  const { warmup, runs } = run.config.historyPages;
  for (let i = 0; i < warmup + runs; i += 1) {
    await page.waitForTimeout(500);
    const result = await page.evaluate(
      async ({ prefix, speed }) => {
        // The live list's scroller (the first paint's static log may still be in the page, hidden).
        const log = [...document.querySelectorAll<HTMLElement>('[role=log][data-virtuoso-scroller]')].find((element) => element.clientHeight > 0);
        if (!log) throw new Error('pas de journal');
        const indexOf = (id: string) => (id.startsWith(prefix) ? Number(id.slice(prefix.length)) : Number.NaN);
        const ids = () => [...log.querySelectorAll('article[data-id]')].map((row) => row.getAttribute('data-id') ?? '');
        const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
        const topRow = () => {
          const box = log.getBoundingClientRect();
          const row = [...log.querySelectorAll('article[data-id]')].find((r) => r.getBoundingClientRect().bottom > box.top + 1);
          return row ? { id: row.getAttribute('data-id') ?? '', top: row.getBoundingClientRect().top } : null;
        };
        // The window's first item (virtuoso's data-index 0) rendered: that render asks for more.
        const firstOfWindow = () => log.querySelector('[data-index="0"] article[data-id]')?.getAttribute('data-id') ?? null;
        let askedAt = Number.NaN;
        let windowTop = Number.NaN;
        let insertedAt = Number.NaN;
        let readyAt = Number.NaN;
        const watch = () => {
          const now = performance.now();
          if (Number.isNaN(askedAt)) {
            const first = firstOfWindow();
            if (first === null) return;
            askedAt = now;
            windowTop = indexOf(first);
          }
          // Prepended: an older row is rendered, or the former first row is no longer the window's first.
          const formerFirst = log.querySelector(`article[data-id="${prefix}${String(windowTop).padStart(6, '0')}"]`)?.closest('[data-index]');
          const shifted = formerFirst !== null && formerFirst !== undefined && formerFirst.getAttribute('data-index') !== '0';
          if (Number.isNaN(insertedAt) && (shifted || ids().some((id) => indexOf(id) < windowTop))) {
            insertedAt = now;
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                readyAt = performance.now();
              }),
            );
          }
        };
        const observer = new MutationObserver(watch);
        observer.observe(log, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-index'] });
        watch();
        const started = performance.now();
        let last = await frame();
        while (Number.isNaN(askedAt) && performance.now() - started < 20_000) {
          const now = await frame();
          log.scrollBy(0, (-speed * (now - last)) / 1000);
          last = now;
        }
        let baseline: { id: string; top: number } | null = null;
        let jump = 0;
        while (performance.now() - started < 30_000) {
          await frame();
          if (Number.isNaN(insertedAt)) {
            baseline = topRow();
            continue;
          }
          if (baseline) {
            const same = log.querySelector(`article[data-id="${baseline.id}"]`);
            jump = Math.max(jump, same ? Math.abs(same.getBoundingClientRect().top - baseline.top) : log.clientHeight);
          }
          if (!Number.isNaN(readyAt) && performance.now() - readyAt > 400) break;
        }
        observer.disconnect();
        const indexes = [...log.querySelectorAll('[data-index]')].map((item) => item.getAttribute('data-index'));
        const state = `scrollTop ${log.scrollTop}, scrollHeight ${log.scrollHeight}, clientHeight ${log.clientHeight}, rendered ${indexes[0]}…${indexes[indexes.length - 1]} (${indexes.length}), first row ${ids()[0] ?? 'aucune'}`;
        return { ms: readyAt - askedAt, jump, windowTop, state };
      },
      { prefix: `${run.big.id}-`, speed: run.config.scroll.pxPerSecond },
    );
    if (Number.isNaN(result.windowTop)) throw new Error(`pages d'historique : le haut du journal n'a jamais été atteint (${result.state})`);
    // The floor: the next 50 older documents read raw from the index, and 50 plain rows painted.
    const floor = await idbWindowFloor(page, `room:${run.big.id}`, 50, await revOfIndex(page, run.big, result.windowTop), true);
    if (i >= warmup) {
      ms.push(result.ms);
      jumps.push(result.jump);
      floors.push(floor.total);
    }
    run.log(`    page ${i + 1} : ${result.ms.toFixed(0)} ms, saut ${result.jump.toFixed(1)} px (plancher ${floor.total.toFixed(0)} ms)${Number.isNaN(result.ms) ? ` — ${result.state}` : ''}`);
  }
  return { ms, jumps, floors };
}

/** The stored `rev` of a seeded message (the floor reads the page below it). */
async function revOfIndex(page: Page, room: SeededRoom, index: number): Promise<number | null> {
  const id = `${room.id}-${String(index).padStart(6, '0')}`;
  return page.evaluate(
    async ({ dbName, id }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const doc = await new Promise<{ rev?: number } | undefined>((resolve) => {
        const request = db.transaction('docs', 'readonly').objectStore('docs').get(id);
        request.onsuccess = () => resolve(request.result as { rev?: number } | undefined);
        request.onerror = () => resolve(undefined);
      });
      db.close();
      return doc?.rev ?? null;
    },
    { dbName: MESSAGES_DB, id },
  );
}

/**
 * Scrolls the heavy room's log upwards at a steady speed (time-based steps, one per frame) until
 * `rows` distinct rows have been on screen: frame intervals, long animation frames, and how long
 * the reader was stuck at the top waiting for rows.
 */
async function scrollUp(page: Page, run: BenchRun): Promise<ScrollRun> {
  await page.evaluate(() => {
    window.__bench.trackPaint = false;
    window.__bench.traceIdb = false;
    window.__bench.resetSeen();
  });
  const { rows, pxPerSecond, maxSeconds } = run.config.scroll;
  const result = await page.evaluate(
    async ({ rows, speed, maxMs }) => {
      const log = window.__bench.shownLog();
      if (!log) throw new Error('pas de journal');
      const frames: number[] = [];
      let stalledMs = 0;
      const started = performance.now();
      await new Promise<void>((resolve) => {
        let last = started;
        const step = (now: number) => {
          const dt = now - last;
          frames.push(dt);
          if (log.scrollTop <= 0) stalledMs += dt;
          log.scrollBy(0, (-speed * dt) / 1000);
          last = now;
          if (window.__bench.seen.size < rows && now - started < maxMs) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(step);
        });
      });
      const ended = performance.now();
      const loafs = window.__bench.loafs.filter((l) => l.start >= started && l.start < ended && l.duration > 50);
      return {
        frames,
        rows: window.__bench.seen.size,
        elapsed: ended - started,
        loafs: loafs.length,
        longestLoaf: Math.max(0, ...loafs.map((l) => l.duration)),
        stalledMs,
        loafScripts: loafs.map((l) => `${l.duration.toFixed(0)} ms : ${l.scripts}`),
      };
    },
    { rows, speed: pxPerSecond, maxMs: maxSeconds * 1000 },
  );
  await page.evaluate(() => {
    window.__bench.trackPaint = true;
    window.__bench.traceIdb = true;
  });
  return result;
}

async function visibleRows(page: Page): Promise<number> {
  return chatLog(page).evaluate((log) => {
    const box = log.getBoundingClientRect();
    return [...log.querySelectorAll('article')].filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.bottom > box.top && rect.top < box.bottom;
    }).length;
  });
}

/**
 * Room switches by clicking the room list: click → the room's newest row painted, and the
 * click's Event Timing. The heap is read after the warm-up switches and after the measured ones.
 */
async function roomSwitches(page: Page, run: BenchRun, rooms: SeededRoom[], newest: ReadonlyMap<string, string>) {
  const ms: number[] = [];
  const events: number[] = [];
  const floors: number[] = [];
  const eventFloors: number[] = [];
  const { warmup, runs } = run.config.switches;
  let heapBefore = 0;
  for (let i = 0; i < warmup + runs; i += 1) {
    if (i === warmup) heapBefore = await heapAfterGc(page);
    const room = rooms[(i + 1) % rooms.length]!;
    await page.evaluate(() => {
      window.__bench.resetSeen();
      window.__bench.clicks.length = 0;
    });
    await roomButton(page, room.name).click();
    const painted = await paintedAt(page, newest.get(room.id)!);
    const click = await page.evaluate(() => window.__bench.clicks.at(-1) ?? Number.NaN);
    const event = await interactionOf(page, click);
    if (i >= warmup) {
      ms.push(painted - click);
      events.push(event);
    }
  }
  const heapAfter = await heapAfterGc(page);
  // Floors: the newest page of each room read raw and painted; a click on a plain button.
  for (const room of rooms) floors.push((await idbWindowFloor(page, `room:${room.id}`, 50, null, true)).total);
  await addPlainControl(page, 'button');
  for (let i = 0; i < 7; i += 1) {
    await page.evaluate(() => (window.__bench.clicks.length = 0));
    await page.locator('#bench-plain-control').click();
    eventFloors.push(await interactionOf(page, await page.evaluate(() => window.__bench.clicks.at(-1) ?? Number.NaN)));
  }
  await removePlainControl(page);
  return { ms, events, floors, eventFloors, heapBefore, heapAfter };
}

/**
 * The Event Timing duration of the interaction whose click happened at `clickAt`. Chromium only
 * reports events of 16 ms or more: an interaction without an entry counts as 16 ms (an upper bound).
 */
async function interactionOf(page: Page, clickAt: number): Promise<number> {
  for (let tries = 0; tries < 10; tries += 1) {
    const found = await page.evaluate((at) => {
      const click = window.__bench.events.find((e) => e.name === 'click' && Math.abs(e.start - at) < 1);
      if (!click) return null;
      return Math.max(...window.__bench.events.filter((e) => e.interactionId === click.interactionId && e.interactionId !== 0).map((e) => e.duration), click.duration);
    }, clickAt);
    if (found !== null) return found;
    await page.waitForTimeout(50);
  }
  return 16;
}

const TYPED = 'Je regarde le DAX, objectif 18 300 puis on verra. ';

/** The burst with the composer in use; then the store is read back, and the floors measured. */
async function burstWhileTyping(page: Page, run: BenchRun, rooms: SeededRoom[]): Promise<BurstFigures> {
  const { perSecond, seconds, typingDelayMs } = run.config.burst;
  const visible = rooms[0]!;
  const runId = `bench${Date.now().toString(36)}`;
  await page.evaluate(() => {
    window.__bench.resetSeen();
    window.__bench.events.length = 0;
  });
  await startRawListener(page, visible.id);
  const composer = page.getByRole('textbox', { name: 'Votre message' }).first();
  await composer.click();
  const pageStart = await page.evaluate(() => performance.now());
  const keysWanted = Math.floor((seconds * 1000) / typingDelayMs);
  const text = TYPED.repeat(Math.ceil(keysWanted / TYPED.length)).slice(0, keysWanted);
  const lines = BURST_LINES.map((line, i) => `${line} #${i}`);
  const [outcome] = await Promise.all([
    runBurst(run.url, BENCH_SENDERS, { rooms: rooms.map((r) => r.id), perSecond, seconds, runId }, lines),
    composer.pressSequentially(text, { delay: typingDelayMs }),
  ]);
  // Rows still arriving are given a moment to be painted.
  await page.waitForTimeout(run.config.burst.settleMs);
  const pageEnd = await page.evaluate(() => performance.now());
  const raw = new Map(await stopRawListener(page));
  const probe = await page.evaluate(
    ({ from, to }) => ({
      // Paint times are performance.now(); the watcher's clock is Date.now().
      offset: Date.now() - performance.now(),
      painted: [...window.__bench.painted],
      longTasks: window.__bench.longTasks.filter((t) => t.start >= from && t.start <= to).map((t) => t.duration),
      loafs: window.__bench.loafs.filter((l) => l.start >= from && l.start <= to && l.duration > 50).length,
      loafScripts: window.__bench.loafs.filter((l) => l.start >= from && l.start <= to && l.duration > 50).map((l) => `${l.duration.toFixed(0)} ms : ${l.scripts}`),
      events: window.__bench.events.filter((e) => e.start >= from && e.start <= to && e.interactionId !== 0),
    }),
    { from: pageStart, to: pageEnd },
  );
  const painted = new Map(probe.painted);
  for (const frame of probe.loafScripts) run.log(`    image longue : ${frame}`);
  const latencies: number[] = [];
  const floorLatencies: number[] = [];
  let notPainted = 0;
  for (const [id, pushed] of outcome.pushedAt) {
    if (outcome.roomOf.get(id) !== visible.id) continue;
    const at = painted.get(id);
    if (at === undefined) notPainted += 1;
    else latencies.push(probe.offset + at - pushed);
    const rawAt = raw.get(id);
    if (rawAt !== undefined) floorLatencies.push(rawAt - pushed);
  }
  const keys = keyDurations(probe.events, text.length);
  const stored = await storedOnce(page, runId, outcome);

  // The composer's floor: the same typing in a plain textarea, no burst.
  await page.evaluate(() => (window.__bench.events.length = 0));
  await addPlainControl(page, 'textarea');
  await page.locator('#bench-plain-control').click();
  await page.locator('#bench-plain-control').pressSequentially(TYPED.slice(0, run.config.burst.floorKeys), { delay: typingDelayMs });
  await page.waitForTimeout(300);
  const floorEvents = await page.evaluate(() => window.__bench.events.filter((e) => e.interactionId !== 0));
  await removePlainControl(page);

  return {
    latencies,
    floorLatencies,
    notPainted,
    longTasks: probe.longTasks,
    loafs: probe.loafs,
    keys,
    keyFloors: keyDurations(floorEvents, run.config.burst.floorKeys),
    stored,
    sent: Math.round(perSecond * seconds),
    achievedPerSecond: outcome.achievedPerSecond,
    serverSeconds: outcome.serverSeconds,
    refused: outcome.refused,
  };
}

/** One duration per key typed: its interaction's longest entry, or 16 ms when none was reported. */
function keyDurations(events: { interactionId: number; duration: number }[], keys: number): number[] {
  const byInteraction = new Map<number, number>();
  for (const e of events) byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration));
  const reported = [...byInteraction.values()].slice(0, keys);
  return [...reported, ...Array.from({ length: Math.max(0, keys - reported.length) }, () => 16)];
}

/** Every message the server took is in the local database exactly once (by its client id). */
async function storedOnce(page: Page, runId: string, outcome: BurstOutcome): Promise<BurstFigures['stored']> {
  const counts = new Map<string, number>(
    await page.evaluate(
      async ({ dbName, runId }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(dbName);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const docs = await new Promise<{ clientId: string; stream: string; _deleted?: unknown }[]>((resolve, reject) => {
          const request = db.transaction('docs', 'readonly').objectStore('docs').getAll();
          request.onsuccess = () => resolve(request.result as never);
          request.onerror = () => reject(request.error);
        });
        db.close();
        const counts = new Map<string, number>();
        for (const doc of docs) {
          if (!doc.clientId.startsWith(runId) || doc.stream === '') continue;
          counts.set(doc.clientId, (counts.get(doc.clientId) ?? 0) + 1);
        }
        return [...counts];
      },
      { dbName: MESSAGES_DB, runId },
    ),
  );
  const expected = new Set(outcome.acked.keys());
  let missing = 0;
  let duplicated = 0;
  for (const clientId of expected) {
    const count = counts.get(clientId) ?? 0;
    if (count === 0) missing += 1;
    if (count > 1) duplicated += count - 1;
  }
  return { expected: expected.size, missing, duplicated };
}

const BURST_LINES = [
  'Le DAX casse le plus haut de la veille, volumes en hausse.',
  'Je prends mes gains sur la moitié.',
  'EUR/USD rejeté sous 1,0950 encore une fois.',
  'Attention, annonce de la Fed dans dix minutes !',
  'Stop remonté au point mort.',
  'Quelqu’un suit le pétrole ?',
  'Belle bougie de retournement en M15.',
  'Merci coach 🙏',
];
