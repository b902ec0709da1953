import { styled } from '@linaria/react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState, type Ref } from 'react';
import { firstValueFrom, of } from 'rxjs';
import { Link } from 'wouter';
import { SUBSCRIPTION } from '../../domain/subscription-ids';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { banDisplayDate } from '../../domain/message-grouping';
import { expiryOf, isBanned, isModerator, isVip } from '../../domain/subscriptions';
import { keptWindow$, kv$, pins$, threads$ } from '../../store/chat-queries';
import { LIST_PAGE } from '../../domain/chat-limits';
import type { RoomDoc } from '../../store/schemas';
import { usersCountKey } from '../../sync/chat-sync';
import { MUTE_KEY, roomStream } from '../../sync/message-state';
import { MUTE_TEXT } from '../../domain/mute';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { Composer, ComposerNotice } from './composer';
import { MessageList } from './message-list';
import { SearchPanel } from './room-panels';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';
import { useInboxEntries } from './use-inbox-entries';
import { unreadThreadsIn$ } from '../../store/inbox-queries';
import { rememberLogPlace } from './log-place';
import { RowDialogsHolder } from './use-row-dialogs';
import { useApp } from '../app-context';
import type { ChatMessage } from '../../contract/chat';
import { frenchFormat } from '../../domain/dates-fr';
import { levelIn } from '../../domain/notification-level';
import { useRoomLevels } from './use-room-levels';

/** The room's threads and pins panels: their own chunk, loaded when one is first opened (the search stays: its 'Aller au message' is on the jump's path). */
const ThreadsPanel = lazy(() => import('./room-lists').then((m) => ({ default: m.ThreadsPanel })));
const PinsPanel = lazy(() => import('./room-lists').then((m) => ({ default: m.PinsPanel })));
/** 'Notifications de la room' (issue 22): its own chunk, loaded when first opened. */
const RoomLevelDialog = lazy(() => import('./room-level-dialog').then((m) => ({ default: m.RoomLevelDialog })));

type Panel = 'threads' | 'pins' | 'search' | null;
/** How long after the log is shown its place is kept for the next visit's first paint. */
const REMEMBER_PLACE_AFTER_MS = 500;
const NONE: ChatMessage[] = [];
const banDate = frenchFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One room: its header, its log (or the locked teaser) and its composer (spec 2 §2). Memoised: the
 * room list's badges change with every message of the other rooms, this room's view does not.
 */
