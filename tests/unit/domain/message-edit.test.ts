import { describe, expect, it } from 'vitest';
import { EDIT_WINDOW_MS, editRight, mayEdit } from '../../../src/domain/message-edit';

const posted = Date.UTC(2026, 10, 25, 9, 0);
const message = { senderId: 2, date: new Date(posted).toISOString() };
const author = { id: 2, moderator: false };
const moderator = { id: 5, moderator: true };

describe('who may edit a message (issue 22)', () => {
  it('gives its author 24 hours, to the millisecond', () => {
    expect(editRight(message, author, posted)).toBe('author');
    expect(editRight(message, author, posted + EDIT_WINDOW_MS)).toBe('author');
    expect(editRight(message, author, posted + EDIT_WINDOW_MS + 1)).toBe('tooLate');
  });

  it('lets a moderator edit any message of a room at any time, never a private one of others', () => {
    expect(editRight(message, moderator, posted + 10 * EDIT_WINDOW_MS)).toBe('moderator');
    expect(editRight({ ...message, conversationId: 'c1' }, moderator, posted)).toBe('none');
    // A moderator's own message stays theirs past the window.
    expect(mayEdit({ ...message, senderId: 5 }, moderator, posted + 2 * EDIT_WINDOW_MS)).toBe(true);
    expect(mayEdit({ ...message, senderId: 5, conversationId: 'c1' }, moderator, posted + 2 * EDIT_WINDOW_MS)).toBe(false);
  });

  it('gives nothing to another member', () => {
    expect(editRight(message, { id: 3, moderator: false }, posted)).toBe('none');
    expect(mayEdit(message, { id: 3, moderator: false }, posted)).toBe(false);
  });
});
