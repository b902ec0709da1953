import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { markBoot } from '../../domain/boot-marks';
import { LAST_ROOM_KEY } from '../../domain/chat-limits';
import { roomSelectionMachine } from '../../machines/room-selection-machine';
import { keptRooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';
import { jumpTo } from './jump-button';

/**
 * The room the chat and notification pages show (spec 2 §2), through the room selection machine:
 * the `room` parameter, else the last room, else the first; opening a room joins it and resets
 * its badge.
 */
export function useRoomSelection(): { rooms: RoomDoc[]; room: RoomDoc | null; select: (id: string) => void } {
  const { storage } = useApp();
  const chat = useChat();
  const rooms = useQuery(keptRooms$, [], [] as RoomDoc[]);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const requested = params.get('room');
  // `/chat?room=<Room>&message=<id>` (issue 21): the room opens at the message; both parameters
  // leave the address once read, like the room alone (spec 2 §2).
  const requestedMessage = params.get('message');
  const jumpAsked = useRef<{ room: string; messageId: string } | null>(null);
  if (requested !== null && requestedMessage !== null) jumpAsked.current = { room: requested.toLowerCase(), messageId: requestedMessage };
  const chatRef = useRef(chat);
  chatRef.current = chat;

  const selection = useActorRef(
    roomSelectionMachine.provide({
      actions: {
        persistLastRoom: ({ context }) => {
          if (context.currentRoomId) storage.setItem(LAST_ROOM_KEY, context.currentRoomId);
        },
        resetBadges: ({ context }) => {
          if (context.currentRoomId) void chatRef.current?.openRoom(context.currentRoomId);
        },
        clearRoomParam: () => {
          const rest = new URLSearchParams(window.location.search);
          rest.delete('room');
          rest.delete('message');
          const query = rest.toString();
          navigate(query ? `${location}?${query}` : location, { replace: true });
        },
      },
    }),
    { input: { requestedName: requested, lastRoomId: storage.getItem(LAST_ROOM_KEY) } },
  );
  const roomId = useSelector(selection, (s) => s.context.currentRoomId);

  // Only a changed list of rooms (ids and names) is news to the machine, not a changed badge.
  const refsKey = JSON.stringify(rooms.map((r) => [r.id, r.name]));
  const roomRefs = useMemo(() => (JSON.parse(refsKey) as [string, string][]).map(([id, name]) => ({ id, name })), [refsKey]);
  useEffect(() => {
    if (roomRefs.length > 0) markBoot('rooms');
    if (roomRefs.length > 0) selection.send({ type: 'rooms.loaded', rooms: roomRefs });
  }, [roomRefs, selection]);
  useEffect(() => {
    if (requested !== null) selection.send({ type: 'room.requested', name: requested });
  }, [requested, selection]);

  // The open room is joined and caught up, and stays followed when the member moves on.
  useEffect(() => {
    if (chat && roomId) void chat.openRoom(roomId);
  }, [chat, roomId]);
  useEffect(() => () => chat?.blurRoom(), [chat]);
  const roomName = rooms.find((r) => r.id === roomId)?.name.toLowerCase();
  useEffect(() => {
    const asked = jumpAsked.current;
    // Once the requested room is the one shown (the last room may show first).
    if (!chat || !roomId || asked === null || asked.room !== roomName) return;
    jumpAsked.current = null;
    void jumpTo(chat, roomId, { messageId: asked.messageId });
  }, [chat, roomId, roomName]);

  return {
    rooms,
    room: rooms.find((r) => r.id === roomId) ?? null,
    select: (id: string) => selection.send({ type: 'room.select', roomId: id }),
  };
}
