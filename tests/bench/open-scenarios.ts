import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { copyProfile, launchProfile, newContext, paintedAt } from './bench-browser';
import { chatPath, setToken, type BenchRun } from './bench-run';
import { MESSAGES_DB, idbWindowFloor, rawHistoryFloor } from './page-floors';
import type { IdbRead } from './page-probe';

/**
 * Opening the heavy room: warm (a copy of the prepared profile: IndexedDB and HTTP cache filled)
 * and cold (a fresh context holding only the sign-in cookie). Each run measures navigation →
 * newest row painted inside the page, then the floor in the same page.
 */

export type OpenSample = { ms: number; floor: number; storeMs: number; storeFloor: number; lcp: number | null; windowReads: number; firstRead: number | null };

export async function warmOpens(run: BenchRun): Promise<OpenSample[]> {
  const samples: OpenSample[] = [];
  const { warmup, runs } = run.config.warmOpen;
  for (let i = 0; i < warmup + runs; i += 1) {
    const dir = join(run.scratchDir, `warm-${i}`);
    copyProfile(run.profileDir, dir);
    const context = await launchProfile(dir, run.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(chatPath(run.big));
      const ms = await paintedAt(page, run.big.newestIds[0]!);
      const store = await storeReads(page, `room:${run.big.id}`, ms);
      // The floor: the same 50 newest documents read raw, then 50 plain rows painted.
      const storeFloor = await idbWindowFloor(page, `room:${run.big.id}`, 50, null, false);
      const floor = await idbWindowFloor(page, `room:${run.big.id}`, 50, null, true);
      const marks = (await bootMarks(page)) + (await bootIdb(page, ms));
      const sample = { ms, floor: floor.total, storeMs: store.busy, storeFloor: storeFloor.read, lcp: await lcpOf(page), windowReads: store.reads, firstRead: store.first };
      if (i >= warmup) samples.push(sample);
      run.log(`  ouverture à chaud ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${ms.toFixed(0)} ms (requête du store ${store.busy.toFixed(1)} ms, plancher ${floor.total.toFixed(0)} ms)${marks}`);
    } finally {
      await context.close();
    }
  }
  return samples;
}

export type ColdResult = { samples: OpenSample[]; chatAssets: string[] };

export async function coldOpens(run: BenchRun): Promise<ColdResult> {
  const samples: OpenSample[] = [];
  let chatAssets: string[] = [];
  const { warmup, runs } = run.config.coldOpen;
  for (let i = 0; i < warmup + runs; i += 1) {
    const context = await newContext(run.browser, run.url);
    try {
      const page = await context.newPage();
      const assets = collectAssets(page, new URL(run.url).origin);
      await setToken(page, run.url, run.coachToken);
      await page.goto(chatPath(run.big));
      const ms = await paintedAt(page, run.big.newestIds[0]!);
      await page.waitForLoadState('networkidle');
      if (chatAssets.length === 0) chatAssets = [...assets];
      const floor = await rawHistoryFloor(page, run.big.id);
      if (i >= warmup) samples.push({ ms, floor, storeMs: 0, storeFloor: 0, lcp: await lcpOf(page), windowReads: 0, firstRead: null });
      run.log(`  ouverture à froid ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${ms.toFixed(0)} ms (plancher ${floor.toFixed(0)} ms)`);
    } finally {
      await context.close();
    }
  }
  return { samples, chatAssets };
}

/** The JS and CSS files the sign-in page requests (a fresh visitor, no cookie). */
export async function signInAssets(run: BenchRun): Promise<string[]> {
  const context = await newContext(run.browser, run.url);
  try {
    const page = await context.newPage();
    const assets = collectAssets(page, new URL(run.url).origin);
    await page.goto('/');
    await page.getByLabel('E-mail ou pseudo').waitFor();
    await page.waitForLoadState('networkidle');
    return [...assets];
  } finally {
    await context.close();
  }
}

/** Gzipped size in KB (level 9, as Vite reports it) of the built files behind these paths. */
export function gzipKb(distDir: string, paths: readonly string[]): { kb: number; files: Record<string, number> } {
  const files: Record<string, number> = {};
  for (const path of paths) files[path] = gzipSync(readFileSync(join(distDir, path)), { level: 9 }).length / 1024;
  return { kb: Object.values(files).reduce((a, b) => a + b, 0), files };
}

/** Same-origin JS and CSS the page requested, as paths inside the build. */
function collectAssets(page: Page, origin: string): Set<string> {
  const assets = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    if (/\.(js|css)$/.test(url.pathname) && response.ok()) assets.add(url.pathname.slice(1));
  });
  return assets;
}

/** The store's part of an open: the time during which a window read of the stream was running. */
async function storeReads(page: Page, stream: string, before: number): Promise<{ busy: number; reads: number; first: number | null }> {
  // A read's last answer may come just after the paint: give the trace a moment to see it.
  await page.waitForTimeout(50);
  const reads: IdbRead[] = await page.evaluate(() => window.__bench.idbReads);
  const windowReads = reads
    .filter((r) => r.db === MESSAGES_DB && r.index.includes('stream') && r.index.includes('rev') && r.range.includes(JSON.stringify(stream)))
    .filter((r) => r.start <= before && r.end > 0)
    .sort((a, b) => a.start - b.start);
  let busy = 0;
  let until = 0;
  for (const read of windowReads) {
    const start = Math.max(read.start, until);
    if (read.end > start) busy += read.end - start;
    until = Math.max(until, read.end);
  }
  return { busy, reads: windowReads.length, first: windowReads[0]?.start ?? null };
}

/** The app's boot marks (src/domain/boot-marks.ts), as `step time` pairs for the run's line. */
async function bootMarks(page: Page): Promise<string> {
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('comptoir:')).map((m) => `${m.name.slice(9)} ${m.startTime.toFixed(0)}`));
  return marks.length > 0 ? `\n    ${marks.join(' · ')}` : '';
}

/** IndexedDB at boot, before the paint: each database's open and each read (asked → its last answer), and the long tasks meanwhile. */
async function bootIdb(page: Page, before: number): Promise<string> {
  const { opens, reads, tasks } = await page.evaluate(() => ({ opens: window.__bench.idbOpens, reads: window.__bench.idbReads, tasks: window.__bench.longTasks }));
  const span = (start: number, end: number) => `${start.toFixed(0)}→${end > 0 ? end.toFixed(0) : '…'}`;
  const short = (name: string) => name.replace(/^rxdb-dexie-[^-]+--\d+--/, '');
  const early = <T extends { start: number }>(list: T[]) => list.filter((e) => e.start <= before);
  return (
    `\n    ouvertures ${early(opens).map((o) => `${short(o.name)} ${span(o.start, o.end)}`).join(', ')}` +
    `\n    lectures ${early(reads).map((r) => `${short(r.db)}.${r.kind} ${span(r.start, r.end)}`).join(', ')}` +
    `\n    tâches longues ${early(tasks).map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', ') || 'aucune'}`
  );
}

async function lcpOf(page: Page): Promise<number | null> {
  const lcp = await page.evaluate(() => window.__bench.lcp);
  return lcp.length > 0 ? lcp[lcp.length - 1]! : null;
}
