import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { roomSelectionMachine } from '../../machines/room-selection-machine';
import { rooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';
import { usePageTitle } from '../common/use-page-title';
import { RoomSidePanel } from './room-side-panel';
import { RoomView } from './room-view';
import { ThreadPanel } from './thread-panel';
import { useChat, useQuery } from './use-chat';

export const LAST_ROOM_KEY = 'lastRoom';

/** `/chat`: the room list, the current room and, when open, a thread (spec 2 §2). */
export function ChatPage() {
  const { storage } = useApp();
  const chat = useChat();
  const rooms = useQuery(rooms$, [], [] as RoomDoc[]);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const requested = new URLSearchParams(search).get('room');
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
        clearRoomParam: () => navigate(location, { replace: true }),
      },
    }),
    { input: { requestedName: requested, lastRoomId: storage.getItem(LAST_ROOM_KEY) } },
  );
  const roomId = useSelector(selection, (s) => s.context.currentRoomId);

  const roomRefs = useMemo(() => rooms.map((r) => ({ id: r.id, name: r.name })), [rooms]);
  useEffect(() => {
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

  const [thread, setThread] = useState<string | null>(null);
  useEffect(() => setThread(null), [roomId]);
  const room = rooms.find((r) => r.id === roomId) ?? null;
  usePageTitle(CHAT_TEXT.pageTitle(room?.name ?? ''));

  return (
    <Layout data-thread={thread ? '' : undefined}>
      <RoomSidePanel rooms={rooms} currentRoomId={roomId} onSelect={(id) => selection.send({ type: 'room.select', roomId: id })} />
      {room ? <RoomView key={room.id} room={room} onOpenThread={setThread} /> : <Empty>{rooms.length === 0 ? '' : CHAT_TEXT.noRooms}</Empty>}
      {thread && room ? <ThreadPanel room={room} parentId={thread} onClose={() => setThread(null)} /> : null}
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  height: calc(100dvh - 120px);
  min-height: 420px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  overflow: hidden;
  &[data-thread] {
    grid-template-columns: auto minmax(0, 1fr) minmax(280px, 380px);
  }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
    height: calc(100dvh - 63px - 100px);
    &[data-thread] {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;

const Empty = styled.p`
  margin: auto;
  color: var(--muted);
`;
