import { styled } from '@linaria/react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import type { RoomDoc } from '../../store/schemas';
import { Icon } from '../common/icons';
import { CountBadge } from '../common/ui';
import { roomStream } from '../../sync/message-state';
import { DraftMark } from './draft-mark';
import { ReportsButton } from './reports-button';
import { badgeKind, levelIn } from '../../domain/notification-level';
import { useRoomLevels } from './use-room-levels';

export type RoomListProps = {
  rooms: RoomDoc[];
  currentRoomId: string | null;
  onSelect: (id: string) => void;
  /** Badges other than the rooms' message badges (the notification page's alert badges). */
  badges?: Record<string, number>;
  badgeLabel?: (count: number) => string;
  /** 'Tout marquer comme lu' (the chat's room list; the notification page has none). */
  onMarkAllRead?: () => void;
  /** 'Signalements': a moderator's report queue (issue 22). */
  onOpenReports?: () => void;
};

/**
 * The room list beside the room: 240px open, 60px collapsed, badges, scroll arrows (spec 2 §2).
 * On a phone the page shows `RoomSheet` instead.
 */
export function RoomSidePanel(props: RoomListProps) {
  const [collapsed, setCollapsed] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ up: false, down: false });

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () =>
      setOverflow({ up: element.scrollTop > 0, down: element.scrollTop + element.clientHeight < element.scrollHeight - 1 });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [props.rooms.length]);

  const scroll = (by: number) => list.current?.scrollBy({ top: by, behavior: 'smooth' });

  return (
      <Panel aria-label={CHAT_TEXT.roomsLabel} data-collapsed={collapsed ? '' : undefined}>
        <CollapseButton type="button" onClick={() => setCollapsed((c) => !c)} aria-label={collapsed ? CHAT_TEXT.expandRooms : CHAT_TEXT.collapseRooms}>
          <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} size={18} />
        </CollapseButton>
        {overflow.up ? (
          <Arrow type="button" aria-label={CHAT_TEXT.scrollRoomsUp} onClick={() => scroll(-160)}>
            <Icon name="chevronUp" size={18} />
          </Arrow>
        ) : null}
        <List ref={list}>
          <RoomButtons {...props} />
        </List>
        {overflow.down ? (
          <Arrow type="button" aria-label={CHAT_TEXT.scrollRoomsDown} onClick={() => scroll(160)}>
            <Icon name="chevronDown" size={18} />
          </Arrow>
        ) : null}
        {props.onMarkAllRead ? <MarkAllRead onMarkAllRead={props.onMarkAllRead} /> : null}
        {props.onOpenReports ? <ReportsButton onOpen={props.onOpenReports} /> : null}
      </Panel>
  );
}

/** The rooms as buttons, one `<li>` each: the side panel's and the sheet's. */
export function RoomButtons(props: RoomListProps) {
  const levels = useRoomLevels();
  return props.rooms.map((room) => (
    <li key={room.id}>
      <RoomButton
        type="button"
        aria-current={room.id === props.currentRoomId ? 'page' : undefined}
        data-locked={room.canRead ? undefined : ''}
        title={room.name}
        onClick={() => props.onSelect(room.id)}
      >
        <Initial aria-hidden>{room.icon ? <img src={room.icon} alt="" width={28} height={28} /> : room.name.slice(0, 1)}</Initial>
        <Name>{room.name}</Name>
        {room.canRead ? null : <Icon name="lock" size={16} data-lock="" />}
        <DraftMark stream={roomStream(room.id)} />
        {/* The open room is being read: its count shows once the member leaves it. Its level (issue 22) says how. */}
        <RoomBadge
          count={props.badges ? (props.badges[room.id] ?? 0) : room.id === props.currentRoomId ? 0 : room.unread}
          label={props.badgeLabel ?? CHAT_TEXT.unreadBadge}
          kind={props.badges ? 'count' : badgeKind(levelIn(levels, room.id))}
        />
      </RoomButton>
    </li>
  ));
}

/** 'Tout marquer comme lu' under a room list; named by its label even when the panel is collapsed. */
export function MarkAllRead({ onMarkAllRead }: { onMarkAllRead: () => void }) {
  return (
    <MarkAllButton type="button" aria-label={CHAT_TEXT.markAllRead} title={CHAT_TEXT.markAllRead} onClick={onMarkAllRead}>
      <Icon name="check" size={16} />
      <span>{CHAT_TEXT.markAllRead}</span>
    </MarkAllButton>
  );
}

/** A room's unread messages: their count ('Tout'), a dot ('Mentions', 'Coachs seulement'), or a crossed bell ('Rien', read or not). */
function RoomBadge({ count, label, kind }: { count: number; label: (count: number) => string; kind: 'count' | 'dot' | 'none' }) {
  if (kind === 'none')
    return (
      <Muted role="img" aria-label={CHAT_TEXT.roomMuted}>
        <Icon name="bellOff" size={16} />
      </Muted>
    );
  if (count <= 0) return null;
  if (kind === 'dot') return <Dot role="img" aria-label={CHAT_TEXT.roomLevelDot} />;
  return <CountBadge aria-label={label(count)}>{count > 99 ? '99+' : count}</CountBadge>;
}

const Muted = styled.span`
  display: inline-flex;
  color: var(--muted);
  [aria-current='page'] > & {
    color: inherit;
  }
`;
const Dot = styled.span`
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: var(--accent);
  [aria-current='page'] > & {
    background: var(--accent-contrast);
  }
`;

const Panel = styled.nav`
  width: 240px;
  display: flex;
  flex-direction: column;
  border-right: 1px solid var(--border);
  background: var(--surface-2, var(--surface));
  transition: width 200ms ease;
  min-height: 0;
  &[data-collapsed] {
    width: 60px;
  }
  &[data-collapsed] [data-lock],
  &[data-collapsed] span:not([aria-hidden]) {
    display: none;
  }
  @media (max-width: 900px) {
    display: none;
  }
`;

const MarkAllButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  margin: 6px;
  min-height: 36px;
  padding: 6px 8px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: transparent;
  color: var(--text);
  font: inherit;
  font-size: 13px;
  cursor: pointer;
  @media (max-width: 900px) {
    min-height: 44px;
  }
`;

const CollapseButton = styled.button`
  align-self: flex-end;
  margin: 6px;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: 6px;
  background: transparent;
  color: var(--muted);
  cursor: pointer;
  @media (max-width: 900px) {
    display: none;
  }
`;

const Arrow = styled.button`
  border: none;
  background: transparent;
  color: var(--muted);
  height: 24px;
  cursor: pointer;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 6px;
  overflow-y: auto;
  flex: 1;
  scrollbar-width: none;
`;

const RoomButton = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px;
  margin-bottom: 2px;
  border: none;
  border-radius: 8px;
  background: transparent;
  color: var(--text);
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: var(--hover, rgba(127, 127, 127, 0.1));
  }
  @media (max-width: 900px) {
    min-height: 48px;
  }
  &[aria-current='page'] {
    background: var(--accent);
    color: var(--accent-contrast);
  }
  /* A room one cannot read: muted (4.5:1 still) with a lock, rather than faded out of reach. */
  &[data-locked]:not([aria-current='page']) {
    color: var(--muted);
  }
`;

const Initial = styled.span`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-weight: 700;
  background: var(--border);
  overflow: hidden;
`;

const Name = styled.span`
  flex: 1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
