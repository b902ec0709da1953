import { DRAFT_SAVE_MS } from '../domain/chat-limits';
import type { ComptoirDatabase } from '../store/database';
import { draftKey, readDrafts } from '../store/draft-queries';

/**
 * The composers' drafts, one per stream. A keystroke only updates this page's memory and restarts
 * a timer; the store is written once the member pauses (`DRAFT_SAVE_MS`), so the composer's hot
 * path never waits on IndexedDB. A sent draft is removed at once, so a reload never brings back
 * what already left.
 */
export type DraftStore = {
  /** The stream's draft as this page knows it ('' for none): what a composer opens with. */
  peek(stream: string): string;
  /** The member typed: remembered now, stored after a pause (an empty text removes the draft). */
  change(stream: string, text: string): void;
  /** The draft was sent: removed now. */
  clear(stream: string): Promise<void>;
  /** Writes every change still waiting for its pause (the page is going away); resolves once all are stored. */
  flush(): Promise<void>;
};

export async function openDraftStore(
  db: ComptoirDatabase,
  timers: { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = DEFAULT_TIMERS,
): Promise<DraftStore> {
  const texts = await readDrafts(db);
  const waiting = new Map<string, unknown>();
  // One write at a time, in order: a late save can never land after the removal that followed it.
  let chain: Promise<void> = Promise.resolve();
  const write = (stream: string): Promise<void> => {
    const text = texts.get(stream) ?? '';
    chain = chain
      .then(() => (text.trim() === '' ? db.kv.bulkRemove([draftKey(stream)]).then(() => undefined) : db.kv.upsert({ key: draftKey(stream), value: text }).then(() => undefined)))
      // A closed store (signed out) takes nothing more; the draft is lost with it.
      .catch(() => undefined);
    return chain;
  };
  const cancel = (stream: string) => {
    const handle = waiting.get(stream);
    if (handle !== undefined) timers.clear(handle);
    waiting.delete(stream);
  };
  return {
    peek: (stream) => texts.get(stream) ?? '',
    change(stream, text) {
      texts.set(stream, text);
      cancel(stream);
      waiting.set(
        stream,
        timers.set(() => {
          waiting.delete(stream);
          void write(stream);
        }, DRAFT_SAVE_MS),
      );
    },
    clear(stream) {
      cancel(stream);
      texts.delete(stream);
      return write(stream);
    },
    async flush() {
      const streams = [...waiting.keys()];
      for (const stream of streams) cancel(stream);
      for (const stream of streams) void write(stream);
      // Saves whose pause already ended may still be on their way: wait for them too.
      await chain;
    },
  };
}

const DEFAULT_TIMERS = {
  set: (run: () => void, ms: number): unknown => setTimeout(run, ms),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
