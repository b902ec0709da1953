import { describe, expect, it } from 'vitest';
import { banDisplayDate, showsHeader } from '../../../src/domain/message-grouping';

const at = (iso: string, id = 1) => ({ date: iso, sender: { id } });

describe('message grouping', () => {
  it('hides the header for the same author within 15 minutes only', () => {
    expect(showsHeader(null, at('2026-11-23T10:00:00Z'))).toBe(true);
    expect(showsHeader(at('2026-11-23T10:00:00Z'), at('2026-11-23T10:15:00Z'))).toBe(false);
    expect(showsHeader(at('2026-11-23T10:00:00Z'), at('2026-11-23T10:15:01Z'))).toBe(true);
    expect(showsHeader(at('2026-11-23T10:00:00Z', 1), at('2026-11-23T10:01:00Z', 2))).toBe(true);
  });
  it('shows the ban until its expiry plus two days', () => {
    expect(banDisplayDate(new Date('2026-11-28T09:00:00Z')).toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
});
