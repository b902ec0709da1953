import { styled } from '@linaria/react';
import { memo } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import type { OutboxDoc } from '../../store/schemas';
import { outboxEntryState, WAITING_FOR_NETWORK } from '../../sync/outbox';
import { Icon } from '../common/icons';
import { MessageText } from '../messaging/message-text';
import { useChat } from './use-chat';

/**
 * A message the server has not confirmed: shown at once, then replaced by its echo. Sending, it
 * says so; waiting for the network, it may be deleted before it leaves; refused by the server, it
 * says 'Non envoyé' with the reason, 'Réessayer' and 'Supprimer' (issue 21); held by the room's
 * keyword filter, it says it waits for a moderator (issue 22).
 */
export const OutboxRow = memo(function OutboxRow({ entry }: { entry: OutboxDoc }) {
  const chat = useChat();
  const state = outboxEntryState(entry);
  const retry = (
    <button type="button" onClick={() => void chat?.retry(entry.clientId)}>
      <Icon name="retry" size={16} />
      {CHAT_TEXT.retry}
    </button>
  );
  const discard = (
    <button type="button" onClick={() => void chat?.discard(entry.clientId)}>
      <Icon name="trash" size={16} />
      {CHAT_TEXT.discard}
    </button>
  );
  return (
    <Row data-status={state} aria-label={state === 'refused' ? CHAT_TEXT.failed : CHAT_TEXT.pending}>
      <Content>
        <MessageText content={entry.content} />
      </Content>
      {entry.attachments.length > 0 ? (
        <Small>
          <Icon name="paperclip" size={14} /> {entry.attachments.map((a) => a.name).join(', ')}
        </Small>
      ) : null}
      {state === 'sending' ? <Small>{CHAT_TEXT.pending}</Small> : null}
      {/* Held by the room's keyword filter (issue 22): the moderator's word ends it; nothing to retry. */}
      {state === 'held' ? (
        <Small role="status" data-held="">
          <Icon name="clock" size={14} /> {CHAT_TEXT.heldForReview}
        </Small>
      ) : null}
      {state === 'waiting' ? (
        <Actions>
          {/* Waiting for the network, or slowed down by the server (flood control): its words, spoken. */}
          <span role={entry.error === WAITING_FOR_NETWORK ? undefined : 'status'}>
            {CHAT_TEXT.pending} ({entry.error === WAITING_FOR_NETWORK || entry.error === null ? CHAT_TEXT.waitingNetwork : entry.error})
          </span>
          {retry}
          {discard}
        </Actions>
      ) : null}
      {state === 'refused' ? (
        <Actions role="alert" data-refused="">
          <span>
            {CHAT_TEXT.failed} : {entry.error}
          </span>
          {retry}
          {discard}
        </Actions>
      ) : null}
    </Row>
  );
});

const Row = styled.article`
  padding: 4px 16px 4px 60px;
  opacity: 0.7;
  &[data-status='refused'] {
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
const Actions = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--muted);
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
  &[data-refused] {
    color: var(--danger);
  }
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
