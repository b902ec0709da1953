import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { READ_CLIENT_EVENTS } from '../../src/contract/read-state';
import { CHAT_TEXT } from '../../src/domain/chat-text-fr';
import { copyProfile, launchProfile, paintedAt, roomButton, startPageProfile } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { newestRows, openSocket } from './burst-senders';
import { rawHistoryFloor } from './page-floors';
import { BENCH_COACH, type SeededRoom } from './seed-bench-data';

export type UnreadSamples = { ms: number[]; floors: number[] };

/** How far back the first unread is: 5,000 messages (issue 21), half a small room in the smoke run. */
export const unreadBack = (room: SeededRoom): number => Math.min(5000, Math.floor(room.topLevel / 2));
/** The message the member marks as their first unread, `unreadBack` top-level messages before the newest. */
export const firstUnreadId = (room: SeededRoom): string => `${room.id}-${String(room.topLevel - unreadBack(room)).padStart(6, '0')}`;

/**
 * `open_at_unread_ms` (issue 21): in a copy of the prepared profile the member is in another room
 * while the heavy room's first unread is 5,000 messages back (its 'Marquer comme non lu' made on
 * another device: a socket in node). A click on the heavy room, then from the click to the first
 * unread's row painted under the 'Nouveaux messages' line: more than the widest window the log
 * reads from the store, so the window around it comes from the server and the log opens there.
 * Floor: the same window asked for on a plain WebSocket and its rows painted plainly.
 */
export async function opensAtUnread(run: BenchRun): Promise<UnreadSamples> {
  const ms: number[] = [];
  const floors: number[] = [];
  const { warmup, runs } = run.config.jumps;
  const dir = join(run.scratchDir, 'unread');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  const otherDevice = await openSocket(run.url, BENCH_COACH);
  const other = run.others[0]!;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(other));
    // (Its newest row as it is now: a kept database's earlier runs posted after the seeded ones.)
    await paintedAt(page, (await newestRows(run.url, [other])).get(other.id)!);
    for (let i = 0; i < warmup + runs; i += 1) {
      const answer: unknown = await otherDevice.timeout(10_000).emitWithAck(READ_CLIENT_EVENTS.markUnread, { messageId: firstUnreadId(run.big) });
      if (typeof answer === 'object' && answer !== null && 'error' in answer) throw new Error(`'marquer comme non lu' refusé : ${JSON.stringify(answer)}`);
      // Its state reached the page: the heavy room's badge counts unread messages.
      await roomButton(page, run.big.name).getByLabel(/nouveaux? messages?/).waitFor();
      await page.evaluate(() => {
        window.__bench.resetSeen();
        window.__bench.sockets = [];
        window.__bench.traceSockets = true;
      });
      // `BENCH_PAGE_PROFILE=file`: each measured opening's CPU profile, from the click to its row painted (file.N.cpuprofile).
      const profiling = process.env.BENCH_PAGE_PROFILE && i >= warmup ? await startPageProfile(page) : null;
      const clicked = await roomButton(page, run.big.name).evaluate((button: HTMLElement) => {
        const at = performance.now();
        button.click();
        return at;
      });
      // The row under the line: the first unread (the one marked, or the next one another member wrote).
      // (By CSS: a role query computes every element's role in each poll, on the page's main thread,
      // while the opening it measures runs there — 20 ms of its time in a profile.)
      const line = page.locator(`[role=log][aria-label="${CHAT_TEXT.messagesLog}"] [role=separator][aria-label="${CHAT_TEXT.unreadLine}"]`);
      await line.waitFor({ timeout: 30_000 });
      const first = await line.evaluate((element) => element.closest('[data-index]')?.querySelector<HTMLElement>('[data-id]')?.dataset.id ?? null);
      if (first === null) throw new Error("aucune ligne sous 'Nouveaux messages'");
      if (first < firstUnreadId(run.big)) throw new Error(`la ligne est au-dessus du premier non-lu (${first})`);
      const painted = await paintedAt(page, first);
      if (profiling) writeFileSync(`${process.env.BENCH_PAGE_PROFILE}.${i - warmup + 1}.cpuprofile`, JSON.stringify(await profiling.stop()));
      const sample = painted - clicked;
      const timeline = await page.evaluate(
        ({ clicked, first }) => {
          const probe = window.__bench;
          probe.traceSockets = false;
          const at = (t: number | undefined) => (t === undefined ? '?' : `+${(t - clicked).toFixed(0)}`);
          const frames = probe.sockets.filter((f) => f.head.startsWith('42') || /^4[3]/.test(f.head)).map((f) => `${f.way === 'out' ? '→' : '←'}${f.head.replace(/^4[23]\d*/, '').slice(0, 24)} ${at(f.at)}`);
          return `${frames.join(', ')} · ligne vue ${at(probe.seen.get(first))} · peinte ${at(probe.painted.get(first))}`;
        },
        { clicked, first },
      );
      const floor = await rawHistoryFloor(page, run.big.id, first);
      if (i >= warmup) {
        ms.push(sample);
        floors.push(floor);
      }
      run.log(`  ouverture au premier non-lu ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${sample.toFixed(0)} ms (plancher ${floor.toFixed(0)} ms)\n    ${timeline}`);
      await roomButton(page, other.name).click();
      await page.getByRole('region', { name: other.name, exact: true }).waitFor();
    }
  } finally {
    otherDevice.close();
    await context.close();
  }
  return { ms, floors };
}
