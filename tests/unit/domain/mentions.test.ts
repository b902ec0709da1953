import { describe, expect, it } from 'vitest';
import { splitMentions } from '../../../src/domain/mentions';
import { conversationNote } from '../../../src/domain/private-chat';

describe('mentions in a message', () => {
  it('cuts the text around each @pseudo', () => {
    expect(splitMentions('Merci @coach, et @analyste.')).toEqual([
      { kind: 'text', text: 'Merci ' },
      { kind: 'mention', username: 'coach' },
      { kind: 'text', text: ', et ' },
      { kind: 'mention', username: 'analyste' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitMentions('@vip')).toEqual([{ kind: 'mention', username: 'vip' }]);
  });
  it('leaves e-mail addresses and lone @ alone', () => {
    expect(splitMentions('écris à equipe@comptoir.test @ bientôt')).toEqual([{ kind: 'text', text: 'écris à equipe@comptoir.test @ bientôt' }]);
  });
});

describe('conversation notes', () => {
  it('names the two coach handles and the support handle', () => {
    expect(conversationNote('coach')).toBe('coach');
    expect(conversationNote('Analyste')).toBe('coach');
    expect(conversationNote('support')).toBe('support');
    expect(conversationNote('vip')).toBeNull();
  });
});
