import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { copyProfile, launchProfile, startPageProfile } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { runBurst } from './burst-senders';
import { BENCH_SENDERS } from './seed-bench-data';

export type SplitFigures = {
  latencies: number[];
  notPainted: number;
  longTasks: number[];
  /** The most rows any column's log held in the DOM during the burst. */
  domRows: number;
  sent: number;
  refused: number;
  achievedPerSecond: number;
};

/** A line per message, as the session's burst writes them. */
const LINES = ['Le DAX casse le plus haut de la veille.', 'EUR/USD rejeté sous 1,0950.', 'BTC teste 60k, prudence.', 'Je prends mes gains sur la moitié.'];

/**
 * `split_burst_to_paint_p95_ms` (issue 22): in a copy of the prepared profile, on a wide screen,
 * the bench member keeps three rooms in columns beside the heavy one (as 'Garder en colonne' would
 * have saved them on this device), so four live logs are on screen; members in node post at the
 * burst's rate over those four rooms. Each sample runs from the server's push of a message to its
 * row painted in its column (wall clock), for every message of the four rooms. Also: long tasks
 * during the burst, and the most rows a column's log held in the DOM.
 */
export async function splitBurstToPaint(run: BenchRun): Promise<SplitFigures> {
  const rooms = [run.big, ...run.others.slice(0, 3)];
  const { perSecond, seconds, settleMs } = run.config.burst;
  const dir = join(run.scratchDir, 'split');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1920, height: 1080 });
    const memberId = (JSON.parse(Buffer.from(run.coachToken.split('.')[1]!, 'base64url').toString()) as { id: number }).id;
    await page.goto('/');
    await page.evaluate(
      ({ key, ids }) => localStorage.setItem(key, JSON.stringify(ids)),
      { key: `splitRooms:${memberId}`, ids: rooms.slice(1).map((room) => room.id) },
    );
    await page.goto(chatPath(run.big));
    const logs = page.getByRole('log', { name: 'Messages' });
    for (let i = 0; i < rooms.length; i += 1) await logs.nth(i).locator('article[data-id]').first().waitFor({ timeout: 60_000 });
    // Each column at its newest rows, as a member watching a live market has them.
    await page.evaluate(() => {
      // (The log is virtuoso's scroller itself: its props go on that element.)
      for (const scroller of document.querySelectorAll('[role=log]')) scroller.scrollTop = scroller.scrollHeight;
    });
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      window.__bench.resetSeen();
      window.__bench.events.length = 0;
    });
    // `BENCH_PAGE_PROFILE=file.cpuprofile`: the page's CPU profile over the burst (where its time goes).
    const profiling = process.env.BENCH_PAGE_PROFILE ? await startPageProfile(page) : null;
    // `BENCH_PAGE_TRACE=file.json`: a DevTools timeline trace of the burst (style, layout, paint per frame).
    const tracing = process.env.BENCH_PAGE_TRACE ? await startPageTrace(page) : null;
    const work = await mainThreadWork(page);
    const pageStart = await page.evaluate(() => performance.now());
    // The DOM's rows per column, sampled through the burst.
    // Also how far each column's scroll was from its end at worst (a column left behind paints nothing new).
    const sampling = page.evaluate(async (ms) => {
      let most = 0;
      const logs = [...document.querySelectorAll('[role=log]')];
      const farthest = logs.map(() => 0);
      const end = performance.now() + ms;
      while (performance.now() < end) {
        logs.forEach((log, i) => {
          most = Math.max(most, log.querySelectorAll('article').length);
          farthest[i] = Math.max(farthest[i]!, log.scrollHeight - log.clientHeight - log.scrollTop);
        });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return { most, farthest };
    }, seconds * 1000 + settleMs);
    const outcome = await runBurst(run.url, BENCH_SENDERS, { rooms: rooms.map((r) => r.id), perSecond, seconds, runId: `benchsplit${Date.now().toString(36)}` }, LINES.map((line, i) => `${line} #${i}`));
    await page.waitForTimeout(settleMs);
    const { most: domRows, farthest } = await sampling;
    run.log(`    plus loin de la fin, par colonne : ${farthest.map((px) => `${Math.round(px)} px`).join(', ')}`);
    if (profiling) writeFileSync(process.env.BENCH_PAGE_PROFILE!, JSON.stringify(await profiling.stop()));
    if (tracing) writeFileSync(process.env.BENCH_PAGE_TRACE!, JSON.stringify(await tracing.stop()));
    const pageEnd = await page.evaluate(() => performance.now());
    run.log(`    fil principal : ${await work.done()}`);
    const probe = await page.evaluate(
      ({ from, to }) => ({
        offset: Date.now() - performance.now(),
        painted: [...window.__bench.painted],
        longTasks: window.__bench.longTasks.filter((t) => t.start >= from && t.start <= to).map((t) => t.duration),
        loafScripts: window.__bench.loafs.filter((l) => l.start >= from && l.start <= to && l.duration > 50).map((l) => `${l.duration.toFixed(0)} ms : ${l.scripts}`),
      }),
      { from: pageStart, to: pageEnd },
    );
    for (const frame of probe.loafScripts) run.log(`    image longue : ${frame}`);
    const painted = new Map(probe.painted);
    const latencies: number[] = [];
    let notPainted = 0;
    const missedIn = new Map(rooms.map((room) => [room.id, 0]));
    for (const [id, pushed] of outcome.pushedAt) {
      const at = painted.get(id);
      if (at === undefined) {
        notPainted += 1;
        const room = outcome.roomOf.get(id);
        if (room !== undefined) missedIn.set(room, (missedIn.get(room) ?? 0) + 1);
      } else latencies.push(probe.offset + at - pushed);
    }
    run.log(`    non peints par colonne : ${rooms.map((room) => `${room.name} ${missedIn.get(room.id) ?? 0}`).join(', ')}`);
    return {
      latencies,
      notPainted,
      longTasks: probe.longTasks,
      domRows,
      sent: Math.round(perSecond * seconds),
      refused: outcome.refused,
      achievedPerSecond: outcome.achievedPerSecond,
    };
  } finally {
    await context.close();
  }
}

/** A DevTools timeline trace of the page (Chrome DevTools Protocol), started now. */
async function startPageTrace(page: Page): Promise<{ stop(): Promise<unknown> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,blink,v8.execute,disabled-by-default-devtools.timeline.stack,toplevel',
    transferMode: 'ReportEvents',
  });
  return {
    stop: async () => {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      return { traceEvents: events };
    },
  };
}

/**
 * The page's main-thread work from now (Chrome's own counters, through the DevTools Protocol): a
 * figure of how much the page did, steadier than latencies on a shared machine.
 */
async function mainThreadWork(page: Page): Promise<{ done(): Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await read();
  return {
    done: async () => {
      const after = await read();
      const ms = (name: string) => Math.round((after[name]! - before[name]!) * 1000);
      const count = (name: string) => after[name]! - before[name]!;
      return `tâches ${ms('TaskDuration')} ms, scripts ${ms('ScriptDuration')} ms, styles ${count('RecalcStyleCount')}× ${ms('RecalcStyleDuration')} ms, mises en page ${count('LayoutCount')}× ${ms('LayoutDuration')} ms`;
    },
  };
}
