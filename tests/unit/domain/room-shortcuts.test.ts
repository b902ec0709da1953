import { describe, expect, it } from 'vitest';
import { roomShortcut, type KeyPress } from '../../../src/domain/room-shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('room shortcuts', () => {
  it('opens the switcher with Ctrl+K, or ⌘K on a Mac', () => {
    expect(roomShortcut(press('k', { ctrlKey: true }), 'page', false)).toBe('switcher.open');
    expect(roomShortcut(press('K', { ctrlKey: true }), 'page', false)).toBe('switcher.open');
    expect(roomShortcut(press('k', { metaKey: true }), 'page', true)).toBe('switcher.open');
    // Ctrl+K on a Mac cuts to the end of the line in a text field: not ours.
    expect(roomShortcut(press('k', { ctrlKey: true }), 'page', true)).toBeNull();
    expect(roomShortcut(press('k', { metaKey: true }), 'page', false)).toBeNull();
    expect(roomShortcut(press('k', { ctrlKey: true, shiftKey: true }), 'page', false)).toBeNull();
    expect(roomShortcut(press('k'), 'page', false)).toBeNull();
  });

  it('moves between rooms with Alt+arrows, between unread rooms with Alt+Shift+arrows', () => {
    expect(roomShortcut(press('ArrowDown', { altKey: true }), 'page', false)).toBe('room.next');
    expect(roomShortcut(press('ArrowUp', { altKey: true }), 'page', true)).toBe('room.previous');
    expect(roomShortcut(press('ArrowDown', { altKey: true, shiftKey: true }), 'page', false)).toBe('room.nextUnread');
    expect(roomShortcut(press('ArrowUp', { altKey: true, shiftKey: true }), 'page', false)).toBe('room.previousUnread');
    expect(roomShortcut(press('ArrowDown'), 'page', false)).toBeNull();
    expect(roomShortcut(press('ArrowDown', { altKey: true, ctrlKey: true }), 'page', false)).toBeNull();
    expect(roomShortcut(press('ArrowLeft', { altKey: true }), 'page', false)).toBeNull();
  });

  it('leaves the keys to an open dialog, to a select (Alt+↓ opens it) and to an input method composing', () => {
    expect(roomShortcut(press('k', { ctrlKey: true }), 'dialog', false)).toBeNull();
    expect(roomShortcut(press('ArrowDown', { altKey: true }), 'dialog', false)).toBeNull();
    expect(roomShortcut(press('ArrowDown', { altKey: true }), 'select', false)).toBeNull();
    expect(roomShortcut(press('k', { ctrlKey: true }), 'select', false)).toBe('switcher.open');
    expect(roomShortcut(press('ArrowDown', { altKey: true, isComposing: true }), 'page', false)).toBeNull();
  });
});
