import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMessageFields, type ChatMessage } from '../../../src/contract/chat';
import type { ComptoirDatabase } from '../../../src/store/database';
import { FOLD_WRITE_CHUNK, foldChatEvents, newInBadge, type ChatEvent } from '../../../src/sync/fold-chat-event';
import { fromDoc, visibleMessage } from '../../../src/sync/message-state';
import { queueMessage } from '../../../src/sync/outbox';
import { openMemoryDatabase } from '../store/memory-database';

/**
 * A small server: it runs operations on one room and emits the events the real server would,
 * each stamped with the room's change sequence. Folding its events in any order, with repeats,
 * must give the store that folding them in order gives.
 */
type Operation =
  | { op: 'post'; author: number; parent: number | null }
  | { op: 'like'; target: number; delta: 1 | -1 }
  | { op: 'delete'; target: number }
  | { op: 'pin'; target: number }
  | { op: 'edit'; target: number };

function runServer(operations: Operation[]): ChatEvent[] {
  let seq = 0;
  const messages: ChatMessage[] = [];
  const events: ChatEvent[] = [];
  const live = () => messages.filter((m) => !deleted.has(m._id));
  const deleted = new Set<string>();
  for (const operation of operations) {
    const targets = live();
    if (operation.op === 'post') {
      const parent = operation.parent === null || targets.length === 0 ? null : targets[operation.parent % targets.length]!;
      const topParent = parent && parent.parentMessage === null ? parent : null;
      seq += 1;
      const message: ChatMessage = {
        _id: `m${messages.length}`,
        clientId: `client-${messages.length}`,
        room: 'forex',
        parentMessage: topParent?._id ?? null,
        alertId: null,
        content: `message ${messages.length}`,
        date: new Date(Date.UTC(2026, 10, 23, 9, 0, messages.length)).toISOString(),
        seq,
        sender: { id: operation.author, _id: String(operation.author), firstName: 'A', username: `u${operation.author}`, picture: null, mention: null },
        ...freshMessageFields(),
      };
      messages.push(message);
      events.push({ type: 'MessageReceived', message: structuredClone(message), forViewer: false });
      if (topParent) {
        seq += 1;
        topParent.repliesCount += 1;
        topParent.repliesPictures = [`p${operation.author}`, ...topParent.repliesPictures.filter((p) => p !== `p${operation.author}`)].slice(0, 3);
        events.push({ type: 'ThreadIncreased', _id: topParent._id, room: 'forex', repliesCount: topParent.repliesCount, repliesPictures: topParent.repliesPictures, seq });
      }
    } else if (targets.length > 0) {
      const target = targets[operation.target % targets.length]!;
      seq += 1;
      if (operation.op === 'like') {
        target.likesCount = Math.max(0, target.likesCount + operation.delta);
        events.push({ type: 'LikeCountChanged', _id: target._id, room: 'forex', likesCount: target.likesCount, seq });
      } else if (operation.op === 'edit') {
        // The server answers and broadcasts the whole message, read at the edit's seq.
        target.content = `${target.content} (corrigé à ${seq})`;
        target.editedAt = new Date(Date.UTC(2026, 10, 23, 10, 0, seq)).toISOString();
        target.seq = seq;
        events.push({ type: 'MessageEdited', message: structuredClone(target) });
      } else if (operation.op === 'pin') {
        target.pinned = !target.pinned;
        target.title = target.pinned ? 'Plan' : null;
        events.push({ type: 'PinChanged', _id: target._id, room: 'forex', pinned: target.pinned, title: target.title, seq });
      } else {
        deleted.add(target._id);
        events.push({ type: 'MessageDeleted', _id: target._id, room: 'forex', seq });
      }
    }
  }
  return events;
}

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('post' as const), author: fc.integer({ min: 1, max: 3 }), parent: fc.option(fc.nat(20), { nil: null }) }),
  fc.record({ op: fc.constant('like' as const), target: fc.nat(20), delta: fc.constantFrom(1 as const, -1 as const) }),
  fc.record({ op: fc.constant('delete' as const), target: fc.nat(20) }),
  fc.record({ op: fc.constant('pin' as const), target: fc.nat(20) }),
  fc.record({ op: fc.constant('edit' as const), target: fc.nat(20) }),
);

/** The store as the views see it: each stream's visible messages in order. */
async function snapshot(db: ComptoirDatabase) {
  const docs = await db.messages.find({ sort: [{ _id: 'asc' }] }).exec();
  return docs.map((d) => {
    const json = d.toMutableJSON();
    return { id: json._id, stream: json.stream, rev: json.rev, threadKey: json.threadKey, pinKey: json.pinKey, message: visibleMessage(fromDoc(json)) };
  });
}

// One database for the file (FACTS.md: at most 13 collections per process), emptied between runs.
let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());
const fresh = async () => {
  await Promise.all([db.messages.find().remove(), db.outbox.find().remove()]);
  return db;
};

