import { join } from 'node:path';
import { copyProfile, launchProfile, paintedAt } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { rawHistoryFloor } from './page-floors';
import { jumpId, jumpMark } from './seed-bench-data';

export type JumpSamples = { ms: number[]; floors: number[] };

/**
 * `jump_to_message_ms` (issue 21): in a copy of the prepared profile, the heavy room is open at
 * its newest rows; a search for a message half the room back (50,000 messages in the 100k room,
 * far beyond what the profile stores) lists it, and 'Aller au message' is clicked: from the click
 * to that row painted in the log, highlighted (the window around it read from the server, folded,
 * and the list opened at it). Each run goes back to the newest rows first. Floor: the same window
 * asked for on a plain WebSocket and rendered as plain rows.
 */
export async function jumpsToMessage(run: BenchRun): Promise<JumpSamples> {
  const ms: number[] = [];
  const floors: number[] = [];
  const { warmup, runs } = run.config.jumps;
  const target = jumpId(run.big);
  const dir = join(run.scratchDir, 'jump');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(run.big));
    await paintedAt(page, run.big.newestIds[0]!);
    const room = page.getByRole('region', { name: run.big.name, exact: true });
    for (let i = 0; i < warmup + runs; i += 1) {
      await room.getByRole('button', { name: 'Rechercher dans la room' }).click();
      await page.getByRole('searchbox', { name: 'Rechercher dans la room' }).fill(jumpMark(run.big.id));
      const go = page.getByRole('region', { name: 'Résultats de la recherche' }).getByRole('button', { name: 'Aller au message' });
      await go.waitFor();
      await page.evaluate(() => window.__bench.resetSeen());
      const clicked = await go.evaluate((button: HTMLElement) => {
        const at = performance.now();
        button.click();
        return at;
      });
      const painted = await paintedAt(page, target);
      await page.locator(`[data-jumped] [data-id="${target}"]`).waitFor();
      const sample = painted - clicked;
      const floor = await rawHistoryFloor(page, run.big.id, target);
      if (i >= warmup) {
        ms.push(sample);
        floors.push(floor);
      }
      run.log(`  saut au message ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${sample.toFixed(0)} ms (plancher ${floor.toFixed(0)} ms)`);
      await page.getByRole('button', { name: 'Revenir au direct' }).click();
      await paintedAt(page, run.big.newestIds[0]!);
    }
  } finally {
    await context.close();
  }
  return { ms, floors };
}
