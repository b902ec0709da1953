import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DRAFT_SAVE_MS } from '../../../src/domain/chat-limits';
import { draftKey, draftStreams$, readDrafts } from '../../../src/store/draft-queries';
import { openDraftStore } from '../../../src/sync/drafts';
import { memoryDatabasePerFile } from '../store/memory-database';

const store = memoryDatabasePerFile();

/** Timers the test runs by hand: the debounce without waiting for it. */
function manualTimers() {
  let next = 0;
  const due = new Map<number, { run: () => void; ms: number }>();
  return {
    timers: {
      set: (run: () => void, ms: number) => {
        next += 1;
        due.set(next, { run, ms });
        return next;
      },
      clear: (handle: unknown) => void due.delete(handle as number),
    },
    pending: () => [...due.values()],
    fire() {
      const all = [...due.values()];
      due.clear();
      for (const timer of all) timer.run();
    },
  };
}
const stored = async (stream: string) => (await store.db.kv.findOne(draftKey(stream)).exec())?.toJSON().value ?? null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('drafts per stream', () => {
  it('keeps keystrokes in memory and writes the store once, after the pause', async () => {
    const clock = manualTimers();
    const drafts = await openDraftStore(store.db, clock.timers);
    drafts.change('room:Forex', 'A');
    drafts.change('room:Forex', 'Ac');
    drafts.change('room:Forex', 'Achat EURUSD');
    expect(drafts.peek('room:Forex')).toBe('Achat EURUSD');
    // One timer for the stream, restarted by each key; nothing written yet.
    expect(clock.pending()).toEqual([{ run: expect.any(Function), ms: DRAFT_SAVE_MS }]);
    expect(await stored('room:Forex')).toBeNull();
    clock.fire();
    await drafts.flush();
    expect(await stored('room:Forex')).toBe('Achat EURUSD');
  });

  it('opens with what the store kept (a reload), each stream its own', async () => {
    const clock = manualTimers();
    const first = await openDraftStore(store.db, clock.timers);
    first.change('room:Forex', 'Forex en cours');
    first.change('thread:m1', 'Réponse au fil');
    await first.flush();
    const reloaded = await openDraftStore(store.db, clock.timers);
    expect(reloaded.peek('room:Forex')).toBe('Forex en cours');
    expect(reloaded.peek('thread:m1')).toBe('Réponse au fil');
    expect(reloaded.peek('room:Indices')).toBe('');
    expect(await readDrafts(store.db)).toEqual(new Map([['room:Forex', 'Forex en cours'], ['thread:m1', 'Réponse au fil']]));
  });

  it('removes an emptied draft after the pause and a sent one at once', async () => {
    const clock = manualTimers();
    const drafts = await openDraftStore(store.db, clock.timers);
    drafts.change('room:Forex', 'à effacer');
    drafts.change('room:Indices', 'à envoyer');
    await drafts.flush();
    drafts.change('room:Forex', '  ');
    clock.fire();
    await drafts.flush();
    expect(await stored('room:Forex')).toBeNull();
    // A send while a save still waits: the late save never brings the sent text back.
    drafts.change('room:Indices', 'à envoyer !');
    await drafts.clear('room:Indices');
    expect(clock.pending()).toEqual([]);
    expect(await stored('room:Indices')).toBeNull();
    expect(drafts.peek('room:Indices')).toBe('');
  });

  it('marks the streams with a draft, only when that set changes', async () => {
    const clock = manualTimers();
    const drafts = await openDraftStore(store.db, clock.timers);
    const seen: string[][] = [];
    const subscription = draftStreams$(store.db).subscribe((streams) => seen.push([...streams]));
    await settle();
    drafts.change('room:Forex', 'un');
    await drafts.flush();
    drafts.change('room:Forex', 'un deux');
    await drafts.flush();
    await drafts.clear('room:Forex');
    await settle();
    subscription.unsubscribe();
    expect(seen).toEqual([[], ['room:Forex'], []]);
    await expect(firstValueFrom(draftStreams$(store.db))).resolves.toEqual(new Set());
  });
});
