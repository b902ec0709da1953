import { join } from 'node:path';
import { CLIENT_EVENTS, SERVER_EVENTS, editMessageAck, postMessageAck } from '../../src/contract/chat';
import { copyProfile, launchProfile, paintedAt } from './bench-browser';
import { chatPath, type BenchRun } from './bench-run';
import { openSocket } from './burst-senders';
import { BENCH_SENDERS } from './seed-bench-data';

export type EditSamples = { ms: number[]; floors: number[] };

declare global {
  interface Window {
    /** The next edit's paint, watched by `edit_to_paint_ms` (wall-clock ms). */
    __editPainted?: Promise<number>;
  }
}

/**
 * `edit_to_paint_ms` (issue 22): in a copy of the prepared profile the heavy room is open at its
 * newest rows; another member (a socket in node, as their browser's would be) posts there, then
 * edits that message again and again. Each sample runs from the edit sent to its new text painted
 * in the log (two frames after the text changed in the row), both on the wall clock. Floor: the
 * same edit's 'message edited' received by a plain socket.io client in node (the server and the
 * network, nothing of the page).
 */
export async function editsToPaint(run: BenchRun): Promise<EditSamples> {
  const ms: number[] = [];
  const floors: number[] = [];
  const { warmup, runs } = run.config.edits;
  const dir = join(run.scratchDir, 'edit');
  copyProfile(run.profileDir, dir);
  const context = await launchProfile(dir, run.url);
  const editor = await openSocket(run.url, BENCH_SENDERS[0]!);
  const watcher = await openSocket(run.url, BENCH_SENDERS[1]!);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(chatPath(run.big));
    await paintedAt(page, run.big.newestIds[0]!);
    await watcher.timeout(10_000).emitWithAck(CLIENT_EVENTS.join, { room: run.big.id });
    const posted = postMessageAck.parse(await editor.timeout(10_000).emitWithAck(CLIENT_EVENTS.post, { clientId: `bench-edit-${Date.now()}`, room: run.big.id, content: 'Niveau à corriger : 0' }));
    if (!('message' in posted)) throw new Error(`message à modifier refusé : ${'error' in posted ? posted.error : 'retenu'}`);
    const id = posted.message._id;
    await paintedAt(page, id);

    for (let i = 0; i < warmup + runs; i += 1) {
      const text = `Niveau corrigé n° ${i + 1}`;
      await page.evaluate(
        ([rowId, wanted]) => {
          window.__editPainted = new Promise<number>((resolve) => {
            const done = () => {
              mutations.disconnect();
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now())));
            };
            const shows = () => document.querySelector(`[role="log"] [data-id="${rowId}"]`)?.textContent?.includes(wanted) ?? false;
            const mutations = new MutationObserver(() => {
              if (shows()) done();
            });
            mutations.observe(document.body, { subtree: true, childList: true, characterData: true });
          });
        },
        [id, text] as const,
      );
      const heard = new Promise<number>((resolve) => {
        const listener = (message: { _id?: string; content?: string }) => {
          if (message._id !== id || message.content !== text) return;
          watcher.off(SERVER_EVENTS.edited, listener);
          resolve(Date.now());
        };
        watcher.on(SERVER_EVENTS.edited, listener);
      });
      const sent = Date.now();
      const answer = editMessageAck.parse(await editor.timeout(10_000).emitWithAck(CLIENT_EVENTS.edit, { messageId: id, content: text }));
      if (!('message' in answer)) throw new Error(`modification refusée : ${answer.error}`);
      const painted = await page.evaluate(() => window.__editPainted!);
      const sample = painted - sent;
      const floor = (await heard) - sent;
      if (i >= warmup) {
        ms.push(sample);
        floors.push(floor);
      }
      run.log(`  modification ${i < warmup ? '(échauffement)' : i - warmup + 1} : ${sample.toFixed(0)} ms (plancher ${floor.toFixed(0)} ms)`);
    }
  } finally {
    editor.close();
    watcher.close();
    await context.close();
  }
  return { ms, floors };
}
