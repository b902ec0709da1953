import { describe, expect, it } from 'vitest';
import type { Inbox } from '../../../src/contract/inbox';
import type { ApiClient } from '../../../src/sync/api-client';
import { createInboxSync, INBOX_FRESH_MS } from '../../../src/sync/inbox-sync';
import type { SocketTransport } from '../../../src/sync/socket-transport';
import { readKv } from '../../../src/sync/fold-chat-event';
import { INBOX_KEY } from '../../../src/store/inbox-queries';
import { memoryDatabasePerFile } from '../store/memory-database';

const store = memoryDatabasePerFile();

/** The inbox sync on the memory store, its API answering an empty inbox and counting the reads; a socket that never speaks. */
function inboxSync() {
  let clock = 1_000_000;
  let reads = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const api = {
    request: async () => {
      reads += 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, data: { rooms: [], threads: [], mentions: [] } };
    },
  } as unknown as ApiClient;
  const socket = { on: () => () => {}, onConnect: () => () => {} } as unknown as SocketTransport;
  const sync = createInboxSync({ db: store.db, socket, api, serial: (work) => work(), now: () => clock });
  return {
    sync,
    reads: () => reads,
    advance: (ms: number) => (clock += ms),
    holdNext: () => (hold = true),
    answer: () => {
      hold = false;
      release?.();
    },
  };
}

describe('the inbox read when it opens', () => {
  it('asks again only once the last read is older than a moment, and never beside a read under way', async () => {
    const t = inboxSync();
    await t.sync.refresh();
    expect(t.reads()).toBe(1);
    expect(await readKv(store.db, INBOX_KEY)).not.toBeNull();
    // Opened just after: the inbox read a moment ago is shown, not asked again.
    await t.sync.refreshIfStale();
    expect(t.reads()).toBe(1);
    t.advance(INBOX_FRESH_MS);
    t.holdNext();
    const first = t.sync.refreshIfStale();
    const second = t.sync.refreshIfStale();
    expect(t.reads()).toBe(2);
    t.answer();
    await Promise.all([first, second]);
    // A (re)connection always reads it whole.
    await t.sync.refresh();
    expect(t.reads()).toBe(3);
  });
});

describe('the inbox read whole while events come', () => {
  it('keeps a mention heard while its answer, made before it, was on the way', async () => {
    const t = inboxSync();
    t.holdNext();
    const reading = t.sync.refresh();
    const mention = { _id: 'm-live', room: 'crypto', parentMessage: null, date: '2026-11-28T10:00:00.000Z', author: 'coach', excerpt: '@vip Sur mobile' };
    await t.sync.fold([{ type: 'mention.received', mention }]);
    // The answer (an empty inbox) was made before the mention: it must not take it away.
    t.answer();
    await reading;
    expect((await readKv<Inbox>(store.db, INBOX_KEY))?.mentions.map((m) => m._id)).toEqual(['m-live']);
    // Heard after the read, folded once (never twice on a later read).
    await t.sync.refresh();
    expect((await readKv<Inbox>(store.db, INBOX_KEY))?.mentions).toEqual([]);
  });
});
