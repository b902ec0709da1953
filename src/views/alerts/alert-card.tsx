import { styled } from '@linaria/react';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { toast } from '../common/toast';
import { Link } from 'wouter';
import type { Alert, Trade } from '../../contract/alerts';
import type { Attachment } from '../../contract/chat';
import { ALERT_TEXT, TRADE_UPDATE_TEXT, tradeUpdateLine } from '../../domain/alert-form';
import { dayMonthTime } from '../../domain/dates-fr';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { isModerator } from '../../domain/subscriptions';
import { alert$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { alertStream } from '../../sync/message-state';
import { Composer } from '../chat/composer';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { MessageList } from '../chat/message-list';
import { useChat } from '../chat/use-chat';
import { useQuery } from '../common/use-query';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { MessageText } from '../messaging/message-text';
import { MentionBadge } from '../common/panel-header';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ringOnce } from '../common/ring';
import { levelIn, levelNotifies } from '../../domain/notification-level';
import { useRoomLevels } from '../chat/use-room-levels';

const AUDIO_RATES = [2, 1.5, 1, 0.5] as const;
/** Who acknowledged an urgent alert: its own chunk. */
const AcksDialog = lazy(() => import('./acks-dialog').then((m) => ({ default: m.AcksDialog })));
/** 'Mettre à jour le trade': its own chunk. */
const TradeUpdateDialog = lazy(() => import('./trade-update-dialog').then((m) => ({ default: m.TradeUpdateDialog })));
/** An urgent alert older than this no longer rings when it shows. */
const RING_WITHIN_MS = 10 * 60_000;

