import { describe, expect, it } from 'vitest';
import { parseRange } from '../../server/learning/byte-range';

describe('Range header (RFC 9110 §14)', () => {
  it.each([
    { header: undefined, range: null },
    { header: 'bytes=0-99', range: { start: 0, end: 99 } },
    { header: 'bytes=900-', range: { start: 900, end: 999 } },
    { header: 'bytes=900-5000', range: { start: 900, end: 999 } },
    { header: 'bytes=-100', range: { start: 900, end: 999 } },
    { header: 'bytes=-5000', range: { start: 0, end: 999 } },
    { header: 'bytes=1000-', range: 'unsatisfiable' },
    { header: 'bytes=-0', range: 'unsatisfiable' },
    { header: 'bytes=50-10', range: null },
    { header: 'bytes=0-1,5-9', range: null },
    { header: 'items=0-1', range: null },
    { header: 'bytes=-', range: null },
  ])('$header of 1000 bytes → $range', ({ header, range }) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });
});
