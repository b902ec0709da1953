import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/contract/chat';
import type { ComptoirDatabase } from '../../../src/store/database';
import { outboxQuery, pinsQuery, roomsQuery, threadsQuery, window$, windowQuery } from '../../../src/store/chat-queries';
import { foldChatEvents } from '../../../src/sync/fold-chat-event';
import { revOf } from '../../../src/sync/message-state';
import { openMemoryDatabase } from './memory-database';
import { holdLive, releaseLive } from '../../../src/store/live-tail';
import { roomMessage as message } from './chat-fixtures';

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());


describe('chat queries', () => {
  it('serve every hot query from an index, sort included (FACTS.md)', () => {
    const plans = {
      window: windowQuery(db, 'room:forex', 50, null),
      windowBefore: windowQuery(db, 'room:forex', 50, revOf('2026-11-20T10:00:00.000Z')),
      threads: threadsQuery(db, 'room:forex', 50),
      pins: pinsQuery(db, 'room:forex'),
      outbox: outboxQuery(db, 'room:forex'),
      rooms: roomsQuery(db),
    };
    for (const [name, query] of Object.entries(plans)) {
      const plan = query.getPreparedQuery().queryPlan;
      expect({ name, sorted: plan.sortSatisfiedByIndex }).toEqual({ name, sorted: true });
      // RxDB puts `_deleted` first and the primary key last: the index between is one of ours.
      expect(plan.index.length).toBeGreaterThan(2);
    }
  });

  it('gives the newest window, oldest at the top, within the contiguous history only', async () => {
    await foldChatEvents(db, Array.from({ length: 300 }, (_, i) => ({ type: 'MessageReceived' as const, message: message(i), forViewer: true })));
    await foldChatEvents(db, Array.from({ length: 20 }, (_, i) => ({ type: 'MessageReceived' as const, message: message(i, 'crypto'), forViewer: true })));
    const latest = await firstValueFrom(window$(db, 'room:forex', 50, null));
    expect(latest.rows.map((m) => m._id)).toEqual(Array.from({ length: 50 }, (_, i) => `forex-${250 + i}`));
    // One older row rides along for the first row's header, and says the range goes on.
    expect({ context: latest.context?._id, more: latest.more }).toEqual({ context: 'forex-249', more: true });
    // The client holds 100..299 contiguously; older messages it knows (a pin, a search hit) wait
    // outside the list until the history reaches them.
    const wide = await firstValueFrom(window$(db, 'room:forex', 1000, revOf(message(100).date)));
    expect(wide.rows.map((m) => m._id)).toEqual(Array.from({ length: 200 }, (_, i) => `forex-${100 + i}`));
    expect({ context: wide.context, more: wide.more }).toEqual({ context: null, more: false });
  });

  it('shows messages heard live before their batch is stored, each once, the newest window only (issue 16)', async () => {
    const seen: string[][] = [];
    const watch = window$(db, 'room:crypto', 5, null).subscribe((w) => seen.push(w.rows.map((m) => m._id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = [message(20, 'crypto'), message(21, 'crypto')];
    holdLive(db, 'room:crypto', live);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.at(-1)).toEqual(['crypto-17', 'crypto-18', 'crypto-19', 'crypto-20', 'crypto-21']);
    // Stored while still held: shown once, by the store.
    await foldChatEvents(db, live.map((m) => ({ type: 'MessageReceived' as const, message: m, forViewer: false })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)).toEqual(['crypto-17', 'crypto-18', 'crypto-19', 'crypto-20', 'crypto-21']);
    releaseLive(db, new Set(live.map((m) => m._id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)).toEqual(['crypto-17', 'crypto-18', 'crypto-19', 'crypto-20', 'crypto-21']);
    for (const rows of seen) expect(new Set(rows).size).toBe(rows.length);
    // A window read further up (a jump) never takes them.
    holdLive(db, 'room:crypto', [message(22, 'crypto')]);
    const jumped = await firstValueFrom(window$(db, 'room:crypto', 5, null, revOf(message(19, 'crypto').date)));
    expect(jumped.rows.map((m) => m._id)).not.toContain('crypto-22');
    releaseLive(db, new Set(['crypto-22']));
    watch.unsubscribe();
  });

  it('shows the messages heard while the page was busy together, in one emission, and never one folded before it showed', async () => {
    const seen: string[][] = [];
    const watch = window$(db, 'room:options', 10, null).subscribe((w) => seen.push(w.rows.map((m) => m._id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = seen.length;
    // Three socket frames handled before the page gets to show any of them.
    holdLive(db, 'room:options', [message(30, 'options')]);
    holdLive(db, 'room:options', [message(31, 'options')]);
    holdLive(db, 'room:options', [message(32, 'options'), message(33, 'options')]);
    expect(seen.length).toBe(before);
    // Folded (stored or not) before it was shown: it never shows.
    releaseLive(db, new Set(['options-31']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.slice(before)).toEqual([['options-30', 'options-32', 'options-33']]);
    releaseLive(db, new Set(['options-30', 'options-32', 'options-33']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.at(-1)).toEqual([]);
    watch.unsubscribe();
  });

  it("keeps a heard message's object once it is stored as heard: its window emits nothing more for it (issue 22)", async () => {
    await foldChatEvents(db, Array.from({ length: 3 }, (_, i) => ({ type: 'MessageReceived' as const, message: message(i, 'indices'), forViewer: true })));
    const seen: { _id: string }[][] = [];
    const watch = window$(db, 'room:indices', 5, null).subscribe((w) => seen.push(w.rows));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = [message(3, 'indices'), message(4, 'indices')];
    holdLive(db, 'room:indices', live);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const emitted = seen.length;
    await foldChatEvents(db, live.map((m) => ({ type: 'MessageReceived' as const, message: m, forViewer: false })));
    releaseLive(db, new Set(live.map((m) => m._id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(emitted);
    expect(seen.at(-1)!.slice(-2)).toEqual(live);
    expect(seen.at(-1)![3]).toBe(live[0]);
    // A message stored otherwise than it was heard (edited meanwhile) is shown as stored.
    const heard = message(5, 'indices');
    holdLive(db, 'room:indices', [heard]);
    await foldChatEvents(db, [{ type: 'MessageReceived' as const, message: { ...heard, content: 'Corrigé', editedAt: heard.date, seq: heard.seq + 1 }, forViewer: false }]);
    releaseLive(db, new Set([heard._id]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)!.at(-1)).toMatchObject({ _id: heard._id, content: 'Corrigé' });
    watch.unsubscribe();
  });
});