/** One alert: author, date, title, content (or the VIP blur), attachments, trade, likes, comments. */
export const AlertCard = memo(function AlertCard(props: {
  id: string;
  rooms: RoomDoc[];
  onEdit: (alert: Alert) => void;
  /** Wider than 1600px the comments open in the page's side panel instead of under the card. */
  onOpenComments?: (alert: Alert) => void;
}) {
  const alert = useQuery((db) => alert$(db, props.id), [props.id], null);
  const chat = useChat();
  const user = useCurrentUser();
  const now = useNow();
  const [comments, setComments] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [unauthorized, setUnauthorized] = useState(false);
  const [tradeUpdate, setTradeUpdate] = useState(false);
  const [acks, setAcks] = useState(false);
  const viewer = useMemo(() => ({ id: user?.id ?? 0, moderator: user ? isModerator(user, now) : false }), [user, now]);
  // A fresh urgent alert still to acknowledge rings when it shows (issue 22), unless the member's level in its room keeps alerts quiet.
  const levels = useRoomLevels();
  const ringing =
    alert !== null &&
    alert.urgent &&
    !alert.acknowledged &&
    !alert.me &&
    !alert.locked &&
    Date.now() - Date.parse(alert.date) < RING_WITHIN_MS &&
    levelNotifies(levelIn(levels, alert.room), 'alert');
  useEffect(() => {
    if (ringing) ringOnce(props.id);
  }, [ringing, props.id]);
  if (!alert) return null;
  const room = props.rooms.find((r) => r.id === alert.room);
  const mayEdit = alert.me || viewer.moderator;

  return (
    <Card aria-label={alert.title} data-locked={alert.locked ? '' : undefined} data-urgent={alert.urgent ? '' : undefined}>
      <Header>
        {alert.urgent ? (
          <Urgent>
            <Icon name="bell" size={14} /> {ALERT_TEXT.urgent}
          </Urgent>
        ) : null}
        <strong>{alert.user.username}</strong>
        {alert.user.mention ? <MentionBadge>{alert.user.mention}</MentionBadge> : null}
        <time dateTime={alert.date}>{dayMonthTime(new Date(alert.date))}</time>
        {room ? <Link href={`/notification?room=${encodeURIComponent(room.name)}`}>{room.name}</Link> : null}
      </Header>
      <Title>{alert.title}</Title>
      {alert.locked ? (
        <Locked>
          <p aria-hidden>Entrée, stop et objectifs du trade, analyse détaillée du coach.</p>
          <Link href="/profil/abonnements">{ALERT_TEXT.locked}</Link>
        </Locked>
      ) : (
        <>
          {alert.content ? (
            <Content>
              <MessageText content={alert.content} />
            </Content>
          ) : null}
          <Attachments attachments={alert.attachments} />
          {alert.trade ? <TradeBlock trade={alert.trade} /> : null}
        </>
      )}
      <Actions>
        <button type="button" aria-pressed={alert.liked} aria-label={`${CHAT_TEXT.like} : ${alert.likesCount}`} onClick={() => void chat?.alerts?.like(alert._id, alert.room, !alert.liked).then((e) => e && toast.error(e))}>
          <Icon name="heart" size={16} fill={alert.liked ? 'currentColor' : 'none'} />
          {/* Said by the name, where it is a word ('J'aime : 3'): label in name. */}
          <span aria-hidden="true">{alert.likesCount}</span>
        </button>
        <button
          type="button"
          aria-expanded={comments}
          onClick={() => {
            if (alert.locked || !room?.canRead) setUnauthorized(true);
            else if (props.onOpenComments) props.onOpenComments(alert);
            else setComments((open) => !open);
          }}
        >
          <Icon name="chat" size={16} /> {alert.repliesCount} commentaire{alert.repliesCount > 1 ? 's' : ''}
        </button>
        {alert.urgent && !alert.me && !alert.locked ? (
          <button
            type="button"
            aria-pressed={alert.acknowledged}
            disabled={alert.acknowledged}
            onClick={() => void chat?.alerts?.acknowledge(alert._id, alert.room).then((e) => e && toast.error(e))}
          >
            <Icon name="check" size={16} /> {alert.acknowledged ? ALERT_TEXT.acknowledged : ALERT_TEXT.acknowledge}
          </button>
        ) : null}
        {alert.urgent && (alert.me || viewer.moderator) ? (
          <button type="button" aria-haspopup="dialog" onClick={() => setAcks(true)}>
            <Icon name="check" size={16} /> {ALERT_TEXT.acksCount(alert.acksCount)}
          </button>
        ) : null}
        {mayEdit && alert.trade && !alert.trade.updates.some((u) => u.kind === 'closed') ? (
          <button type="button" aria-haspopup="dialog" onClick={() => setTradeUpdate(true)}>
            {TRADE_UPDATE_TEXT.button}
          </button>
        ) : null}
        {mayEdit ? (
          <>
            <button type="button" onClick={() => props.onEdit(alert)}>
              Modifier
            </button>
            <button type="button" onClick={() => setConfirm(true)}>
              {CHAT_TEXT.deleteMessage}
            </button>
          </>
        ) : null}
      </Actions>
      {acks ? (
        <Suspense fallback={null}>
          <AcksDialog alertId={alert._id} onClose={() => setAcks(false)} />
        </Suspense>
      ) : null}
      {tradeUpdate ? (
        <Suspense fallback={null}>
          <TradeUpdateDialog alertId={alert._id} onClose={() => setTradeUpdate(false)} />
        </Suspense>
      ) : null}
      {comments && room ? <Comments alertId={alert._id} room={room} viewer={viewer} /> : null}
      <ConfirmDialog
        question={confirm ? ALERT_TEXT.deleteQuestion : null}
        onAnswer={(yes) => {
          setConfirm(false);
          if (yes) void chat?.alerts?.remove(alert._id, alert.room).then((e) => e && toast.error(e));
        }}
      />
      <Dialog title={CHAT_TEXT.lockedRoomTitle} open={unauthorized} onClose={() => setUnauthorized(false)}>
        <p>{ALERT_TEXT.locked}</p>
        <Link href="/profil/abonnements">{CHAT_TEXT.seeOffers}</Link>
      </Dialog>
    </Card>
  );
});