describe('chat fold', () => {
  it('gives the same store for any permutation, duplication and batching of the events', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 25 }).chain((ops) => {
          const events = runServer(ops);
          const indexes = fc.array(fc.nat(Math.max(0, events.length - 1)), { maxLength: events.length });
          return fc.tuple(
            fc.constant(events),
            fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
            indexes,
            fc.integer({ min: 1, max: 5 }),
          );
        }),
        async ([events, shuffled, repeats, batch]) => {
          const inOrder = await fresh();
          for (const event of events) await foldChatEvents(inOrder, [event]);
          const expected = await snapshot(inOrder);
          const scrambled = await fresh();
          const withRepeats = [...shuffled, ...repeats.map((i) => events[i]!)];
          for (let i = 0; i < withRepeats.length; i += batch) await foldChatEvents(scrambled, withRepeats.slice(i, i + batch));
          expect(await snapshot(scrambled)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('shows the newest text of an edited message, whatever order its post and edits come in', async () => {
    await fresh();
    const events = runServer([
      { op: 'post', author: 2, parent: null },
      { op: 'like', target: 0, delta: 1 },
      { op: 'edit', target: 0 },
      { op: 'pin', target: 0 },
      { op: 'edit', target: 0 },
    ]);
    // The edits first, the post last: the post's older text never comes back.
    await foldChatEvents(db, [...events].reverse());
    const [doc] = await db.messages.find().exec();
    const shown = visibleMessage(fromDoc(doc!.toMutableJSON()));
    expect(shown?.content).toBe('message 0 (corrigé à 3) (corrigé à 5)');
    expect(shown?.editedAt).toBe(new Date(Date.UTC(2026, 10, 23, 10, 0, 5)).toISOString());
    expect([shown?.likesCount, shown?.pinned]).toEqual([1, true]);
  });

  it('replaces a pending message by its echo exactly once, whatever arrives first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat(3), async (echoFirst, echoRepeats) => {
        await fresh();
        const [echo] = runServer([{ op: 'post', author: 2, parent: null }]) as [Extract<ChatEvent, { type: 'MessageReceived' }>];
        const draft = { clientId: echo.message.clientId!, room: 'forex', parentMessage: null, content: echo.message.content, attachments: [] };
        if (echoFirst) await foldChatEvents(db, [echo]);
        await queueMessage(db, draft, 1);
        for (let i = 0; i <= echoRepeats; i += 1) await foldChatEvents(db, [echo]);
        await queueMessage(db, draft, 2);
        expect(await db.outbox.count().exec()).toBe(0);
        const shown = await db.messages.find({ selector: { stream: 'room:forex' } }).exec();
        expect(shown.map((d) => d._id)).toEqual([echo.message._id]);
      }),
      { numRuns: 20 },
    );
  });

  it("writes a burst's batch in chunks, every message stored once and its pending entry gone", async () => {
    await fresh();
    const posts = runServer(Array.from({ length: FOLD_WRITE_CHUNK * 3 + 5 }, () => ({ op: 'post' as const, author: 2, parent: null })));
    await queueMessage(db, { clientId: 'client-40', room: 'forex', parentMessage: null, content: 'message 40', attachments: [] }, 1);
    const writes: number[] = [];
    const bulkUpsert = db.messages.bulkUpsert.bind(db.messages);
    db.messages.bulkUpsert = (docs) => {
      writes.push(docs.length);
      return bulkUpsert(docs);
    };
    try {
      await foldChatEvents(db, posts, FOLD_WRITE_CHUNK);
    } finally {
      delete (db.messages as { bulkUpsert?: unknown }).bulkUpsert;
    }
    expect(writes).toEqual([FOLD_WRITE_CHUNK, FOLD_WRITE_CHUNK, FOLD_WRITE_CHUNK, 5]);
    expect(await db.messages.count({ selector: { stream: 'room:forex' } }).exec()).toBe(posts.length);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('keeps a pending message until its echo, and a deletion wins over a late copy', async () => {
    await fresh();
    const [echo] = runServer([{ op: 'post', author: 2, parent: null }]) as [Extract<ChatEvent, { type: 'MessageReceived' }>];
    await queueMessage(db, { clientId: 'autre-client-id', room: 'forex', parentMessage: null, content: 'en attente', attachments: [] }, 1);
    await foldChatEvents(db, [{ type: 'MessageDeleted', _id: echo.message._id, room: 'forex', seq: 9 }, echo]);
    expect(await db.outbox.count().exec()).toBe(1);
    expect(await db.messages.count({ selector: { stream: 'room:forex' } }).exec()).toBe(0);
  });
});

describe("a room's coalesced badge", () => {
  it('adds exactly the messages after what the store counted, however the batch straddles it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(500), { minLength: 1, maxLength: 50 }), fc.nat(520), (seqs, counted) => {
        const event = { count: seqs.length, seq: Math.max(...seqs), seqs };
        expect(newInBadge(event, counted)).toBe(seqs.filter((seq) => seq > counted).length);
      }),
    );
  });

  it('without its seqs, counts all of it or none by its newest; without a seq, all of it', () => {
    expect(newInBadge({ count: 4, seq: 10 }, 9)).toBe(4);
    expect(newInBadge({ count: 4, seq: 10 }, 10)).toBe(0);
    expect(newInBadge({ count: 2, seq: undefined }, 50)).toBe(2);
  });
});
