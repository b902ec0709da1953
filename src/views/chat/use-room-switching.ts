import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { roomSwitcherMachine } from '../../machines/room-switcher-machine';
import type { RoomDoc } from '../../store/schemas';
import { useRoomKeys } from './use-room-keys';

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
  useRoomKeys({
    rooms: props.rooms,
    currentRoomId: props.currentRoomId,
    onSelect: (id) => switchTo(id, false),
    onOpenSwitcher: () => switcher.send({ type: 'switcher.open' }),
  });

  // After the new room's view is in the page (and the switcher has closed, giving the focus back).
  useEffect(() => {
    const wanted = pending.current;
    if (wanted === null || wanted.id !== props.currentRoomId) return;
    pending.current = null;
    const active = document.activeElement;
    // The old room's composer went with it, and its thread (an aside) is about to.
    const lost = active === null || active === document.body || !active.isConnected || active.closest('aside') !== null;
    if (wanted.always || lost) focusRoom(layout.current);
  }, [props.currentRoomId]);

  return { layout, switcher };
}

/** The room's composer, else the room's entry in the list, else the phone's rooms button. */
function focusRoom(layout: HTMLElement | null) {
  const target =
    layout?.querySelector<HTMLElement>('section > form textarea') ??
    layout?.querySelector<HTMLElement>('nav [aria-current="page"]') ??
    layout?.querySelector<HTMLElement>('section > header button[aria-haspopup="dialog"]');
  target?.focus({ preventScroll: true });
}
