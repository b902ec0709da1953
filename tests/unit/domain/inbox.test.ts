import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InboxMention, ThreadRead } from '../../../src/contract/inbox';
import { applyInboxEvent, EMPTY_INBOX, inboxEntries, inboxHref, type InboxEvent } from '../../../src/domain/inbox';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();
const thread = (over: Partial<ThreadRead> = {}): ThreadRead => ({
  parentMessage: 'p1',
  room: 'forex',
  following: true,
  readUpTo: null,
  unread: 1,
  version: 1,
  newest: { date: at(5), _id: 'r1' },
  excerpt: 'Un fil',
  ...over,
});
const mention = (id: string, minute: number, over: Partial<InboxMention> = {}): InboxMention => ({
  _id: id,
  room: 'forex',
  parentMessage: null,
  date: at(minute),
  author: 'coach',
  excerpt: `@vip ${id}`,
  ...over,
});
const rooms = [
  { id: 'forex', name: 'Forex', canRead: true, unread: 2 },
  { id: 'indices', name: 'Indices', canRead: true, unread: 0 },
  { id: 'prime', name: 'Prime', canRead: false, unread: 3 },
];

describe('the inbox fold (issue 21)', () => {
  it('keeps the newest version of a thread, whatever order the states arrive in, and drops it once read', () => {
    const states = [thread({ version: 1, unread: 1 }), thread({ version: 2, unread: 2 }), thread({ version: 3, unread: 0, readUpTo: { date: at(6), _id: 'r2' } })];
    fc.assert(
      fc.property(fc.shuffledSubarray(states, { minLength: 3, maxLength: 3 }), fc.boolean(), (order, twice) => {
        const events: InboxEvent[] = order.map((state) => ({ type: 'thread.read', state }));
        const folded = (twice ? [...events, ...events] : events).reduce(applyInboxEvent, EMPTY_INBOX);
        // Version 3 says "read": whichever came last, the thread is not listed.
        expect(folded.threads).toEqual([states[2]]);
        expect(inboxEntries(folded, rooms).filter((e) => e.kind === 'thread')).toEqual([]);
      }),
    );
    const unread = [thread({ version: 2, unread: 2 }), thread({ version: 1 })].map((state): InboxEvent => ({ type: 'thread.read', state })).reduce(applyInboxEvent, EMPTY_INBOX);
    expect(unread.threads).toEqual([thread({ version: 2, unread: 2 })]);
  });

  it('reads a mention when its room or its thread is read past it, and never lists one twice', () => {
    const inRoom = mention('m1', 3);
    const later = mention('m2', 9);
    const inThread = mention('m3', 4, { parentMessage: 'p1' });
    let inbox = [inRoom, later, inThread, inRoom].map((m): InboxEvent => ({ type: 'mention.received', mention: m })).reduce(applyInboxEvent, EMPTY_INBOX);
    expect(inbox.mentions.map((m) => m._id).sort()).toEqual(['m1', 'm2', 'm3']);
    inbox = applyInboxEvent(inbox, { type: 'room.read', state: { room: 'forex', readUpTo: { date: at(5), _id: 'x' }, unread: 1, version: 4 } });
    expect(inbox.mentions.map((m) => m._id).sort()).toEqual(['m2', 'm3']);
    inbox = applyInboxEvent(inbox, { type: 'thread.read', state: thread({ version: 2, unread: 0, readUpTo: { date: at(4), _id: 'm3' } }) });
    expect(inbox.mentions.map((m) => m._id)).toEqual(['m2']);
  });

  it('lists rooms, followed threads and mentions newest first, only in rooms the member reads, each opening its message', () => {
    const inbox = {
      rooms: [{ room: 'forex', unread: 2, firstUnread: { date: at(1), _id: 'f1' }, newest: { date: at(2), _id: 'f2' } }],
      threads: [thread({ newest: { date: at(7), _id: 'r1' } }), thread({ parentMessage: 'p2', room: 'prime' })],
      mentions: [mention('m1', 8), mention('m2', 6, { parentMessage: 'p1' }), mention('m3', 9, { room: 'prime' })],
    };
    const entries = inboxEntries(inbox, rooms);
    expect(entries.map((e) => e.key)).toEqual(['mention:m1', 'thread:p1', 'mention:m2', 'room:forex']);
    expect(entries.map((e) => inboxHref(e))).toEqual([
      '/chat?room=Forex&message=m1',
      '/chat?room=Forex&message=p1',
      '/chat?room=Forex&message=p1',
      '/chat?room=Forex',
    ]);
    expect(entries[2]).toMatchObject({ kind: 'mention', thread: 'p1' });
    // A room whose badge rose after the server's answer has no date yet: it is the newest.
    const fresh = inboxEntries(EMPTY_INBOX, [{ id: 'indices', name: 'Indices', canRead: true, unread: 1 }]);
    expect(fresh).toMatchObject([{ key: 'room:indices', date: null, unread: 1 }]);
  });
});
