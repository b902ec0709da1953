import { describe, expect, it } from 'vitest';
import { badgeKind, levelIn, levelNotifies, ROOM_LEVELS, type RoomNotice } from '../../../src/domain/notification-level';

const NOTICES: RoomNotice[] = ['message', 'coach-message', 'alert', 'mention', 'reply'];

describe('notification levels per room', () => {
  it('let through what each level names, and nothing at Rien', () => {
    const table = Object.fromEntries(ROOM_LEVELS.map((level) => [level, NOTICES.filter((notice) => levelNotifies(level, notice))]));
    expect(table).toEqual({
      all: ['message', 'coach-message', 'alert', 'mention', 'reply'],
      mentions: ['mention', 'reply'],
      coaches: ['coach-message', 'alert', 'mention', 'reply'],
      none: [],
    });
  });
  it('are nested: whatever Mentions lets through, Coachs seulement does; whatever that does, Tout does', () => {
    for (const [inner, outer] of [
      ['none', 'mentions'],
      ['mentions', 'coaches'],
      ['coaches', 'all'],
    ] as const) {
      for (const notice of NOTICES) if (levelNotifies(inner, notice)) expect(levelNotifies(outer, notice)).toBe(true);
    }
  });
  it('show a count at Tout, a dot at Mentions and Coachs seulement, nothing at Rien', () => {
    expect(ROOM_LEVELS.map(badgeKind)).toEqual(['count', 'dot', 'dot', 'none']);
  });
  it('default to Tout for a room without a choice', () => {
    expect(levelIn({ forex: 'none' }, 'forex')).toBe('none');
    expect(levelIn({ forex: 'none' }, 'crypto')).toBe('all');
    expect(levelIn(null, 'crypto')).toBe('all');
  });
});
