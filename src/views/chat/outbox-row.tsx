import { styled } from '@linaria/react';
import { memo } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import type { OutboxDoc } from '../../store/schemas';
import { Icon } from '../common/icons';
import { MessageText } from '../messaging/message-text';
import { useChat } from './use-chat';

/** A message the server has not confirmed: shown at once, then replaced by its echo. */
export const OutboxRow = memo(function OutboxRow({ entry }: { entry: OutboxDoc }) {
  const chat = useChat();
  return (
    <Row data-status={entry.status} aria-label={entry.status === 'failed' ? CHAT_TEXT.failed : CHAT_TEXT.pending}>
      <Content>
        <MessageText content={entry.content} />
      </Content>
      {entry.attachments.length > 0 ? (
        <Small>
          <Icon name="paperclip" size={14} /> {entry.attachments.map((a) => a.name).join(', ')}
        </Small>
      ) : null}
      {entry.status === 'pending' ? (
        <Small>{CHAT_TEXT.pending}</Small>
      ) : (
        <Failed role="alert">
          {CHAT_TEXT.failed} : {entry.error}
          <button type="button" onClick={() => void chat?.retry(entry.clientId)}>
            <Icon name="retry" size={16} />
            {CHAT_TEXT.retry}
          </button>
          <button type="button" onClick={() => void chat?.discard(entry.clientId)}>
            <Icon name="trash" size={16} />
            {CHAT_TEXT.discard}
          </button>
        </Failed>
      )}
    </Row>
  );
});

const Row = styled.article`
  padding: 4px 16px 4px 60px;
  opacity: 0.7;
  &[data-status='failed'] {
    opacity: 1;
  }
`;
const Content = styled.p`
  margin: 2px 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
const Small = styled.p`
  display: flex;
  align-items: center;
  gap: 4px;
  margin: 0;
  font-size: 12px;
  color: var(--muted);
`;
const Failed = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--danger);
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
  & button {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-height: 44px;
    padding: 0 10px;
    border: 1px solid var(--border);
    border-radius: 6px;
    background: var(--surface);
    color: var(--text);
    cursor: pointer;
  }
`;
