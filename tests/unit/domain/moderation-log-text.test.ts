import { describe, expect, it } from 'vitest';
import { MODERATION_LOG_TEXT } from '../../../src/domain/moderation-log-text-fr';

describe('the moderation log in French', () => {
  const entry = { action: 'mute', moderator: 'coach', target: 'live', room: null, details: '60 min' };
  it('says who did what, to whom, where, with what was set', () => {
    expect(MODERATION_LOG_TEXT.sentence(entry)).toBe('coach a rendu muet live : 60 min');
    expect(MODERATION_LOG_TEXT.sentence({ ...entry, action: 'slow_mode', target: null, room: 'Crypto', details: '30 s' })).toBe('coach a réglé le mode lent dans Crypto : 30 s');
    expect(MODERATION_LOG_TEXT.sentence({ ...entry, action: 'held_approved', room: 'Indices', details: 'telegram' })).toBe('coach a validé un message retenu de live dans Indices : telegram');
    expect(MODERATION_LOG_TEXT.sentence({ ...entry, action: 'report_dismissed', target: null, details: '' })).toBe('coach a classé sans suite un signalement');
  });
  it('names a moderator whose account is gone, and an action it does not know', () => {
    expect(MODERATION_LOG_TEXT.sentence({ ...entry, moderator: null, action: 'unmute', details: '' })).toBe('Un modérateur a rendu la parole à live');
    expect(MODERATION_LOG_TEXT.sentence({ ...entry, action: 'nouvelle', target: null, details: '' })).toBe('coach a agi (nouvelle)');
  });
});
