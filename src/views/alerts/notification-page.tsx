import { styled } from '@linaria/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ALERT_TEXT } from '../../domain/alert-form';
import { Layout, PHONE_MAX_WIDTH } from '../chat/chat-page';
import { RoomSheet } from '../chat/room-sheet';
import { Icon } from '../common/icons';
import { ListRowButton } from '../common/ui';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { RoomSidePanel } from '../chat/room-side-panel';
import { useChat } from '../chat/use-chat';
import { useQuery } from '../common/use-query';
import { alertBadges$ } from '../../store/chat-queries';
import { useRoomSelection } from '../chat/use-room-selection';
import { usePageTitle } from '../common/use-page-title';
import { visuallyHidden } from '../common/visually-hidden';
import { AlertFeed } from './alert-feed';
import { Comments } from './alert-card';
import { PanelHeader } from '../common/panel-header';
import { useWiderThan } from '../common/use-min-width';
import { isModerator } from '../../domain/subscriptions';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { AlertFormDialog } from './alert-form-dialog';
import type { Alert } from '../../contract/alerts';

/** `/notification` and `/qg`: the room list and the room's alert feed (spec 2 §2). */
export function NotificationPage() {
  const { rooms, room, select } = useRoomSelection();
  const chat = useChat();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [editing, setEditing] = useState<Alert | 'new' | null>(null);
  const badges = useQuery(alertBadges$, [], {} as Record<string, number>);
  // Wider than 1600px, an alert's comments open beside the feed (spec 2 §2).
  const wide = useWiderThan(1600);
  const phone = !useWiderThan(PHONE_MAX_WIDTH);
  const [roomSheet, setRoomSheet] = useState(false);
  const [commentsFor, setCommentsFor] = useState<Alert | null>(null);
  const commentRoom = rooms.find((r) => r.id === commentsFor?.room) ?? null;
  const user = useCurrentUser();
  const now = useNow();
  const viewer = useMemo(() => ({ id: user?.id ?? 0, moderator: user ? isModerator(user, now) : false }), [user, now]);
  usePageTitle(ALERT_TEXT.pageTitle(room?.name ?? ''));

  // The top bar's 'Nouvelle notification' links here with `nouvelle=1`.
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('nouvelle') !== '1') return;
    setEditing('new');
    params.delete('nouvelle');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  useEffect(() => {
    void chat?.alerts?.showRoom(room?.id ?? null);
    return () => void chat?.alerts?.showRoom(null);
  }, [chat, room?.id]);

  return (
    <Layout data-thread={wide && commentsFor ? '' : undefined}>
      {phone ? (
        <RoomSheet rooms={rooms} currentRoomId={room?.id ?? null} onSelect={select} badges={badges} badgeLabel={alertBadgeLabel} open={roomSheet} onClose={() => setRoomSheet(false)} />
      ) : (
        <RoomSidePanel rooms={rooms} currentRoomId={room?.id ?? null} onSelect={select} badges={badges} badgeLabel={alertBadgeLabel} />
      )}
      <Main>
        {/* The screen's heading, for those who move by headings; the room list says the rest. */}
        <h1 className={visuallyHidden}>{ALERT_TEXT.pageTitle(room?.name ?? '')}</h1>
        {phone ? (
          <RoomsButton type="button" aria-haspopup="dialog" onClick={() => setRoomSheet(true)}>
            <Icon name="list" size={20} />
            {CHAT_TEXT.showRooms}
            {room ? <strong>{room.name}</strong> : null}
          </RoomsButton>
        ) : null}
        {room ? <AlertFeed room={room} rooms={rooms} onEdit={setEditing} onOpenComments={wide ? setCommentsFor : undefined} /> : null}
      </Main>
      {wide && commentsFor && commentRoom ? (
        <CommentsPanel aria-label="Commentaires de la notification">
          <PanelHeader title={commentsFor.title} closeLabel="Fermer les commentaires" onClose={() => setCommentsFor(null)} />
          <Comments key={commentsFor._id} alertId={commentsFor._id} room={commentRoom} viewer={viewer} />
        </CommentsPanel>
      ) : null}
      {editing !== null && room ? <AlertFormDialog alert={editing === 'new' ? null : editing} room={room} rooms={rooms} onClose={() => setEditing(null)} /> : null}
    </Layout>
  );
}

const alertBadgeLabel = (n: number) => `${n} nouvelle${n > 1 ? 's' : ''} notification${n > 1 ? 's' : ''}`;

/** The phone's room list opener: a list row (ui.tsx) naming the room shown at its end. */
const RoomsButton = styled(ListRowButton)`
  gap: 8px;
  padding: 0 12px;
  & strong {
    margin-left: auto;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const CommentsPanel = styled.aside`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-left: 1px solid var(--border);
  & > section {
    flex: 1;
    height: auto;
    margin: 0;
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;
