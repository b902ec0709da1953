import { styled } from '@linaria/react';
import { memo, useCallback, useEffect, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { useLocation } from 'wouter';
import type { HeldMessage, ReportEntry } from '../../contract/reports';
import { KEYWORD_TEXT } from '../../domain/keyword-filter';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { dayMonthTime } from '../../domain/dates-fr';
import { inboxHref } from '../../domain/inbox';
import { visibleText } from '../../domain/message-format';
import { REPORT_TEXT } from '../../domain/report-text-fr';
import type { RoomDoc } from '../../store/schemas';
import { Dialog } from '../common/dialog';
import { Icon } from '../common/icons';
import { Tabs } from '../common/tabs';
import { useQuery } from '../common/use-query';
import { kv$ } from '../../store/chat-queries';
import { MODERATION_LOG_KEY } from '../../sync/message-state';
import type { moderationLogEntry } from '../../contract/moderation';
import type { z } from 'zod/mini';
import { MODERATION_LOG_TEXT } from '../../domain/moderation-log-text-fr';
import { toast } from '../common/toast';
import { Button } from '../common/ui';
import { useHeldMessages, useReports } from './reports-button';
import { ConfirmDialog } from './confirm-dialog';
import { useChat } from './use-chat';


type Tab = 'reports' | 'held' | 'log';
type LogEntry = z.infer<typeof moderationLogEntry>;
const NO_ENTRIES: LogEntry[] = [];

/**
 * The moderators' queues (issue 22), in two tabs. 'Signalements': each reported message with its
 * reasons, its reporters' words and who reported it; 'Aller au message' opens the room at it,
 * 'Classer sans suite' closes its reports, 'Supprimer le message' deletes it (asked first).
 * 'Messages retenus': the posts a room's keyword filter holds, each with the word that held it,
 * to 'Valider' (posted under its author's name) or 'Refuser'. Read again when it opens, kept live
 * by the moderators' socket events; a full-screen sheet on a phone.
 */
export function ReportsDialog(props: { open: boolean; onClose: () => void; rooms: readonly RoomDoc[] }) {
  const { open, onClose } = props;
  const chat = useChat();
  const entries = useReports();
  const held = useHeldMessages();
  const [tab, setTab] = useState<Tab>('reports');
  const log = useQuery((db) => kv$<LogEntry[]>(db, MODERATION_LOG_KEY), [], null) ?? NO_ENTRIES;
  // The log is read again each time its tab is shown.
  useEffect(() => {
    if (tab === 'log') void chat?.reports.refreshLog().then((error) => error && toast.error(error));
  }, [tab, chat]);
  const decide = useCallback(
    async (heldId: string, decision: 'approve' | 'reject') => {
      const error = (await chat?.reports.decideHeld(heldId, decision)) ?? null;
      if (error !== null) toast.error(error);
      else toast.success(decision === 'approve' ? KEYWORD_TEXT.approved : KEYWORD_TEXT.rejectedDone);
    },
    [chat],
  );
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState<string | null>(null);
  useEffect(() => {
    if (open) void chat?.reports.refresh();
  }, [open, chat]);
  const roomName = useCallback((id: string) => props.rooms.find((room) => room.id === id)?.name ?? id, [props.rooms]);
  const resolve = useCallback(
    async (messageId: string, action: 'dismiss' | 'delete') => {
      const error = (await chat?.reports.resolve(messageId, action)) ?? null;
      if (error !== null) toast.error(error);
      else toast.success(action === 'delete' ? REPORT_TEXT.deleted : REPORT_TEXT.dismissed);
    },
    [chat],
  );
  const goTo = useCallback(
    (entry: ReportEntry) => {
      onClose();
      navigate(inboxHref({ roomName: roomName(entry.message.room), message: entry.message.parentMessage ?? entry._id }));
    },
    [navigate, onClose, roomName],
  );

  return (
    <Dialog title={CHAT_TEXT.moderation} open={open} onClose={onClose} full>
      <Tabs
        label={CHAT_TEXT.moderation}
        tabs={[
          { key: 'reports', label: `${REPORT_TEXT.queue} (${entries.length})` },
          { key: 'held', label: `${KEYWORD_TEXT.queue} (${held.length})` },
          { key: 'log', label: MODERATION_LOG_TEXT.tab },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'reports' ? (
          entries.length === 0 ? (
            <Empty>{REPORT_TEXT.queueEmpty}</Empty>
          ) : (
            <Entries role="region" aria-label={REPORT_TEXT.queueCount(entries.length)}>
              <Virtuoso
                style={{ height: '100%' }}
                data={entries}
                computeItemKey={(_, entry) => entry._id}
                itemContent={(_, entry) => (
                  <ReportRow entry={entry} roomName={roomName(entry.message.room)} onGoTo={goTo} onDismiss={(id) => void resolve(id, 'dismiss')} onDelete={setDeleting} />
                )}
              />
            </Entries>
          )
        ) : tab === 'log' ? (
          <ModerationLog entries={log} roomName={roomName} />
        ) : held.length === 0 ? (
          <Empty>{KEYWORD_TEXT.queueEmpty}</Empty>
        ) : (
          <Entries role="region" aria-label={CHAT_TEXT.moderationWaiting(0, held.length)}>
            <Virtuoso
              style={{ height: '100%' }}
              data={held}
              computeItemKey={(_, entry) => entry._id}
              itemContent={(_, entry) => <HeldRow entry={entry} roomName={roomName(entry.room)} onDecide={(heldId, decision) => void decide(heldId, decision)} />}
            />
          </Entries>
        )}
      </Tabs>
      <Close>
        <Button type="button" variant="ghost" onClick={onClose}>
          <Icon name="close" size={18} /> {CHAT_TEXT.closePanel}
        </Button>
      </Close>
      {deleting !== null ? (
        <ConfirmDialog
          question={CHAT_TEXT.deleteQuestion}
          onAnswer={(yes) => {
            const id = deleting;
            setDeleting(null);
            if (yes) void resolve(id, 'delete');
          }}
        />
      ) : null}
    </Dialog>
  );
}

const ReportRow = memo(function ReportRow(props: {
  entry: ReportEntry;
  roomName: string;
  onGoTo: (entry: ReportEntry) => void;
  onDismiss: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { entry } = props;
  const count = entry.reasons.reduce((sum, r) => sum + r.count, 0);
  return (
    <Entry aria-label={REPORT_TEXT.entryTitle(props.roomName, count)}>
      <Head>
        <strong>{REPORT_TEXT.entryTitle(props.roomName, count)}</strong>
        <time dateTime={entry.lastReportedAt}>{dayMonthTime(new Date(entry.lastReportedAt))}</time>
      </Head>
      <Reasons>{entry.reasons.map((r) => `${REPORT_TEXT.reasons[r.reason]} (${r.count})`).join(' · ')}</Reasons>
      <Quote>
        <strong>{entry.message.sender.username}</strong> : {visibleText(entry.message.content) || '—'}
      </Quote>
      {entry.details.map((words, index) => (
        <Words key={index}>« {words} »</Words>
      ))}
      <By>{REPORT_TEXT.by(entry.reporters.map((r) => r.username).join(', '))}</By>
      <Buttons>
        <Button type="button" variant="ghost" onClick={() => props.onGoTo(entry)}>
          {REPORT_TEXT.goTo}
        </Button>
        <Button type="button" variant="ghost" onClick={() => props.onDismiss(entry._id)}>
          {REPORT_TEXT.dismiss}
        </Button>
        <Button type="button" variant="danger" onClick={() => props.onDelete(entry._id)}>
          {REPORT_TEXT.deleteMessage}
        </Button>
      </Buttons>
    </Entry>
  );
});

/** The moderation log: who did what, to whom, where and when, newest first. */
function ModerationLog({ entries, roomName }: { entries: readonly LogEntry[]; roomName: (id: string) => string }) {
  if (entries.length === 0) return <Empty>{MODERATION_LOG_TEXT.empty}</Empty>;
  return (
    <Entries role="region" aria-label={MODERATION_LOG_TEXT.tab}>
      <Virtuoso
        style={{ height: '100%' }}
        data={entries}
        computeItemKey={(_, entry) => entry.id}
        itemContent={(_, entry) => (
          <LogLine>
            <time dateTime={entry.date}>{dayMonthTime(new Date(entry.date))}</time>
            <span>{MODERATION_LOG_TEXT.sentence({ ...entry, room: entry.roomId === null ? null : roomName(entry.roomId) })}</span>
          </LogLine>
        )}
      />
    </Entries>
  );
}

/** A post held by a room's keyword filter: who, where, what, and the word that held it. */
const HeldRow = memo(function HeldRow(props: { entry: HeldMessage; roomName: string; onDecide: (heldId: string, decision: 'approve' | 'reject') => void }) {
  const { entry } = props;
  return (
    <Entry aria-label={`${props.roomName} · ${entry.sender.username}`}>
      <Head>
        <strong>
          {props.roomName} · {entry.sender.username}
        </strong>
        <time dateTime={entry.createdAt}>{dayMonthTime(new Date(entry.createdAt))}</time>
      </Head>
      <Reasons>{KEYWORD_TEXT.heldBecause(entry.keyword)}</Reasons>
      <Quote>{visibleText(entry.content) || '—'}</Quote>
      {entry.attachmentsCount > 0 ? (
        <By>
          <Icon name="paperclip" size={14} /> {entry.attachmentsCount}
        </By>
      ) : null}
      <Buttons>
        <Button type="button" variant="primary" onClick={() => props.onDecide(entry._id, 'approve')}>
          {KEYWORD_TEXT.approve}
        </Button>
        <Button type="button" variant="danger" onClick={() => props.onDecide(entry._id, 'reject')}>
          {KEYWORD_TEXT.reject}
        </Button>
      </Buttons>
    </Entry>
  );
});

const LogLine = styled.p`
  display: grid;
  gap: 2px;
  margin: 0;
  padding: 8px 4px;
  border-bottom: 1px solid var(--border);
  overflow-wrap: anywhere;
  & time {
    color: var(--muted);
    font-size: 13px;
  }
`;
const Entries = styled.div`
  height: min(60dvh, 560px);
  @media (max-width: 600px) {
    height: calc(100dvh - 150px);
  }
`;
const Entry = styled.article`
  display: grid;
  gap: 4px;
  padding: 12px 4px;
  border-bottom: 1px solid var(--border);
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  & time {
    color: var(--muted);
    font-size: 13px;
    white-space: nowrap;
  }
`;
const Reasons = styled.p`
  margin: 0;
  font-size: 14px;
  color: var(--danger);
`;
const Quote = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;
const Words = styled.p`
  margin: 0;
  font-style: italic;
  color: var(--muted);
  overflow-wrap: anywhere;
`;
const By = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--muted);
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 4px;
`;
const Close = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 12px;
`;
const Empty = styled.p`
  color: var(--muted);
`;
