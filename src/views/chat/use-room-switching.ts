import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { roomSwitcherMachine } from '../../machines/room-switcher-machine';
import type { RoomDoc } from '../../store/schemas';
import { useRoomKeys } from './use-room-keys';

/** The switcher's view, its own chunk (the chat page's weight is budgeted): fetched once. */
export const loadRoomSwitcher = () => import('./room-switcher');

/**
 * The keyboard's ways to another room (issue 21) for a page with a room list: the switcher's actor
 * (Ctrl+K) and Alt+arrows, both through the page's room selection. A room reached from the
 * keyboard gets the focus (its composer) when the old room's focus went with it, and always from
 * the switcher, so the member types on at once.
 */
export function useRoomSwitching(props: { rooms: readonly RoomDoc[]; currentRoomId: string | null; select: (id: string) => void }) {
  const layout = useRef<HTMLDivElement>(null);
  const pending = useRef<{ id: string; always: boolean } | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const switchTo = useCallback((id: string, always: boolean) => {
    if (id === latest.current.currentRoomId) return;
    pending.current = { id, always };
    latest.current.select(id);
  }, []);
  const switcher = useActorRef(roomSwitcherMachine.provide({ actions: { openRoom: (_, { roomId }) => switchTo(roomId, true) } }), {
    input: { rooms: [] },
  });
  // Only the names and badges matter to the switcher; a room's other fields change nothing there.
  const navKey = JSON.stringify(props.rooms.map((room) => [room.id, room.name, room.unread]));
  useEffect(() => {
    const rooms = (JSON.parse(navKey) as [string, string, number][]).map(([id, name, unread]) => ({ id, name, unread }));
    switcher.send({ type: 'rooms.changed', rooms });
  }, [navKey, switcher]);
  // The switcher's view loads with its first opening, and stays (its dialog gives the focus back).
  const opened = useRef(false);
  const open = useSelector(switcher, (s) => s.matches('open'));
  if (open) opened.current = true;
  useRoomKeys({
    rooms: props.rooms,
    currentRoomId: props.currentRoomId,
    onSelect: (id) => switchTo(id, false),
    onOpenSwitcher: () => switcher.send({ type: 'switcher.open' }),
    onCommandKey: loadRoomSwitcher,
  });

  // After the new room's view is in the page (and the switcher has closed, giving the focus back).
  useEffect(() => {
    const wanted = pending.current;
    if (wanted === null || wanted.id !== props.currentRoomId) return;
    pending.current = null;
    const active = document.activeElement;
    // The old room's composer went with it, and its thread (an aside) is about to.
    // (A room left is kept hidden, its composer still in the page: hidden, its focus is gone too.)
    const lost = active === null || active === document.body || !shown(active) || active.closest('aside') !== null;
    if (wanted.always || lost) focusRoom(layout.current);
  }, [props.currentRoomId]);

  return { layout, switcher, switcherOpened: opened.current };
}

/** The room's composer, else the room's entry in the list, else the phone's rooms button (never a kept room's, hidden). */
function focusRoom(layout: HTMLElement | null) {
  const first = (selector: string) => [...(layout?.querySelectorAll<HTMLElement>(selector) ?? [])].find(shown);
  const target = first('section > form textarea') ?? first('nav [aria-current="page"]') ?? first('section > header button[aria-haspopup="dialog"]');
  target?.focus({ preventScroll: true });
}

/** In the page and rendered (not inside a kept room's hidden view, kept-rooms.ts). */
const shown = (element: Element) => element.isConnected && (element.checkVisibility?.() ?? true);