export const RoomView = memo(function RoomView({
  room,
  onOpenThread,
  onReply,
  onToggleAlerts,
  alertsOpen,
  onOpenRooms,
  roomsButtonRef,
  onOpenInbox,
  onPin,
  column,
  onPopOut,
}: {
  room: RoomDoc;
  onOpenThread: (id: string) => void;
  /** ↑ in the empty composer: the room's last message, to answer in its thread. */
  onReply?: (id: string) => void;
  onToggleAlerts?: () => void;
  alertsOpen?: boolean;
  /** On a phone the room list is a sheet, opened from the header. */
  onOpenRooms?: () => void;
  roomsButtonRef?: Ref<HTMLButtonElement>;
  /** 'Non lus': the inbox across rooms (issue 21). */
  onOpenInbox?: () => void;
  /** 'Garder en colonne' (issue 22): the room stays on screen beside the next one chosen. */
  onPin?: () => void;
  /** A column beside the current room, or a room in its own window (issue 22): 'Fermer la colonne' (or `label`). */
  column?: { onClose: () => void; label?: string };
  /** 'Ouvrir dans une fenêtre' (issue 22). */
  onPopOut?: () => void;
}) {
  const user = useCurrentUser();
  const chat = useChat();
  const now = useNow();
  const stream = roomStream(room.id);
  const usersCount = useQuery((db) => kv$<number>(db, usersCountKey(room.id)), [room.id], null);
  // The header's counts read the store once the log's first rows are shown, not against them.
  const [shownStream, setShownStream] = useState<string | null>(null);
  const shown = shownStream === stream;
  const { storage, firstPaint, db } = useApp();
  const [log, setLog] = useState<HTMLElement | null>(null);
  const onShown = useCallback(
    (element: HTMLElement | null) => {
      setShownStream(stream);
      setLog(element);
      // The live list is on screen: the boot's first paint goes.
      firstPaint?.handOver();
    },
    [stream, firstPaint],
  );
  const threads = useQuery((db) => (shown ? threads$(db, stream, 50) : of(NONE)), [stream, shown], NONE);
  const pins = useQuery((db) => (shown ? pins$(db, stream) : of(NONE)), [stream, shown], NONE);
  const unreadThreads = useQuery((db) => unreadThreadsIn$(db, room.id), [room.id], 0);
  const [panel, setPanel] = useState<Panel>(null);
  const level = levelIn(useRoomLevels(), room.id);
  const [levelOpen, setLevelOpen] = useState(false);
  const closeLevel = useCallback(() => setLevelOpen(false), []);
  const [unauthorizedOpen, setUnauthorizedOpen] = useState(!room.canRead);
  const viewer = useMemo(() => ({ id: user?.id ?? 0, moderator: user ? isModerator(user, now) : false }), [user, now]);
  // The next visit paints its first rows where this log is, for this viewer (once the member is known).
  const { id: viewerId, moderator } = viewer;
  // A column's room is on screen too: joined, caught up, no badge while it shows.
  const inColumn = column !== undefined;
  useEffect(() => {
    if (!inColumn || !chat) return;
    void chat.showRoom(room.id);
    return () => chat.hideRoom(room.id);
  }, [inColumn, chat, room.id]);
  useEffect(() => {
    // The first paint of the next visit is the current room's, never a column's.
    if (inColumn) return;
    if (!shown || log === null || viewerId === 0) return;
    const remember = () => rememberLogPlace(storage, log, { id: viewerId, moderator }, { width: window.innerWidth, height: window.innerHeight });
    // A moment after the rows are shown, never in the frame that shows them: reading the log's box
    // then laid the whole page out once more before its first paint (6 ms of a room switch).
    const soon = setTimeout(remember, REMEMBER_PLACE_AFTER_MS);
    // Where the log is when the member leaves is the place: a bar that came meanwhile (a live starting
    // above the chat) moved it since it was first shown.
    const leaving = () => {
      if (document.visibilityState === 'hidden') remember();
    };
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', leaving);
    return () => {
      clearTimeout(soon);
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', leaving);
    };
  }, [inColumn, shown, log, viewerId, moderator, storage]);
  const banned = user !== null && isBanned(user, now);
  // A timed mute (issue 22): the composer says until when, before anything is typed.
  const mutedIso = useQuery((db) => kv$<string | null>(db, MUTE_KEY), [], null);
  const mutedUntil = mutedIso ? new Date(mutedIso) : null;
  const banExpiry = user ? expiryOf(user, SUBSCRIPTION.CHAT_BAN) : null;
  // The room's newest delivered row (a send still pending has no thread to answer in yet).
  const replyToLast = useCallback(() => {
    void firstValueFrom(keptWindow$(db, stream, LIST_PAGE, null)).then(({ rows }) => {
      const last = rows.at(-1);
      if (last) onReply?.(last._id);
    });
  }, [db, stream, onReply]);
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));

  return (
    <Main
      aria-label={room.name}
      onKeyDown={(event) => {
        // Escape in the room marks it read (a dialog or a menu that takes Escape stops it first).
        const inDialog = event.target instanceof Element && event.target.closest('dialog') !== null;
        if (event.key === 'Escape' && !event.defaultPrevented && !inDialog && room.canRead) void chat?.reads.markRoomRead(room.id);
      }}
    >
      {/* The room's rows outside its log (search results, pins) open their dialogs here. */}
      <RowDialogsHolder edits={false}>
      <Header>
        {onOpenRooms ? (
          <HeaderButton ref={roomsButtonRef} type="button" aria-haspopup="dialog" data-phone-only="" onClick={onOpenRooms}>
            <Icon name="list" size={20} />
            <Label>{CHAT_TEXT.showRooms}</Label>
          </HeaderButton>
        ) : null}
        <Title>
          {/* A column's room is a part of the page: the page's title is the current room's. */}
          {inColumn ? <h2>{room.name}</h2> : <h1>{room.name}</h1>}
          {usersCount !== null ? <Count>{CHAT_TEXT.usersCount(usersCount)}</Count> : null}
        </Title>
        {onOpenInbox ? (
          <HeaderButton type="button" aria-haspopup="dialog" onClick={onOpenInbox}>
            <Icon name="inbox" size={20} />
            <Label>{CHAT_TEXT.inbox}</Label>
            <InboxBadge />
          </HeaderButton>
        ) : null}
        {room.canRead ? (
          <>
            <HeaderButton type="button" aria-pressed={panel === 'search'} onClick={() => toggle('search')}>
              <Icon name="search" size={20} />
              <Label>{CHAT_TEXT.searchLabel}</Label>
            </HeaderButton>
            <HeaderButton type="button" aria-pressed={panel === 'threads'} onClick={() => toggle('threads')}>
              <Icon name="thread" size={20} />
              <Label>{CHAT_TEXT.threads}</Label>
              {unreadThreads > 0 ? (
                <Badge data-unread="" aria-label={CHAT_TEXT.unreadThreads(unreadThreads)}>
                  {unreadThreads}
                </Badge>
              ) : threads.length > 0 ? (
                <Badge>{threads.length}</Badge>
              ) : null}
            </HeaderButton>
            <HeaderButton type="button" aria-pressed={panel === 'pins'} onClick={() => toggle('pins')}>
              <Icon name="pin" size={20} />
              <Label>{CHAT_TEXT.pins}</Label>
              {pins.length > 0 ? <Badge>{pins.length}</Badge> : null}
            </HeaderButton>
            {onPin ? (
              <HeaderButton type="button" aria-label={CHAT_TEXT.pinColumn} title={CHAT_TEXT.pinColumn} onClick={onPin}>
                <Icon name="columns" size={20} />
              </HeaderButton>
            ) : null}
            {onPopOut ? (
              <HeaderButton type="button" aria-label={CHAT_TEXT.popOut} title={CHAT_TEXT.popOut} onClick={onPopOut}>
                <Icon name="external" size={20} />
              </HeaderButton>
            ) : null}
            {column ? (
              <HeaderButton
                type="button"
                aria-label={column.label ?? CHAT_TEXT.closeColumn(room.name)}
                title={column.label ?? CHAT_TEXT.closeColumn(room.name)}
                onClick={column.onClose}
              >
                <Icon name="close" size={20} />
              </HeaderButton>
            ) : null}
            {/* Icon only at every width: the header's words are for the room's own lists. */}
            <HeaderButton type="button" aria-haspopup="dialog" aria-label={CHAT_TEXT.roomLevel} title={CHAT_TEXT.roomLevel} data-level={level} onClick={() => setLevelOpen(true)}>
              <Icon name={level === 'none' ? 'bellOff' : 'bell'} size={20} />
            </HeaderButton>
            {levelOpen ? (
              <Suspense fallback={null}>
                <RoomLevelDialog room={room.id} roomName={room.name} level={level} onClose={closeLevel} />
              </Suspense>
            ) : null}
            {onToggleAlerts ? (
              <HeaderButton type="button" aria-pressed={alertsOpen ?? false} onClick={onToggleAlerts}>
                <Icon name="bell" size={20} />
                <Label>Notifications</Label>
              </HeaderButton>
            ) : null}
          </>
        ) : null}
      </Header>
      {user && !isVip(user, now) ? (
        <Teaser>
          {CHAT_TEXT.vipTeaser} <Link href="/profil/abonnements">{CHAT_TEXT.seeOffers}</Link>
        </Teaser>
      ) : null}
      {!room.canRead ? (
        <Locked>
          <Blur aria-hidden>{'Analyse du jour, niveaux clés et plan de trading réservés aux membres. '.repeat(12)}</Blur>
          <LockedCard>
            <p>{CHAT_TEXT.lockedRoom}</p>
            <Link href="/profil/abonnements" className={buttonClass}>
              {CHAT_TEXT.seeOffers}
            </Link>
          </LockedCard>
          <Dialog title={CHAT_TEXT.lockedRoomTitle} open={unauthorizedOpen} onClose={() => setUnauthorizedOpen(false)}>
            <p>{CHAT_TEXT.lockedRoom}</p>
            <Link href="/profil/abonnements" className={buttonClass}>
              {CHAT_TEXT.seeOffers}
            </Link>
          </Dialog>
        </Locked>
      ) : (
        <Body>
          {panel === 'search' ? <SearchPanel room={room} viewer={viewer} onClose={() => setPanel(null)} /> : null}
          <Suspense fallback={null}>
            {panel === 'threads' ? <ThreadsPanel threads={threads} onOpenThread={onOpenThread} onClose={() => setPanel(null)} /> : null}
            {panel === 'pins' ? <PinsPanel room={room} pins={pins} viewer={viewer} onClose={() => setPanel(null)} /> : null}
          </Suspense>
          <MessageList key={stream} stream={stream} ref={{ room: room.id }} viewer={viewer} inThread={false} onOpenThread={onOpenThread} onShown={onShown} readRoom={room.id} />
        </Body>
      )}
      {room.canRead && banned && banExpiry ? (
        <ComposerNotice role="status">
          {CHAT_TEXT.banned} {banDate(banDisplayDate(banExpiry))}
        </ComposerNotice>
      ) : room.canRead && room.canWrite && mutedUntil !== null && mutedUntil > now ? (
        <ComposerNotice role="status">{MUTE_TEXT.refused(mutedUntil, now)}</ComposerNotice>
      ) : room.canRead && room.canWrite ? (
        <Composer
          key={stream}
          stream={stream}
          canSendAttachments={room.canSendAttachments}
          onArrowUpWhenEmpty={onReply ? replyToLast : undefined}
          slowMode={{ room: room.id, roomName: room.name, moderator }}
        />
      ) : room.canRead ? (
        <ComposerNotice>{CHAT_TEXT.readOnly}</ComposerNotice>
      ) : null}
      </RowDialogsHolder>
    </Main>
  );
});

