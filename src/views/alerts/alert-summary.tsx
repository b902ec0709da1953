import { styled } from '@linaria/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ALERT_TEXT } from '../../domain/alert-form';
import { dayMonthTime } from '../../domain/dates-fr';
import { visibleText } from '../../domain/message-format';
import { summaryExcerpt } from '../../domain/home-dashboard';
import { alert$, kv$, rooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { SUMMARY_KEY } from '../../sync/alerts-sync';
import { useChat } from '../chat/use-chat';
import { useQuery } from '../common/use-query';
import { ErrorText } from '../common/ui';
import { MessageText } from '../messaging/message-text';

/** The home page's latest alerts: up to 10, newest first. */
export function AlertSummary() {
  const chat = useChat();
  const rooms = useQuery(rooms$, [], [] as RoomDoc[]);
  // Every room: alerts of rooms the member cannot read come locked, shown as the VIP teaser.
  const roomIds = useMemo(() => rooms.map((r) => r.id), [rooms]);
  const ids = useQuery((db) => kv$<string[]>(db, SUMMARY_KEY), [], null);
  const [error, setError] = useState<string | null>(null);
  const key = roomIds.join(',');
  useEffect(() => {
    if (chat?.alerts && key !== '') void chat.alerts.loadSummary(key.split(',')).then(setError);
  }, [chat, key]);
  return (
    <Section aria-label="Dernières notifications">
      <h2>Dernières notifications</h2>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {ids === null ? <p>{ALERT_TEXT.loading}</p> : ids.length === 0 ? <p>{ALERT_TEXT.empty}</p> : null}
      <ul>
        {(ids ?? []).map((id) => (
          <SummaryItem key={id} id={id} rooms={rooms} />
        ))}
      </ul>
    </Section>
  );
}

const SummaryItem = memo(function SummaryItem({ id, rooms }: { id: string; rooms: RoomDoc[] }) {
  const alert = useQuery((db) => alert$(db, id), [id], null);
  const [open, setOpen] = useState(false);
  if (!alert) return null;
  const room = rooms.find((r) => r.id === alert.room);
  const excerpt = summaryExcerpt(visibleText(alert.content), open);
  const long = excerpt.cut;
  return (
    <li>
      <strong>{alert.title}</strong> · {dayMonthTime(new Date(alert.date))}
      {room ? (
        <>
          {' · '}
          <Link href={`/notification?room=${encodeURIComponent(room.name)}`}>{room.name}</Link>
        </>
      ) : null}
      <p>
        {alert.locked ? ALERT_TEXT.locked : open || !long ? <MessageText content={alert.content} /> : excerpt.text}
        {!alert.locked && long ? (
          <button type="button" onClick={() => setOpen((o) => !o)}>
            {open ? ALERT_TEXT.seeLess : ALERT_TEXT.seeMore}
          </button>
        ) : null}
      </p>
    </li>
  );
});

const Section = styled.section`
  margin-top: 24px;
  & h2 {
    font-size: 18px;
    margin: 0 0 8px;
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 10px;
  }
  & li p {
    margin: 4px 0 0;
    white-space: pre-wrap;
  }
  & li button {
    margin-left: 6px;
    border: none;
    background: transparent;
    color: var(--accent);
    cursor: pointer;
    text-decoration: underline;
  }
`;
