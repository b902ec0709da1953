import { describe, expect, it } from 'vitest';
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