/** The comments under an alert: joined while open, with their own composer. */
export function Comments(props: { alertId: string; room: RoomDoc; viewer: { id: number; moderator: boolean } }) {
  const chat = useChat();
  const stream = alertStream(props.alertId);
  useEffect(() => {
    if (!chat) return;
    void chat.openThread({ alertId: props.alertId });
    return () => chat.closeThread({ alertId: props.alertId });
  }, [chat, props.alertId]);
  return (
    <Thread aria-label="Commentaires">
      <MessageList key={`log:${stream}`} stream={stream} ref={{ alertId: props.alertId }} viewer={props.viewer} inThread />
      {props.room.canWrite ? <Composer key={`composer:${stream}`} stream={stream} /> : null}
    </Thread>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  const images = attachments.filter((a) => a.attachmentType === 'image');
  const others = attachments.filter((a) => a.attachmentType !== 'image');
  return (
    <>
      {images.length > 0 ? (
        <Grid>
          {images.map((a) => (
            <img key={a._id} src={a.thumbnail ?? a.resourceUrl} alt={a.name} loading="lazy" style={{ aspectRatio: a.width && a.height ? `${a.width} / ${a.height}` : '4 / 3' }} />
          ))}
        </Grid>
      ) : null}
      {others.map((a) =>
        a.attachmentType === 'audio' ? (
          <AudioPlayer key={a._id} attachment={a} />
        ) : a.attachmentType === 'video' ? (
          <video key={a._id} src={a.resourceUrl} controls preload="metadata" style={{ width: '100%', maxWidth: 480 }} />
        ) : (
          <a key={a._id} href={a.resourceUrl} target="_blank" rel="noreferrer">
            <Icon name="file" size={16} /> {a.name}
          </a>
        ),
      )}
    </>
  );
}

/** The feed's audio player: rates 2, 1.5, 1 and 0.5 (spec 2 §2 "Other"). */
function AudioPlayer({ attachment }: { attachment: Attachment }) {
  const [rate, setRate] = useState(1);
  return (
    <AudioRow>
      <audio src={attachment.resourceUrl} controls preload="none" ref={(el) => void (el && (el.playbackRate = rate))} />
      <select aria-label="Vitesse de lecture" value={rate} onChange={(e) => setRate(Number(e.target.value))}>
        {AUDIO_RATES.map((r) => (
          <option key={r} value={r}>
            ×{r}
          </option>
        ))}
      </select>
    </AudioRow>
  );
}

const price = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });
function TradeBlock({ trade }: { trade: Trade }) {
  const rows: [string, number | null][] = [
    ['Entrée', trade.enter],
    ['Stop', trade.sl],
    ['Break-even', trade.be],
    ['TP1', trade.tp1],
    ['TP2', trade.tp2],
    ['TP3', trade.tp3],
  ];
  return (
    <>
      <TradeTable aria-label={`Trade ${trade.name}`}>
        <caption>
          {trade.name} {trade.order ? <Order data-order={trade.order}>{trade.order}</Order> : null}
        </caption>
        <tbody>
          <tr>
            {rows
              .filter(([, value]) => value !== null)
              .map(([label, value]) => (
                <td key={label}>
                  <span>{label}</span> {price.format(value!)}
                </td>
              ))}
          </tr>
        </tbody>
      </TradeTable>
      {trade.updates.length > 0 ? (
        <Timeline aria-label={TRADE_UPDATE_TEXT.timeline}>
          {trade.updates.map((update, index) => (
            <li key={index}>
              <time dateTime={update.date}>{dayMonthTime(new Date(update.date))}</time> {tradeUpdateLine(update, (value) => price.format(value))}
            </li>
          ))}
        </Timeline>
      ) : null}
    </>
  );
}

const Timeline = styled.ol`
  margin: 6px 0 0;
  padding: 0 0 0 18px;
  font-size: 13px;
  & time {
    color: var(--muted);
  }
`;
const Card = styled.article`
  margin: 10px 16px;
  padding: 12px 14px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  &[data-urgent] {
    border: 2px solid var(--danger);
  }
`;
const Urgent = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 0 6px;
  border-radius: 4px;
  background: var(--danger);
  color: var(--danger-contrast);
  font-weight: 700;
`;
const Header = styled.header`
  display: flex;
  gap: 8px;
  align-items: baseline;
  flex-wrap: wrap;
  font-size: 13px;
  & time {
    color: var(--muted);
  }
`;
const Title = styled.h3`
  margin: 6px 0;
  font-size: 16px;
`;
const Content = styled.p`
  margin: 4px 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
const Locked = styled.div`
  & p {
    filter: blur(5px);
    user-select: none;
    margin: 4px 0;
  }
  & a {
    font-weight: 600;
  }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 6px;
  margin: 6px 0;
  & img {
    width: 100%;
    object-fit: cover;
    border-radius: 6px;
    background: var(--border);
  }
`;
const AudioRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  margin: 6px 0;
`;
const TradeTable = styled.table`
  margin: 8px 0;
  border-collapse: collapse;
  font-size: 13px;
  & caption {
    text-align: left;
    font-weight: 700;
    margin-bottom: 4px;
  }
  & td {
    padding: 4px 10px 4px 0;
  }
  & td span {
    color: var(--muted);
  }
`;
const Order = styled.span`
  padding: 1px 6px;
  border-radius: 6px;
  color: var(--accent-contrast);
  background: var(--accent);
  &[data-order='SELL'] {
    color: var(--danger-contrast);
    background: var(--danger);
  }
`;
const Actions = styled.div`
  display: flex;
  gap: 6px;
  margin-top: 6px;
  & button {
    border: 1px solid var(--border);
    border-radius: 6px;
    background: transparent;
    color: var(--text);
    font: inherit;
    font-size: 12px;
    padding: 2px 8px;
    cursor: pointer;
  }
  & button[aria-pressed='true'] {
    color: var(--danger);
  }
`;
const Thread = styled.section`
  display: flex;
  flex-direction: column;
  height: 320px;
  margin-top: 8px;
  border-top: 1px solid var(--border);
`;
