import { useEffect, useRef } from 'react';
import { adjacentRoomId, type NavRoom } from '../../domain/room-navigation';
import { roomShortcut, type KeyPlace } from '../../domain/room-shortcuts';

/** Whether the member is on a Mac, where the switcher is ⌘K rather than Ctrl+K. */
export function isMac(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad/i.test(nav.userAgentData?.platform ?? nav.platform ?? '');
}

/**
 * The chat's room shortcuts, in one listener on the window (the table is `roomShortcut`): Ctrl+K
 * opens the switcher, Alt+↑/↓ the previous / next room, Alt+Shift+↑/↓ the previous / next room
 * with unread messages, from anywhere on the page but an open dialog.
 */
export function useRoomKeys(props: {
  rooms: readonly NavRoom[];
  currentRoomId: string | null;
  onSelect: (roomId: string) => void;
  onOpenSwitcher: () => void;
  /** Ctrl (⌘) pressed alone: the switcher may be next, its view can start loading. */
  onCommandKey?: () => void;
}) {
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const mac = isMac();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === (mac ? 'Meta' : 'Control')) latest.current.onCommandKey?.();
      const shortcut = roomShortcut(event, placeOf(event.target), mac);
      if (shortcut === null) return;
      event.preventDefault();
      const { rooms, currentRoomId, onSelect, onOpenSwitcher } = latest.current;
      if (shortcut === 'switcher.open') return onOpenSwitcher();
      const step = shortcut === 'room.next' || shortcut === 'room.nextUnread' ? 1 : -1;
      const next = adjacentRoomId(rooms, currentRoomId, step, shortcut.endsWith('Unread'));
      if (next !== null) onSelect(next);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

function placeOf(target: EventTarget | null): KeyPlace {
  // A modal dialog owns the keyboard, wherever the focus is.
  if (anyModalOpen()) return 'dialog';
  if (!(target instanceof Element)) return 'page';
  if (target.closest('dialog[open]')) return 'dialog';
  return target instanceof HTMLSelectElement ? 'select' : 'page';
}

function anyModalOpen(): boolean {
  try {
    return document.querySelector('dialog:modal') !== null;
  } catch {
    // A document without `:modal` (jsdom): an open dialog element is as close as it gets.
    return document.querySelector('dialog[open]') !== null;
  }
}
