import { join } from 'node:path';
import { markRoomUnreadInput, READ_CLIENT_EVENTS, roomReadAck } from '../../src/contract/read-state';
import { copyProfile, launchProfile, paintedAt, roomButton } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { openSocket } from './burst-senders';
import { rawHistoryFloor } from './page-floors';
import { BENCH_COACH, messageIdBack, type SeededRoom } from './seed-bench-data';

export type UnreadSamples = { ms: number[]; floors: number[]; back: number };

/** How far back the first unread is: 5,000 messages in the 100k room (issue 21), past the log's window of 200 in the smoke's. */
export const unreadBack = (room: SeededRoom): number => Math.min(5_000, room.topLevel - 60);

/**
 * `open_at_unread_ms` (issue 21): in a copy of the prepared profile the member is in another room
 * while the heavy room is marked unread from a message `unreadBack` messages back (far beyond
 * the 200 rows a log's window holds, and beyond what the profile stores); the room's button is
 * clicked: from the click to the first unread row painted under its 'Nouveaux messages' line (the
 * window around the read position read from the server, folded, the list opened there). Each run
 * goes back to the newest rows ('Revenir au direct', which reads the room) before the next mark.
 * Floor: the same window asked for on a plain WebSocket and rendered as plain rows.
 */
export async function opensAtUnread(run: BenchRun): Promise<UnreadSamples> {
  const ms: number[] = [];
  const floors: number[] = [];
  const { warmup, runs } = run.config.unreadOpen;
  const back = unreadBack(run.big);
  const firstUnread = messageIdBack(run.big, back);
  const [away] = run.others;
  if (!away) throw new Error('room de bench manquante');
  const dir = join(run.scratchDir, 'unread');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  const socket = await openSocket(run.url, BENCH_COACH);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(away));
    await paintedAt(page, away.newestIds[0]!);
    const bigButton = roomButton(page, run.big.name);
    for (let i = 0; i < warmup + runs; i += 1) {
      const answer = roomReadAck.parse(await socket.timeout(10_000).emitWithAck(READ_CLIENT_EVENTS.markUnread, markRoomUnreadInput.parse({ messageId: firstUnread })));
      if ('error' in answer) throw new Error(`marquer comme non lu refusé : ${answer.error}`);
      // The page has the new read state (told by the server) once the room's badge shows.
      await bigButton.getByLabel(/nouveaux? messages?/).waitFor();
      await page.evaluate(() => window.__bench.resetSeen());
      const clicked = await bigButton.evaluate((button: HTMLElement) => {
        const at = performance.now();
        button.click();
        return at;
      });
      const line = page.getByRole('log', { name: 'Messages' }).getByRole('separator', { name: 'Nouveaux messages' });
      await line.waitFor({ timeout: 30_000 });
      // The row under the line (the member's own messages are never unread: it may be a later one).
      const under = await line.evaluate((element) => element.parentElement?.querySelector('[data-id]')?.getAttribute('data-id') ?? null);
      if (under === null) throw new Error('aucune ligne sous « Nouveaux messages »');
      const sample = (await paintedAt(page, under)) - clicked;
      const floor = await rawHistoryFloor(page, run.big.id, firstUnread);
      if (i >= warmup) {
        ms.push(sample);
        floors.push(floor);
      }
      run.log(`  ouverture au premier non-lu ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${sample.toFixed(0)} ms (${back} messages plus haut, plancher ${floor.toFixed(0)} ms)`);
      await page.getByRole('button', { name: 'Revenir au direct' }).click();
      await paintedAt(page, run.big.newestIds[0]!);
      await bigButton.getByLabel(/nouveaux? messages?/).waitFor({ state: 'detached' });
      await roomButton(page, away.name).click();
      await paintedAt(page, away.newestIds[0]!);
    }
  } finally {
    socket.close();
    await context.close();
  }
  return { ms, floors, back };
}
