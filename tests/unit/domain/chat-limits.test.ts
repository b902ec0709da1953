import { describe, expect, it } from 'vitest';
import { BUSY_STREAM_MS, followNewRows } from '../../../src/domain/chat-limits';

describe('followNewRows', () => {
  it('follows rows that come now and then smoothly, a busy stream at once', () => {
    expect(followNewRows(true, false, BUSY_STREAM_MS)).toBe('smooth');
    expect(followNewRows(true, false, Infinity)).toBe('smooth');
    expect(followNewRows(true, false, BUSY_STREAM_MS - 1)).toBe('auto');
    expect(followNewRows(true, false, 0)).toBe('auto');
  });

  it('never moves a reader above the end, or in a window slid up the history', () => {
    for (const since of [0, BUSY_STREAM_MS, Infinity]) {
      expect(followNewRows(false, false, since)).toBe(false);
      expect(followNewRows(true, true, since)).toBe(false);
    }
  });
});
