import { styled } from '@linaria/react';
import { Activity, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { usePageTitle } from '../common/use-page-title';
import { RoomSheet } from './room-sheet';
import { RoomSidePanel } from './room-side-panel';
import { RoomView } from './room-view';
import { ThreadPanel } from './thread-panel';
import { useRoomSelection } from './use-room-selection';
import { useChat } from './use-chat';
import { toast } from '../common/toast';
import { loadRoomSwitcher, useRoomSwitching } from './use-room-switching';
import { ALERT_PANEL } from '../../domain/alert-panel';
import { useWiderThan } from '../common/use-min-width';
import { isModerator } from '../../domain/subscriptions';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { useSplitLayout } from './use-split-layout';
import { SPLIT_PINNED_MAX } from '../../machines/split-layout-machine';
import { dropRooms, NO_KEPT_ROOMS, RoomKeepingContext, showRoom, type RoomKeeping } from './kept-rooms';

/** Rooms side by side from this width (issue 22): below, one room at a time. */
const SPLIT_MIN_WIDTH = 1200;

/** 'Aller à une room' (Ctrl+K): its own chunk, loaded when first opened. */
const RoomSwitcher = lazy(() => loadRoomSwitcher().then((m) => ({ default: m.RoomSwitcher })));

/** The room's alert panel: its own chunk, loaded when first opened (issue 4, `initial_js_kb`). */
/** A moderator's report queue (issue 22): its own chunk, loaded when first opened. */
/** 'Non lus' (issue 21): its own chunk, loaded when first opened. */
const InboxDialog = lazy(() => import('./inbox-dialog').then((m) => ({ default: m.InboxDialog })));
const ReportsDialog = lazy(() => import('./reports-dialog').then((m) => ({ default: m.ReportsDialog })));
const AlertSidePanel = lazy(() => import('../alerts/alert-side-panel').then((m) => ({ default: m.AlertSidePanel })));

/** `/chat`: the room list, the current room and, when open, a thread (spec 2 §2). */
export function ChatPage() {
  const { rooms, room, select } = useRoomSelection();
  const [thread, setThread] = useState<string | null>(null);
  // The room of the open thread when it is a column's (issue 22); null: the current room's.
  const [threadRoomId, setThreadRoomId] = useState<string | null>(null);
  // ↑ in the empty composer: the last message's thread, its composer focused (each press anew).
  const [replyRequest, setReplyRequest] = useState<{ id: string; n: number } | null>(null);
  const openThread = useCallback((id: string, roomId: string | null = null) => {
    setReplyRequest(null);
    setThreadRoomId(roomId);
    setThread(id);
  }, []);
  const reply = useCallback((id: string, roomId: string | null = null) => {
    setThreadRoomId(roomId);
    setThread(id);
    setReplyRequest((last) => ({ id, n: (last?.n ?? 0) + 1 }));
  }, []);
  const keys = useRoomSwitching({ rooms, currentRoomId: room?.id ?? null, select });
  const [alerts, setAlerts] = useState(false);
  const wide = useWiderThan(ALERT_PANEL.minWindow);
  const phone = !useWiderThan(PHONE_MAX_WIDTH);
  const [roomSheet, setRoomSheet] = useState(false);
  const openRooms = useCallback(() => setRoomSheet(true), []);
  const closeRooms = useCallback(() => setRoomSheet(false), []);
  // A room picked in the sheet replaces the room view, and the button that opened the sheet with
  // it: the focus goes to the new view's button.
  const roomsButton = useRef<HTMLButtonElement>(null);
  const picked = useRef<string | null>(null);
  const pickRoom = useCallback(
    (id: string) => {
      picked.current = id;
      select(id);
    },
    [select],
  );
  useEffect(() => {
    if (roomSheet || picked.current === null || picked.current !== room?.id) return;
    picked.current = null;
    roomsButton.current?.focus();
  }, [roomSheet, room?.id]);
  useEffect(() => setThread(null), [room?.id]);
  // An inbox entry of a thread opens its room, then the thread once that room is the current one.
  const [pendingThread, setPendingThread] = useState<{ room: string; parent: string } | null>(null);
  useEffect(() => {
    if (pendingThread === null || room?.id !== pendingThread.room) return;
    setReplyRequest(null);
    setThread(pendingThread.parent);
    setPendingThread(null);
  }, [pendingThread, room?.id]);
  const user = useCurrentUser();
  const now = useNow();
  // Rooms side by side (issue 22): on wide screens, the rooms kept in columns beside the current one.
  const split = useSplitLayout(rooms, user?.id ?? 0);
  const splitShown = useWiderThan(SPLIT_MIN_WIDTH);
  const columns = splitShown ? split.pinned.flatMap((id) => (id === room?.id ? [] : rooms.filter((r) => r.id === id))) : [];
  const pinCurrent = useCallback(() => room && split.pin(room.id), [room, split]);
  // One window per room: asked again, the same window comes forward.
  const popOut = useCallback(() => room && window.open(`/fenetre?room=${encodeURIComponent(room.name)}`, `comptoir-${room.id}`, 'popup,width=520,height=820'), [room]);
  // The rooms kept mounted, hidden, since the member left them (kept-rooms.ts): the one chosen again
  // shows as it was when its log said it would open the same anew.
  const [kept, setKept] = useState(NO_KEPT_ROOMS);
  const resumable = useRef(new Map<string, boolean>());
  const keeping = useMemo<RoomKeeping>(() => ({ note: (id, yes) => void resumable.current.set(id, yes) }), []);
  const currentId = room?.id ?? null;
  const [keptFor, setKeptFor] = useState<string | null>(null);
  if (currentId !== keptFor) {
    setKeptFor(currentId);
    const resume = room !== null && room.unread === 0 && resumable.current.get(room.id) === true;
    setKept((state) => {
      const left = keptFor !== null && resumable.current.get(keptFor) !== true ? dropRooms(state, [keptFor]) : state;
      return currentId === null ? left : showRoom(left, currentId, resume);
    });
  }
  // A kept room that got unread messages, or went into a column, opens anew (or there) next time.
  const stale = kept.rooms.filter(({ id }) => id !== currentId && ((rooms.find((r) => r.id === id)?.unread ?? 1) > 0 || columns.some((c) => c.id === id)));
  if (stale.length > 0) setKept((state) => dropRooms(state, stale.map((r) => r.id)));
  const threadRoom = threadRoomId === null ? room : (columns.find((c) => c.id === threadRoomId) ?? null);
  const moderator = user !== null && isModerator(user, now);
  const [reports, setReports] = useState(false);
  const openReports = useCallback(() => setReports(true), []);
  const closeReports = useCallback(() => setReports(false), []);
  const [inbox, setInbox] = useState(false);
  const openInbox = useCallback(() => setInbox(true), []);
  const closeInbox = useCallback(() => setInbox(false), []);
  usePageTitle(CHAT_TEXT.pageTitle(room?.name ?? ''));
  // Columns take the width the alert panel would: one or the other.
  const showAlerts = alerts && wide && room !== null && columns.length === 0;
  const toggleAlerts = useCallback(() => setAlerts((open) => !open), []);
  const chat = useChat();
  const markAllRead = useCallback(() => void chat?.reads.markAllRead().then((error) => error && toast.error(error)), [chat]);

  return (
    <Layout ref={keys.layout} data-thread={thread ? '' : undefined} data-alerts={showAlerts && !thread ? '' : undefined}>
      {phone ? (
        <RoomSheet
          rooms={rooms}
          currentRoomId={room?.id ?? null}
          onSelect={pickRoom}
          open={roomSheet}
          onClose={closeRooms}
          onMarkAllRead={markAllRead}
          onOpenReports={moderator ? openReports : undefined}
        />
      ) : (
        <RoomSidePanel rooms={rooms} currentRoomId={room?.id ?? null} onSelect={select} onMarkAllRead={markAllRead} onOpenReports={moderator ? openReports : undefined} />
      )}
      {room ? (
        <Columns aria-label={columns.length > 0 ? CHAT_TEXT.columns : undefined} role={columns.length > 0 ? 'region' : undefined} data-count={columns.length + 1}>
          <RoomKeepingContext.Provider value={keeping}>
            {kept.rooms.map(({ id, key }) => {
              const keptRoom = rooms.find((r) => r.id === id);
              if (!keptRoom) return null;
              const current = id === room.id;
              return (
                <Activity key={`${id}:${key}`} mode={current ? 'visible' : 'hidden'}>
                  <RoomView
                    room={keptRoom}
                    onOpenThread={openThread}
                    onReply={reply}
                    onToggleAlerts={wide && columns.length === 0 ? toggleAlerts : undefined}
                    alertsOpen={current && showAlerts}
                    onOpenRooms={phone ? openRooms : undefined}
                    roomsButtonRef={current ? roomsButton : undefined}
                    onOpenInbox={openInbox}
                    onPin={current && splitShown && !split.pinned.includes(room.id) && split.pinned.length < SPLIT_PINNED_MAX && room.canRead ? pinCurrent : undefined}
                    onPopOut={phone || !keptRoom.canRead ? undefined : popOut}
                  />
                </Activity>
              );
            })}
          </RoomKeepingContext.Provider>
          {columns.map((column) => (
            <RoomView
              key={column.id}
              room={column}
              onOpenThread={(id) => openThread(id, column.id)}
              onReply={(id) => reply(id, column.id)}
              onOpenInbox={openInbox}
              column={{ onClose: () => split.unpin(column.id) }}
            />
          ))}
        </Columns>
      ) : (
        <Empty>{rooms.length === 0 ? '' : CHAT_TEXT.noRooms}</Empty>
      )}
      {thread && threadRoom ? (
        <ThreadPanel room={threadRoom} parentId={thread} onClose={() => setThread(null)} replyRequest={replyRequest?.id === thread ? replyRequest.n : undefined} />
      ) : null}
      {moderator && reports ? (
        <Suspense fallback={null}>
          <ReportsDialog open onClose={closeReports} rooms={rooms} />
        </Suspense>
      ) : null}
      {inbox ? (
        <Suspense fallback={null}>
          <InboxDialog open onClose={closeInbox} onMarkAllRead={markAllRead} onOpenThread={setPendingThread} />
        </Suspense>
      ) : null}
      {keys.switcherOpened ? (
        <Suspense fallback={null}>
          <RoomSwitcher actor={keys.switcher} rooms={rooms} />
        </Suspense>
      ) : null}
      {showAlerts && !thread ? (
        <Suspense fallback={null}>
          <AlertSidePanel room={room} rooms={rooms} onClose={() => setAlerts(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}

/** The phone layout's widest window (the `Layout` media query below). */
export const PHONE_MAX_WIDTH = 900;

export const Layout = styled.div`
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
  &[data-alerts] {
    grid-template-columns: auto minmax(0, 1fr) auto;
  }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
    height: calc(100dvh - 63px - 100px);
    &[data-thread],
    &[data-alerts] {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;

/** The current room and the rooms kept beside it, in equal columns. */
const Columns = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(0, 1fr);
  /* One row, the page's height: each room's log scrolls inside it, never grows past it. */
  grid-template-rows: minmax(0, 1fr);
  min-width: 0;
  min-height: 0;
  & > section + section {
    border-left: 1px solid var(--border);
  }
`;

const Empty = styled.p`
  margin: auto;
  color: var(--muted);
`;
