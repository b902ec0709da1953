/**
 * The chat's room shortcuts (issue 21), one table: Ctrl+K (⌘K on a Mac) opens the room switcher;
 * Alt+↑ / Alt+↓ the previous / next room; Alt+Shift+↑ / Alt+Shift+↓ the previous / next room with
 * unread messages. Pure: the view's hook describes the key press and where it happened.
 */
export type RoomShortcut = 'switcher.open' | 'room.previous' | 'room.next' | 'room.previousUnread' | 'room.nextUnread';

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
};

/**
 * Where the key was pressed: inside an open dialog the dialog owns its keys; in a `<select>` Alt+↓
 * opens the choices. In a text field (the composer) none of these presses means anything, so they
 * work there too.
 */
export type KeyPlace = 'dialog' | 'select' | 'page';

export function roomShortcut(press: KeyPress, place: KeyPlace, mac: boolean): RoomShortcut | null {
  if (press.isComposing || place === 'dialog') return null;
  const command = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (command && !press.altKey && !press.shiftKey && press.key.toLowerCase() === 'k') return 'switcher.open';
  if (!press.altKey || press.ctrlKey || press.metaKey || place === 'select') return null;
  if (press.key === 'ArrowUp') return press.shiftKey ? 'room.previousUnread' : 'room.previous';
  if (press.key === 'ArrowDown') return press.shiftKey ? 'room.nextUnread' : 'room.next';
  return null;
}

