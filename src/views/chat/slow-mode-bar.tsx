import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { Icon } from '../common/icons';
import { SLOW_MODE_CHOICES, SLOW_MODE_TEXT } from '../../domain/slow-mode';
import { slowModeMachine } from '../../machines/slow-mode-machine';
import { kv$ } from '../../store/chat-queries';
import { SLOW_MODES_KEY } from '../../sync/message-state';
import { toast } from '../common/toast';
import { useQuery } from '../common/use-query';
import { useChat } from './use-chat';

/** A room's keyword filter, for moderators (issue 22): its own chunk, loaded when first opened. */
const KeywordFilterDialog = lazy(() => import('./keyword-filter-dialog').then((m) => ({ default: m.KeywordFilterDialog })));

/**
 * A room's slow mode above its composer (issue 22): for a member, the pace ('Mode lent : un
 * message toutes les 30 s') and after each send the countdown to the next; for a moderator (never
 * held), the choice of the pace and the room's keyword filter ('Filtre de mots'). Nothing shows
 * for a member in a room without it.
 */
export function SlowModeBar(props: { room: string; moderator: boolean; roomName: string; sentAt: number | null }) {
  const chat = useChat();
  const seconds = useQuery((db) => kv$<Record<string, number>>(db, SLOW_MODES_KEY), [], null)?.[props.room] ?? 0;
  const actor = useActorRef(slowModeMachine, { input: { seconds } });
  useEffect(() => actor.send({ type: 'slow.set', seconds }), [actor, seconds]);
  useEffect(() => {
    if (props.sentAt !== null && !props.moderator) actor.send({ type: 'slow.sent', at: props.sentAt });
  }, [actor, props.sentAt, props.moderator]);
  const readyAt = useSelector(actor, (snapshot) => (snapshot.matches('waiting') ? snapshot.context.readyAt : null));
  const left = useSecondsLeft(readyAt);
  const id = useId();
  const [filterOpen, setFilterOpen] = useState(false);
  const closeFilter = useCallback(() => setFilterOpen(false), []);

  if (props.moderator) {
    return (
      <Bar>
        <ToolButton type="button" aria-haspopup="dialog" onClick={() => setFilterOpen(true)}>
          <Icon name="filter" size={16} /> {CHAT_TEXT.keywordFilter}
        </ToolButton>
        {/* Out of the composer's form in the page (a form holds no form); its events stop at its own form. */}
        {filterOpen
          ? createPortal(
              <Suspense fallback={null}>
                <KeywordFilterDialog room={props.room} roomName={props.roomName} onClose={closeFilter} />
              </Suspense>,
              document.body,
            )
          : null}
        <label htmlFor={id}>{SLOW_MODE_TEXT.label}</label>
        <select
          id={id}
          value={seconds}
          onChange={(event) => {
            const next = Number(event.target.value);
            void chat?.setSlowMode(props.room, next).then((error) => (error ? toast.error(error) : toast.success(SLOW_MODE_TEXT.changed(props.roomName, next))));
          }}
        >
          {SLOW_MODE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {SLOW_MODE_TEXT.choice(choice)}
            </option>
          ))}
        </select>
      </Bar>
    );
  }
  if (seconds <= 0) return null;
  return <Bar role="status">{left > 0 ? SLOW_MODE_TEXT.wait(left) : SLOW_MODE_TEXT.notice(seconds)}</Bar>;
}

/** Whole seconds until `readyAt`, counted down once a second; 0 without a wait. */
function useSecondsLeft(readyAt: number | null): number {
  const leftAt = (now: number) => (readyAt === null ? 0 : Math.max(0, Math.ceil((readyAt - now) / 1000)));
  const [left, setLeft] = useState(() => leftAt(Date.now()));
  useEffect(() => {
    setLeft(leftAt(Date.now()));
    if (readyAt === null) return;
    const timer = setInterval(() => setLeft(leftAt(Date.now())), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the wait is the news
  }, [readyAt]);
  return left;
}

const ToolButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 32px;
  padding: 2px 8px;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: transparent;
  color: var(--text);
  font: inherit;
  cursor: pointer;
  @media (max-width: 900px) {
    min-height: 44px;
  }
`;
const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 4px 16px 0;
  font-size: 13px;
  color: var(--muted);
  & select {
    min-height: 32px;
    padding: 2px 8px;
    border-radius: 6px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    font: inherit;
  }
  @media (max-width: 900px) {
    & select {
      min-height: 44px;
    }
  }
`;
