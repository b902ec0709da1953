import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjacentRoomId, switcherRooms, type NavRoom } from '../../../src/domain/room-navigation';

const room = (id: string, unread = 0): NavRoom => ({ id, name: id[0]!.toUpperCase() + id.slice(1), unread });
const ROOMS = [room('all'), room('forex', 3), room('indices'), room('crypto', 1), room('prime')];

describe('next and previous room (Alt+↑ / Alt+↓)', () => {
  it('moves one room in the list order and wraps round the ends', () => {
    expect(adjacentRoomId(ROOMS, 'forex', 1)).toBe('indices');
    expect(adjacentRoomId(ROOMS, 'forex', -1)).toBe('all');
    expect(adjacentRoomId(ROOMS, 'prime', 1)).toBe('all');
    expect(adjacentRoomId(ROOMS, 'all', -1)).toBe('prime');
  });

  it('starts from outside the list when no room (or an unknown one) is open', () => {
    expect(adjacentRoomId(ROOMS, null, 1)).toBe('all');
    expect(adjacentRoomId(ROOMS, 'partie', -1)).toBe('prime');
  });

  it('goes nowhere with one room or none', () => {
    expect(adjacentRoomId([room('all')], 'all', 1)).toBeNull();
    expect(adjacentRoomId([], null, -1)).toBeNull();
  });
});

describe('next and previous room with unread messages (Alt+Shift+↑ / Alt+Shift+↓)', () => {
  it('skips the rooms without a badge, wrapping round', () => {
    expect(adjacentRoomId(ROOMS, 'all', 1, true)).toBe('forex');
    expect(adjacentRoomId(ROOMS, 'forex', 1, true)).toBe('crypto');
    expect(adjacentRoomId(ROOMS, 'crypto', 1, true)).toBe('forex');
    expect(adjacentRoomId(ROOMS, 'indices', -1, true)).toBe('forex');
    expect(adjacentRoomId(ROOMS, 'all', -1, true)).toBe('crypto');
  });

  it('goes nowhere when only the open room, or no room, has unread messages', () => {
    expect(adjacentRoomId([room('all'), room('forex', 2)], 'forex', 1, true)).toBeNull();
    expect(adjacentRoomId([room('all'), room('forex')], 'all', -1, true)).toBeNull();
  });

  it('property: the room reached is another room, has unread messages, and no room between has any', () => {
    const rooms = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[a-z]{1,6}$/), name: fc.constant('x'), unread: fc.nat(3) }), { selector: (r) => r.id, maxLength: 8 });
    fc.assert(
      fc.property(rooms, fc.nat(10), fc.constantFrom(1 as const, -1 as const), fc.boolean(), (list, pick, step, unreadOnly) => {
        const current = list.length === 0 ? null : list[pick % list.length]!.id;
        const next = adjacentRoomId(list, current, step, unreadOnly);
        const others = list.filter((r) => r.id !== current && (!unreadOnly || r.unread > 0));
        if (others.length === 0) {
          expect(next).toBeNull();
          return;
        }
        expect(next).not.toBe(current);
        const at = list.findIndex((r) => r.id === current);
        // Walking from the current room the same way, the first candidate met is the one returned.
        let i = at;
        do i = (i + step + list.length) % list.length;
        while (!others.some((r) => r.id === list[i]!.id));
        expect(next).toBe(list[i]!.id);
        // And the opposite move from there comes back, when the start room is a candidate itself.
        if (!unreadOnly || list[at]!.unread > 0) expect(adjacentRoomId(list, next, step === 1 ? -1 : 1, unreadOnly)).toBe(current);
      }),
    );
  });
});

describe("the switcher's list", () => {
  it('puts the rooms with unread messages first while nothing is typed', () => {
    expect(switcherRooms(ROOMS, '').map((r) => r.id)).toEqual(['forex', 'crypto', 'all', 'indices', 'prime']);
  });

  it('ranks by the fuzzy match once something is typed', () => {
    expect(switcherRooms(ROOMS, 'ind').map((r) => r.id)).toEqual(['indices']);
    expect(switcherRooms(ROOMS, 'frx').map((r) => r.id)).toEqual(['forex']);
    expect(switcherRooms(ROOMS, 'zz')).toEqual([]);
  });
});
