import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { ALERT_TEXT } from '../../domain/alert-form';
import { alertFilterMachine, appliedFilter, DEFAULT_SELECTION, type AlertFilterSelection } from '../../machines/alert-filter-machine';
import { kv$, urgentToAcknowledge$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { FEED_KEY, type FeedRequest, type FeedState } from '../../sync/alerts-sync';
import { useApp } from '../app-context';
import { useChat } from '../chat/use-chat';
import { useQuery } from '../common/use-query';
import { ErrorText, virtuosoFill } from '../common/ui';
import type { Alert } from '../../contract/alerts';
import { AlertCard } from './alert-card';

export const FILTER_KEY = 'alertFilter';
const NONE: string[] = [];

/** The alert feed of the notification page: filters, then the cards, newest first (spec 2 §2). */
export function AlertFeed(props: { room: RoomDoc; rooms: RoomDoc[]; onEdit: (alert: Alert) => void; onOpenComments?: (alert: Alert) => void }) {
  const { storage } = useApp();
  const chat = useChat();
  const filter = useActorRef(
    alertFilterMachine.provide({
      actions: { persist: (_, selection) => storage.setItem(FILTER_KEY, JSON.stringify(selection)) },
    }),
    { input: storedSelection(storage) },
  );
  const selection = useSelector(filter, (s) => s.context);
  const typing = useSelector(filter, (s) => s.matches('typing'));
  const applied = useMemo(() => appliedFilter(selection), [selection]);
  // Every active room: alerts of rooms the member cannot read arrive locked (the VIP teaser).
  const allRooms = useMemo(() => props.rooms.map((r) => r.id), [props.rooms]);

  // The rooms the feed asks for: the current one, the named set, or every active room.
  const request = useMemo<FeedRequest>(() => {
    const rooms = applied.roomMode === 'all' ? allRooms : applied.roomMode === 'rooms' ? applied.rooms : [props.room.id];
    return { rooms, author: applied.author, alertType: applied.alertType, query: applied.query };
  }, [applied, allRooms, props.room.id]);
  useEffect(() => {
    if (typing || !chat?.alerts) return;
    void chat.alerts.loadFeed(request, false);
  }, [chat, request, typing]);

  const feed = useQuery((db) => kv$<FeedState>(db, FEED_KEY), [], null);
  const feedIds = feed?.ids ?? NONE;
  // Urgent alerts the member has not acknowledged stay on top (issue 22).
  const pending = useQuery((db) => urgentToAcknowledge$(db, feedIds), [feedIds], NONE);
  const ids = useMemo(() => (pending.length === 0 ? feedIds : [...pending, ...feedIds.filter((id) => !pending.includes(id))]), [pending, feedIds]);

  return (
    <>
      <Filters aria-label="Filtres des notifications">
        <select
          aria-label="Type de notification"
          value={selection.alertType}
          onChange={(e) => filter.send({ type: 'filter.type', alertType: e.target.value === 'audio' ? 'audio' : 'all' })}
        >
          <option value="all">Toutes</option>
          <option value="audio">Audio</option>
        </select>
        <select aria-label="Auteur" value={selection.author ?? ''} onChange={(e) => filter.send({ type: 'filter.author', author: e.target.value || null })}>
          <option value="">Tous les auteurs</option>
          {(feed?.authors ?? []).map((a) => (
            <option key={a._id} value={a._id}>
              {a.username}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" checked={selection.roomMode === 'current'} onChange={(e) => filter.send({ type: 'filter.current', checked: e.target.checked })} /> Room actuelle
        </label>
        <label>
          <input type="checkbox" checked={selection.roomMode === 'all'} onChange={() => filter.send({ type: 'filter.all' })} /> Toutes les rooms
        </label>
        {props.rooms.map((r) => (
            <label key={r.id}>
              <input type="checkbox" checked={selection.roomMode === 'rooms' && selection.rooms.includes(r.id)} onChange={() => filter.send({ type: 'filter.room', room: r.id })} /> {r.name}
            </label>
          ))}
        <input type="search" aria-label="Rechercher une notification" placeholder="Rechercher une notification" value={selection.query} onChange={(e) => filter.send({ type: 'filter.query', query: e.target.value })} />
      </Filters>
      {feed?.status === 'error' ? <ErrorText role="alert">{feed.error}</ErrorText> : null}
      {feed?.status === 'loading' && ids.length === 0 ? <Note>{ALERT_TEXT.loading}</Note> : null}
      {feed?.status === 'done' && ids.length === 0 ? <Note>{ALERT_TEXT.empty}</Note> : null}
      <div className={virtuosoFill}>
        <Virtuoso
          role="region"
          aria-label="Notifications"
          data={ids}
          computeItemKey={(_, id) => id}
          endReached={() => {
            if (feed?.cursor && chat?.alerts) void chat.alerts.loadFeed(request, true);
          }}
          itemContent={(_, id) => <AlertCard id={id} rooms={props.rooms} onEdit={props.onEdit} onOpenComments={props.onOpenComments} />}
          components={{ Footer: () => (feed?.status === 'loading' && ids.length > 0 ? <Note>{ALERT_TEXT.loading}</Note> : null) }}
        />
      </div>
    </>
  );
}

function storedSelection(storage: Storage): AlertFilterSelection {
  try {
    const raw: unknown = JSON.parse(storage.getItem(FILTER_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return DEFAULT_SELECTION;
    const s = raw as Partial<AlertFilterSelection>;
    return {
      alertType: s.alertType === 'audio' ? 'audio' : 'all',
      author: typeof s.author === 'string' ? s.author : null,
      roomMode: s.roomMode === 'rooms' || s.roomMode === 'all' ? s.roomMode : 'current',
      rooms: Array.isArray(s.rooms) ? s.rooms.filter((r): r is string => typeof r === 'string') : [],
      query: typeof s.query === 'string' ? s.query : '',
    };
  } catch {
    // A corrupt stored selection is replaced, never fatal.
    return DEFAULT_SELECTION;
  }
}

const Filters = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  font-size: 13px;
  & select,
  & input[type='search'] {
    height: 32px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    padding: 0 8px;
  }
  /* On a phone each checkbox's label is its 44px target. */
  @media (max-width: 900px) {
    row-gap: 0;
    & label {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      min-height: 44px;
    }
  }
`;
const Note = styled.p`
  margin: 16px;
  color: var(--muted);
  text-align: center;
`;
