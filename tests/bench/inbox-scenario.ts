import { join } from 'node:path';
import { CLIENT_EVENTS, postMessageAck } from '../../src/contract/chat';
import { copyProfile, launchProfile, paintedAt } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { openSocket } from './burst-senders';
import { idbWindowFloor } from './page-floors';
import { BENCH_COACH, BENCH_SENDERS } from './seed-bench-data';

export type InboxSample = { ms: number; floor: number; entries: number };

/** The unread mentions the inbox holds when it is measured (issue 21). */
export const INBOX_MENTIONS = 200;

/**
 * `inbox_open_ms` (issue 21): the inbox 'Non lus' opened warm. On a copy of the prepared profile,
 * the member reads the big room while the senders name them in twenty other rooms, 200 times in all
 * (those rooms are unread too); once the 'Non lus' button counts them (the store holds them),
 * each run clicks it and times until the list's first entries are painted (two frames after).
 * Floor: 50 documents read raw from IndexedDB and 50 plain rows painted.
 */
export async function inboxOpens(run: BenchRun): Promise<InboxSample[]> {
  const dir = join(run.scratchDir, 'inbox');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(run.big));
    await paintedAt(page, run.big.newestIds[0]!);
    // The member's read state is on the server before anyone names them.
    await page.waitForTimeout(1000);
    await nameTheMember(run);
    const button = page.getByRole('button', { name: /^Non lus/ });
    await page.waitForFunction(
      (wanted) => {
        const label = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Non lus'))?.querySelector('[aria-label]')?.getAttribute('aria-label');
        return label ? Number.parseInt(label, 10) >= wanted : false;
      },
      INBOX_MENTIONS,
      { timeout: 60_000, polling: 100 },
    );
    const samples: InboxSample[] = [];
    const { warmup, runs } = run.config.inboxOpen;
    for (let i = 0; i < warmup + runs; i += 1) {
      await button.waitFor();
      const { ms, entries } = await page.evaluate(async () => {
        const open = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Non lus'))!;
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const started = performance.now();
        open.click();
        while (document.querySelector('dialog[open] [data-entry]') === null) await frame();
        await frame();
        await frame();
        return { ms: performance.now() - started, entries: document.querySelectorAll('dialog[open] [data-entry]').length };
      });
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
      const floor = await idbWindowFloor(page, `room:${run.big.id}`, 50, null, true);
      if (i >= warmup) samples.push({ ms, floor: floor.total, entries });
      run.log(`  boîte 'Non lus' ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${ms.toFixed(0)} ms (${entries} lignes peintes, plancher ${floor.total.toFixed(0)} ms)`);
    }
    return samples;
  } finally {
    await context.close();
  }
}

/** The senders post INBOX_MENTIONS messages naming the bench member, over twenty rooms. */
async function nameTheMember(run: BenchRun): Promise<void> {
  const sockets = await Promise.all(BENCH_SENDERS.map((name) => openSocket(run.url, name)));
  // Twenty rooms: the four others and the small lounges.
  const rooms = [...run.others, ...run.lounges];
  // Per run: a kept database (`--reuse`) would take the same client ids for the last run's posts, and store nothing new.
  const runId = Date.now().toString(36);
  try {
    for (let i = 0; i < INBOX_MENTIONS; i += 1) {
      const socket = sockets[i % sockets.length]!;
      const room = rooms[i % rooms.length]!;
      const answer: unknown = await socket
        .timeout(10_000)
        .emitWithAck(CLIENT_EVENTS.post, { clientId: `bench-inbox-${runId}-${i}`, room: room.id, content: `@${BENCH_COACH} point n°${i + 1} à regarder` });
      const parsed = postMessageAck.safeParse(answer);
      if (!parsed.success || !('message' in parsed.data)) throw new Error(`mention ${i} refusée : ${JSON.stringify(answer)}`);
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
}
