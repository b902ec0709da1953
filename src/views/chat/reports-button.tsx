import { styled } from '@linaria/react';
import { useEffect } from 'react';
import type { HeldMessage, ReportEntry } from '../../contract/reports';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { kv$ } from '../../store/chat-queries';
import { HELD_KEY, REPORTS_KEY } from '../../sync/message-state';
import { Icon } from '../common/icons';
import { CountBadge } from '../common/ui';
import { useQuery } from '../common/use-query';
import { useChat } from './use-chat';

const NONE: ReportEntry[] = [];
const NONE_HELD: HeldMessage[] = [];
/** The moderators' queue as stored, most recently reported first. */
export const useReports = (): ReportEntry[] => useQuery((db) => kv$<ReportEntry[]>(db, REPORTS_KEY), [], null) ?? NONE;
/** The posts the rooms' keyword filters hold, oldest first. */
export const useHeldMessages = (): HeldMessage[] => useQuery((db) => kv$<HeldMessage[]>(db, HELD_KEY), [], null) ?? NONE_HELD;

/** 'Modération' under a moderator's room list (issue 22), with how many reports and held posts wait. */
export function ReportsButton({ onOpen }: { onOpen: () => void }) {
  const chat = useChat();
  const reports = useReports().length;
  const held = useHeldMessages().length;
  const count = reports + held;
  // The queue's count is right from the start (once the first screen is shown), not only once opened.
  useEffect(() => void chat?.reports.refreshSoon(), [chat]);
  return (
    <QueueButton type="button" aria-haspopup="dialog" title={CHAT_TEXT.moderation} onClick={onOpen}>
      <Icon name="flag" size={16} />
      <span>{CHAT_TEXT.moderation}</span>
      {count > 0 ? <CountBadge aria-label={CHAT_TEXT.moderationWaiting(reports, held)}>{count}</CountBadge> : null}
    </QueueButton>
  );
}

const QueueButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  margin: 0 6px 6px;
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
