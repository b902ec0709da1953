import { styled } from '@linaria/react';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useLocation } from 'wouter';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { dayMonthTime } from '../../domain/dates-fr';
import { inboxHref, type InboxEntry } from '../../domain/inbox';
import { visibleText } from '../../domain/message-format';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { ListRowButton } from '../common/ui';
import { useChat } from './use-chat';
import { useInboxEntries } from './use-inbox-entries';

/**
 * 'Non lus' (issue 21): every room and followed thread with unread messages and every unread
 * mention, newest first across rooms, in a virtualised list; an entry opens the room at its
 * message (and its thread). ↑/↓ move between entries. Refreshed from the server when it opens;
 * a full-screen sheet on a phone.
 */
export function InboxDialog(props: {
  open: boolean;
  onClose: () => void;
  onMarkAllRead: () => void;
  /** A thread's entry: the page opens the thread once its room is shown. */
  onOpenThread: (target: { room: string; parent: string }) => void;
}) {
  const { open, onClose, onOpenThread } = props;
  const chat = useChat();
  const entries = useInboxEntries();
  const [, navigate] = useLocation();
  const list = useRef<VirtuosoHandle>(null);
  useEffect(() => {
    if (open) void chat?.inbox.refreshIfStale();
  }, [open, chat]);
  const openEntry = useCallback(
    (entry: InboxEntry) => {
      onClose();
      navigate(inboxHref(entry));
      if (entry.thread !== null) onOpenThread({ room: entry.room, parent: entry.thread });
    },
    [navigate, onClose, onOpenThread],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-entry]');
    const at = current ? Number(current.dataset.entry) : -1;
    const next = Math.min(entries.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    event.preventDefault();
    list.current?.scrollIntoView({
      index: next,
      done: () => event.currentTarget?.querySelector<HTMLElement>(`[data-entry="${next}"]`)?.focus(),
    });
    // When the row is already on screen, `done` may run before the list settles: focus it now too.
    (event.currentTarget.querySelector<HTMLElement>(`[data-entry="${next}"]`) ?? null)?.focus();
  };

  return (
    <Dialog title={CHAT_TEXT.inbox} open={open} onClose={onClose} full>
      {entries.length === 0 ? (
        <Empty>{CHAT_TEXT.inboxEmpty}</Empty>
      ) : (
        <Entries role="region" aria-label={CHAT_TEXT.inboxList} onKeyDown={onKeyDown}>
          <Virtuoso
            ref={list}
            style={{ height: '100%' }}
            data={entries}
            computeItemKey={(_, entry) => entry.key}
            itemContent={(index, entry) => <InboxRow index={index} entry={entry} onOpen={openEntry} />}
          />
        </Entries>
      )}
      <Actions>
        <ActionButton type="button" onClick={props.onMarkAllRead} disabled={entries.length === 0}>
          <Icon name="check" size={18} />
          {CHAT_TEXT.markAllRead}
        </ActionButton>
        <ActionButton type="button" onClick={onClose}>
          <Icon name="close" size={18} />
          {CHAT_TEXT.closePanel}
        </ActionButton>
      </Actions>
    </Dialog>
  );
}

/** One entry: what it is, where, its excerpt and its date; a button that opens it. */
const InboxRow = memo(function InboxRow({ index, entry, onOpen }: { index: number; entry: InboxEntry; onOpen: (entry: InboxEntry) => void }) {
  const title =
    entry.kind === 'room'
      ? CHAT_TEXT.inboxRoom(entry.roomName, entry.unread)
      : entry.kind === 'thread'
        ? CHAT_TEXT.inboxThread(entry.roomName, entry.unread)
        : CHAT_TEXT.inboxMention(entry.author ?? '', entry.roomName);
  return (
    <Row type="button" data-entry={index} data-kind={entry.kind} onClick={() => onOpen(entry)}>
      <Icon name={entry.kind === 'room' ? 'chat' : entry.kind === 'thread' ? 'thread' : 'at'} size={20} />
      <Text>
        <strong>{title}</strong>
        {entry.excerpt ? <Excerpt>{visibleText(entry.excerpt)}</Excerpt> : null}
      </Text>
      {entry.date ? <When dateTime={entry.date}>{dayMonthTime(new Date(entry.date))}</When> : null}
    </Row>
  );
});

const Entries = styled.div`
  height: min(60dvh, 520px);
  @media (max-width: 600px) {
    height: calc(100dvh - 150px);
  }
`;
/** An entry: its icon and two lines of text at the top, however tall the row. */
const Row = styled(ListRowButton)`
  align-items: flex-start;
  min-height: 56px;
  padding: 8px 10px;
`;
const Text = styled.span`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 2px;
`;
const Excerpt = styled.span`
  color: var(--muted);
  font-size: 13px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const When = styled.time`
  flex: none;
  color: var(--muted);
  font-size: 12px;
`;
const Empty = styled.p`
  color: var(--muted);
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 12px;
`;
const ActionButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 14px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  font: inherit;
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;
