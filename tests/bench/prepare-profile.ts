import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { launchProfile, paintedAt, roomButton, signInThroughForm } from './bench-browser';
import { chatPath, indexOfId, type BenchRun } from './bench-run';
import { newestRows } from './burst-senders';
import { BENCH_COACH, BENCH_PASSWORD, type SeededRoom } from './seed-bench-data';

/**
 * The warm runs' browser profile, made once per benchmark run the way a member fills it: sign in,
 * open every bench room (each stores its newest page), then read the heavy room's history upwards
 * until the local database holds `preparedRows` of it (the client stores only what it has shown).
 * Never measured: its duration is reported beside the figures.
 */
export async function prepareProfile(run: BenchRun): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  rmSync(run.profileDir, { recursive: true, force: true });
  const context = await launchProfile(run.profileDir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto(chatPath(run.big));
      await signInThroughForm(page, BENCH_COACH, BENCH_PASSWORD);
      await paintedAt(page, run.big.newestIds[0]!);
      const newest = await readEverything(page, run, [...run.others, run.big]);
      for (const room of [...run.others, run.big]) {
        await roomButton(page, room.name).click();
        await paintedAt(page, newest.get(room.id)!);
      }
      await page.waitForTimeout(500);
      const rows = await readHistoryUp(page, run.big.topLevel, run.config.preparedRows, run.log);
      // Back to the newest rows, as the member leaves the room: a reader left in history would find
      // the room at that kept place on every run (issue 21), not at its end.
      await backToLive(page);
      // Let the last folds reach IndexedDB before the profile is closed and copied.
      await page.waitForTimeout(1000);
      return { seconds: (performance.now() - started) / 1000, rows };
    } catch (error) {
      await page.screenshot({ path: `${run.profileDir}-failure.png` }).catch(() => undefined);
      throw error;
    }
  } finally {
    await context.close();
  }
}

/** 'Revenir au direct' until the log rests at its newest row (the kept reading place is then forgotten). */
export async function backToLive(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^(Revenir au direct|\d+ nouveaux? messages?)$/ });
  for (let tries = 0; tries < 5 && (await button.count()) > 0; tries += 1) {
    await button.first().click();
    await page.waitForTimeout(800);
  }
  if ((await button.count()) > 0) throw new Error("le journal n'est pas revenu au direct");
}

/** One visit of the heavy room with the prepared profile (`--reuse`: its cache then holds this build). */
export async function revisitProfile(run: BenchRun): Promise<void> {
  const context = await launchProfile(run.profileDir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(run.big));
    await paintedAt(page, run.big.newestIds[0]!);
    await page.waitForTimeout(1000);
  } finally {
    await context.close();
  }
}

/** Scrolls the log to its top again and again until `wanted` rows of the room have been shown. */
async function readHistoryUp(page: Page, topLevel: number, wanted: number, log: (line: string) => void): Promise<number> {
  let shown = 0;
  let lastReport = performance.now();
  for (let stuck = 0; stuck < 3; ) {
    const oldest = await page.evaluate(async () => {
      const element = window.__bench.shownLog();
      if (!element) return null;
      const first = () => element.querySelector('article[data-id]')?.getAttribute('data-id') ?? null;
      const before = first();
      element.scrollTop = 0;
      const started = performance.now();
      // The next page is shown when the first row changes; the room's beginning ends it.
      while (performance.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const now = first();
        if (now !== null && now !== before) break;
        if (element.textContent?.includes('Début de la conversation')) break;
      }
      return first();
    });
    if (oldest === null) throw new Error('le journal des messages a disparu');
    const now = topLevel - indexOfId(oldest);
    stuck = now > shown ? 0 : stuck + 1;
    shown = Math.max(shown, now);
    if (performance.now() - lastReport > 15_000) {
      log(`  profil : ${shown} messages de l'historique affichés`);
      lastReport = performance.now();
    }
    if (shown >= wanted || shown >= topLevel) break;
  }
  return shown;
}

/**
 * Every room read, so each opens at its end (a kept database's last run left mentions unread), and
 * each room's newest row as it is now (earlier runs of a kept database posted after the seeded ones).
 */
export async function readEverything(page: Page, run: BenchRun, rooms: readonly SeededRoom[]): Promise<Map<string, string>> {
  await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await page.waitForFunction(() => ![...document.querySelectorAll('nav [aria-label]')].some((badge) => /^\d+ nouveaux? messages?$/.test(badge.getAttribute('aria-label') ?? '')));
  return newestRows(run.url, rooms);
}
