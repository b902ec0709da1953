import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropRooms, KEPT_ROOMS_MAX, NO_KEPT_ROOMS, showRoom, type KeptRooms } from '../../../../src/views/chat/kept-rooms';

/** The rooms the chat keeps mounted after the member left them (issue 21, `room_switch_ms`). */
describe('kept rooms', () => {
  const visit = (ids: string[], resume = true): KeptRooms => ids.reduce((kept, id) => showRoom(kept, id, resume), NO_KEPT_ROOMS);

  it('shows a kept room again as the same one when it may resume, and a new one in its place when not', () => {
    const kept = visit(['forex', 'indices']);
    const forex = kept.rooms.find((r) => r.id === 'forex')!;
    expect(showRoom(kept, 'forex', true).rooms.find((r) => r.id === 'forex')).toEqual(forex);
    const anew = showRoom(kept, 'forex', false).rooms.find((r) => r.id === 'forex')!;
    expect(anew.key).not.toBe(forex.key);
  });

  it('never moves a room that stays (its node would lose its scroll), new ones coming last', () => {
    const kept = visit(['forex', 'indices', 'crypto']);
    expect(showRoom(kept, 'forex', true).rooms.map((r) => r.id)).toEqual(['forex', 'indices', 'crypto']);
    expect(showRoom(kept, 'options', true).rooms.map((r) => r.id)).toEqual(['forex', 'indices', 'crypto', 'options']);
  });

  it(`keeps the ${KEPT_ROOMS_MAX} rooms shown last, the least recently shown going first`, () => {
    const kept = visit(['a', 'b', 'c', 'd', 'e', 'a', 'f']);
    expect(kept.rooms.map((r) => r.id).sort()).toEqual(['a', 'c', 'd', 'e', 'f']);
  });

  it('drops the rooms named, and nothing when none is kept', () => {
    const kept = visit(['forex', 'indices']);
    expect(dropRooms(kept, ['forex']).rooms.map((r) => r.id)).toEqual(['indices']);
    expect(dropRooms(kept, ['crypto'])).toBe(kept);
    // Dropped, then shown again: a new one.
    const again = showRoom(dropRooms(kept, ['forex']), 'forex', true);
    expect(again.rooms.find((r) => r.id === 'forex')!.key).not.toBe(kept.rooms.find((r) => r.id === 'forex')!.key);
  });

  it('holds each room once, the one shown always among them, at most the limit, with keys never reused', () => {
    const step = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), resume: fc.boolean(), drop: fc.boolean() });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let kept = NO_KEPT_ROOMS;
        const keys = new Map<number, string>();
        for (const { id, resume, drop } of steps) {
          kept = drop ? dropRooms(kept, [id]) : showRoom(kept, id, resume);
          const ids = kept.rooms.map((r) => r.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBeLessThanOrEqual(KEPT_ROOMS_MAX);
          if (!drop) expect(ids).toContain(id);
          for (const room of kept.rooms) {
            expect(keys.get(room.key) ?? room.id).toBe(room.id);
            keys.set(room.key, room.id);
          }
        }
      }),
    );
  });
});
