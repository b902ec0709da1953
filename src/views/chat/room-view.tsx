import { styled } from '@linaria/react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { of } from 'rxjs';
import { Link } from 'wouter';
import { SUBSCRIPTION } from '../../domain/subscription-ids';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { banDisplayDate } from '../../domain/message-grouping';
import { expiryOf, isBanned, isModerator, isVip } from '../../domain/subscriptions';
import { kv$, pins$, threads$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { usersCountKey } from '../../sync/chat-sync';
import { roomStream } from '../../sync/message-state';
import { Dialog } from '../common/dialog';
import { buttonClass } from '../common/ui';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { Composer, ComposerNotice } from './composer';
import { MessageList } from './message-list';
import { PinsPanel, SearchPanel, ThreadsPanel } from './room-panels';
import { useQuery } from './use-chat';
import { rememberLogPlace } from './log-place';
import { useApp } from '../app-context';
import type { ChatMessage } from '../../contract/chat';
import { frenchFormat } from '../../domain/dates-fr';

type Panel = 'threads' | 'pins' | 'search' | null;
const NONE: ChatMessage[] = [];
const banDate = frenchFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One room: its header, its log (or the locked teaser) and its composer (spec 2 §2). Memoised: the
 * room list's badges change with every message of the other rooms, this room's view does not.
 */
export const RoomView = memo(function RoomView({ room, onOpenThread, onToggleAlerts, alertsOpen }: { room: RoomDoc; onOpenThread: (id: string) => void; onToggleAlerts?: () => void; alertsOpen?: boolean }) {
  const user = useCurrentUser();
  const now = useNow();
  const stream = roomStream(room.id);
  const usersCount = useQuery((db) => kv$<number>(db, usersCountKey(room.id)), [room.id], null);
  // The header's counts read the store once the log's first rows are shown, not against them.
  const [shownStream, setShownStream] = useState<string | null>(null);
  const shown = shownStream === stream;
  const { storage, firstPaint } = useApp();
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
  const [panel, setPanel] = useState<Panel>(null);
  const [unauthorizedOpen, setUnauthorizedOpen] = useState(!room.canRead);
  const viewer = useMemo(() => ({ id: user?.id ?? 0, moderator: user ? isModerator(user, now) : false }), [user, now]);
  // The next visit paints its first rows where this log is, for this viewer (once the member is known).
  const { id: viewerId, moderator } = viewer;
  useEffect(() => {
    if (shown && log !== null && viewerId !== 0) rememberLogPlace(storage, log, { id: viewerId, moderator }, { width: window.innerWidth, height: window.innerHeight });
  }, [shown, log, viewerId, moderator, storage]);
  const banned = user !== null && isBanned(user, now);
  const banExpiry = user ? expiryOf(user, SUBSCRIPTION.CHAT_BAN) : null;
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));

  return (
    <Main aria-label={room.name}>
      <Header>
        <h1>{room.name}</h1>
        {usersCount !== null ? <Count>{CHAT_TEXT.usersCount(usersCount)}</Count> : null}
        <Spacer />
        {room.canRead ? (
          <>
            <HeaderButton type="button" aria-pressed={panel === 'search'} onClick={() => toggle('search')}>
              🔍 <span>{CHAT_TEXT.searchLabel}</span>
            </HeaderButton>
            <HeaderButton type="button" aria-pressed={panel === 'threads'} onClick={() => toggle('threads')}>
              🧵 <span>{CHAT_TEXT.threads}</span>
              {threads.length > 0 ? <Badge>{threads.length}</Badge> : null}
            </HeaderButton>
            <HeaderButton type="button" aria-pressed={panel === 'pins'} onClick={() => toggle('pins')}>
              📌 <span>{CHAT_TEXT.pins}</span>
              {pins.length > 0 ? <Badge>{pins.length}</Badge> : null}
            </HeaderButton>
            {onToggleAlerts ? (
              <HeaderButton type="button" aria-pressed={alertsOpen ?? false} onClick={onToggleAlerts}>
                🔔 <span>Notifications</span>
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
          {panel === 'threads' ? <ThreadsPanel threads={threads} onOpenThread={onOpenThread} onClose={() => setPanel(null)} /> : null}
          {panel === 'pins' ? <PinsPanel room={room} pins={pins} viewer={viewer} onClose={() => setPanel(null)} /> : null}
          <MessageList key={stream} stream={stream} ref={{ room: room.id }} viewer={viewer} inThread={false} onOpenThread={onOpenThread} onShown={onShown} />
        </Body>
      )}
      {room.canRead && banned && banExpiry ? (
        <ComposerNotice role="status">
          {CHAT_TEXT.banned} {banDate(banDisplayDate(banExpiry))}
        </ComposerNotice>
      ) : room.canRead && room.canWrite ? (
        <Composer key={stream} stream={stream} canSendAttachments={room.canSendAttachments} />
      ) : room.canRead ? (
        <ComposerNotice>{CHAT_TEXT.readOnly}</ComposerNotice>
      ) : null}
    </Main>
  );
});

const Main = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
`;
const Header = styled.header`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  & h1 {
    margin: 0;
    font-size: 18px;
  }
`;
const Count = styled.span`
  font-size: 13px;
  color: var(--muted);
`;
const Spacer = styled.span`
  flex: 1;
`;
const HeaderButton = styled.button`
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
  cursor: pointer;
  &[aria-pressed='true'] {
    background: var(--accent);
    color: var(--accent-contrast);
  }
  @media (max-width: 600px) {
    & span:not(:last-child) {
      display: none;
    }
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
