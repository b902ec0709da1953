import { describe, expect, it } from 'vitest';
import { banDisplayDate, listedRows, showsHeader, windowListing } from '../../../src/domain/message-grouping';

const at = (iso: string, id = 1) => ({ date: iso, sender: { id } });
/** A listed message at a local time (the browser's time zone, as the separators read it). */
const row = (id: string, hour: number, minute: number, day = 23, author = 1) => ({
  _id: id,
  date: new Date(2026, 10, day, hour, minute).toISOString(),
  sender: { id: author, _id: String(author) },
});

describe('message grouping', () => {
  it('hides the header for the same author within 15 minutes only', () => {
    expect(showsHeader(null, at('2026-11-23T10:00:00Z'))).toBe(true);
    expect(showsHeader(at('2026-11-23T10:00:00Z'), at('2026-11-23T10:15:00Z'))).toBe(false);
    expect(showsHeader(at('2026-11-23T10:00:00Z'), at('2026-11-23T10:15:01Z'))).toBe(true);
    expect(showsHeader(at('2026-11-23T10:00:00Z', 1), at('2026-11-23T10:01:00Z', 2))).toBe(true);
  });
  it('shows the header again on a new day, even for the same author a minute later', () => {
    const late = row('a', 23, 59);
    const early = row('b', 0, 0, 24);
    expect(showsHeader(late, early)).toBe(true);
    expect(listedRows([late, early], null, []).map((r) => [r.showDay, r.showHeader])).toEqual([
      [true, true],
      [true, true],
    ]);
  });
  it('puts a day separator above the first row of each day, the first row decided by the context row', () => {
    const rows = [row('a', 10, 0), row('b', 10, 5), row('c', 9, 0, 24), row('d', 9, 1, 24, 2), row('e', 8, 0, 26)];
    const listed = (context: ReturnType<typeof row> | null, blocked: string[] = []) =>
      listedRows(rows, context, blocked).map((r) => `${r.message._id}${r.showDay ? ' day' : ''}${r.showHeader ? ' header' : ''}`);
    expect(listed(null)).toEqual(['a day header', 'b', 'c day header', 'd header', 'e day header']);
    // The row just older than the window, on the same day and by the same author: nothing above 'a'.
    expect(listed(row('z', 9, 58))).toEqual(['a', 'b', 'c day header', 'd header', 'e day header']);
    expect(listed(row('z', 9, 58, 22))).toEqual(['a day header', 'b', 'c day header', 'd header', 'e day header']);
    // A blocked author's rows are not shown, so the day starts with the next row shown.
    expect(listed(null, ['1'])).toEqual(['d day header']);
  });
  it("lists a window but its oldest row, which decides the first one, unless the stream starts there", () => {
    const [z, a, b, c] = [row('z', 9, 0), row('a', 10, 0), row('b', 10, 5), row('c', 10, 9)];
    expect(windowListing([a, b, c], null, false)).toEqual({ rows: [b, c], context: a });
    expect(windowListing([a, b, c], z, false)).toEqual({ rows: [b, c], context: a });
    expect(windowListing([a, b, c], null, true)).toEqual({ rows: [a, b, c], context: null });
    // A lone row is listed, so a list is never empty while it holds a message.
    expect(windowListing([a], z, false)).toEqual({ rows: [a], context: z });
  });
  it('shows the ban until its expiry plus two days', () => {
    expect(banDisplayDate(new Date('2026-11-28T09:00:00Z')).toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });
});
