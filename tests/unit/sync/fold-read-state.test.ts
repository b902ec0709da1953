import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomRead } from '../../../src/contract/read-state';
import type { ComptoirDatabase } from '../../../src/store/database';
import { foldRooms, readKv } from '../../../src/sync/fold-chat-event';
import { foldRoomReads, newerRead, readStateKey } from '../../../src/sync/fold-read-state';
import { openMemoryDatabase } from '../store/memory-database';

const state = (room: string, version: number, unread: number, second: number | null): RoomRead => ({
  room,
  version,
  unread,
  readUpTo: second === null ? null : { date: new Date(Date.UTC(2026, 10, 26, 9, 0, second)).toISOString(), _id: `m${second}` },
});
const ROOM = (id: string, position: number) => ({
  id,
  attributes: { name: id, icon: null, canRead: true, canWrite: true, canSendAttachments: true, slowModeSeconds: 0 },
  position,
});

describe('the read state fold (issue 21)', () => {
  let db: ComptoirDatabase;
  beforeAll(async () => {
    db = await openMemoryDatabase();
    await foldRooms(db, [ROOM('forex', 0), ROOM('indices', 1)].map(({ position: _, ...room }) => room));
  });
  afterAll(() => db.close());

  it('keeps the highest version, whatever order the states arrive in', () => {
    const a = state('forex', 1, 4, 10);
    const b = state('forex', 2, 0, 20);
    expect(newerRead(newerRead(null, a), b)).toBe(b);
    expect(newerRead(newerRead(null, b), a)).toBe(b);
    // An explicit unread is a newer version: it goes back.
    const unread = state('forex', 3, 7, 5);
    expect(newerRead(b, unread)).toBe(unread);
  });

  it('is idempotent and order-independent in the store, and sets the room badge', async () => {
    const versions = fc.array(fc.record({ version: fc.integer({ min: 0, max: 20 }), unread: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(versions, fc.integer({ min: 0, max: 1000 }), async (drawn, seed) => {
        // One observation per version (the server gives each version one position).
        const byVersion = new Map(drawn.map((d) => [d.version, state('indices', d.version, d.unread, d.version)]));
        const states = [...byVersion.values()];
        const shuffled = [...states, ...states].sort((x, y) => ((x.version * 31 + seed) % 7) - ((y.version * 31 + seed) % 7));
        await db.kv.bulkRemove([readStateKey('indices')]);
        for (const one of shuffled) await foldRoomReads(db, [one]);
        const newest = states.reduce((best, s) => (s.version > best.version ? s : best));
        expect(await readKv<RoomRead>(db, readStateKey('indices'))).toEqual(newest);
        expect((await db.rooms.findOne('indices').exec())?.unread).toBe(newest.unread);
      }),
      { numRuns: 25 },
    );
  });

  it("gives a room new to the store the badge of a state folded before it", async () => {
    await foldRoomReads(db, [state('crypto', 1, 12, 3)]);
    await foldRooms(db, [ROOM('forex', 0), ROOM('indices', 1), ROOM('crypto', 2)].map(({ position: _, ...room }) => room));
    expect((await db.rooms.findOne('crypto').exec())?.unread).toBe(12);
  });
});