/** The inbox's count on its button (its own component: the room view does not re-render with it). */
function InboxBadge() {
  const count = useInboxEntries().length;
  return count > 0 ? <Badge aria-label={CHAT_TEXT.inboxCount(count)}>{count}</Badge> : null;
}

const Main = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  /* The header's buttons drop their words when the room is narrow, whatever the window. */
  container-type: inline-size;
`;
/** One line at every width: on a phone the buttons show their icon only, the title is cut. */
const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  @media (max-width: 900px) {
    gap: 4px;
    padding: 4px 8px;
  }
`;
const Title = styled.div`
  flex: 1;
  min-width: 72px;
  display: flex;
  align-items: baseline;
  gap: 8px;
  & h1,
  & h2 {
    /* The room's name keeps its width; the count of members gives way first. */
    flex: none;
    max-width: 100%;
    margin: 0;
    font-size: 18px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  @media (max-width: 900px) {
    flex-direction: column;
    gap: 0;
    & h1,
    & h2 {
      max-width: 100%;
      font-size: 16px;
      line-height: 1.25;
    }
  }
`;
const Count = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: 13px;
  color: var(--muted);
  white-space: nowrap;
  @media (max-width: 900px) {
    font-size: 12px;
    line-height: 1.25;
  }
`;
const HeaderButton = styled.button`
  position: relative;
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  font: inherit;
  font-size: 13px;
  white-space: nowrap;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: var(--accent);
    color: var(--accent-contrast);
  }
  &[data-phone-only] {
    display: none;
  }
  @media (max-width: 900px) {
    justify-content: center;
    width: 44px;
    height: 44px;
    padding: 0;
    &[data-phone-only] {
      display: inline-flex;
    }
  }
`;
/** The button's name: beside its icon in a wide room, read but not shown in a narrow one. */
const Label = styled.span`
  @container (max-width: 820px) {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
const Badge = styled.span`
  min-width: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: var(--danger);
  color: var(--danger-contrast);
  font-size: 11px;
  font-weight: 700;
  @media (max-width: 900px) {
    position: absolute;
    top: 0;
    right: 0;
  }
`;
const Teaser = styled.p`
  margin: 0;
  padding: 8px 16px;
  background: color-mix(in srgb, var(--gold, #c9a227) 15%, transparent);
  font-size: 14px;
`;
const Body = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;
const Locked = styled.div`
  position: relative;
  flex: 1;
  overflow: hidden;
`;
const Blur = styled.p`
  margin: 0;
  padding: 24px;
  filter: blur(6px);
  user-select: none;
  color: var(--muted);
  line-height: 2;
`;
const LockedCard = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 12px;
  text-align: center;
`;
