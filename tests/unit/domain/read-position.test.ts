import { describe, expect, it } from 'vitest';
import { comparePlaces, firstUnread, isAfter } from '../../../src/domain/read-position';

const at = (second: number, _id: string, sender = 2) => ({ _id, date: new Date(Date.UTC(2026, 10, 26, 9, 0, second)).toISOString(), sender: { id: sender } });

describe('a room read position (issue 21)', () => {
  it('orders messages by date, then id, as both sides list them', () => {
    expect(comparePlaces(at(1, 'b'), at(2, 'a'))).toBeLessThan(0);
    expect(comparePlaces(at(2, 'a'), at(2, 'b'))).toBeLessThan(0);
    expect(comparePlaces(at(2, 'b'), at(2, 'b'))).toBe(0);
    expect(isAfter(at(3, 'a'), at(2, 'z'))).toBe(true);
    expect(isAfter(at(2, 'a'), at(2, 'a'))).toBe(false);
    expect(isAfter(at(0, 'a'), null)).toBe(true);
  });

  it("finds the first message after the position that the reader did not write", () => {
    const rows = [at(1, 'a'), at(2, 'b'), at(3, 'c', 7), at(4, 'd'), at(5, 'e')];
    expect(firstUnread(rows, at(2, 'b'), 7)?._id).toBe('d');
    expect(firstUnread(rows, at(2, 'b'), 1)?._id).toBe('c');
    expect(firstUnread(rows, at(5, 'e'), 1)).toBeNull();
    expect(firstUnread(rows, null, 1)?._id).toBe('a');
  });
});
