import { styled } from '@linaria/react';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useId } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { ConversationUser } from '../../contract/messaging';
import { MESSAGING_TEXT } from '../../domain/messaging-text-fr';
import { visibleText } from '../../domain/message-format';
import { conversations$ } from '../../store/messaging-queries';
import type { ConversationDoc } from '../../store/schemas';
import { kv$ } from '../../store/chat-queries';
import { CONVERSATIONS_PAGE_KEY, type ConversationsPage } from '../../sync/messaging-sync';
import { useQuery } from '../common/use-query';
import { SideSheet, sheetBody } from '../common/side-sheet';
import { CountBadge, ListRowButton, virtuosoFill } from '../common/ui';
import { AccessPrompt } from '../shell/access-prompt';
import { useCurrentUser } from '../use-current-user';
import { Avatar } from './avatar';
import { ConversationView } from './conversation-view';
import { useMessagingUi, type MessagingUi } from './messaging-ui';
import { useMessaging } from './use-messaging';
import { frenchFormat } from '../../domain/dates-fr';

const time = frenchFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * 'Messagerie' (spec 2 §2): a slide-in over the page with the conversations, a contact search and
 * 'Contacter le support', or one conversation; the access prompt for members without messaging.
 * It shows what the messaging panel machine says.
 */
export function MessagingPanel() {
  const ui = useMessagingUi();
  if (!ui) return null;
  return <Panel ui={ui} />;
}

function Panel({ ui }: { ui: MessagingUi }) {
  const { panel } = ui;
  const phase = useSelector(panel, (s) => (s.matches('accessPrompt') ? 'prompt' : s.matches('open') ? 'open' : 'closed'));
  const selected = useSelector(panel, (s) => s.context.selected);
  const close = useCallback(() => panel.send({ type: 'panel.close' }), [panel]);

  if (phase === 'prompt') return <AccessPrompt onClose={close} />;
  if (phase === 'closed') return null;
  return (
    <SideSheet title={MESSAGING_TEXT.title} closeLabel={MESSAGING_TEXT.close} onClose={close} width="wide" back={selected === null}>
      {selected === null ? <ConversationList ui={ui} /> : <ConversationView key={selected} chatId={selected} ui={ui} />}
    </SideSheet>
  );
}

function ConversationList({ ui }: { ui: MessagingUi }) {
  const { panel } = ui;
  const messaging = useMessaging();
  const conversations = useQuery((db) => conversations$(db), [], [] as ConversationDoc[]);
  const page = useQuery((db) => kv$<ConversationsPage>(db, CONVERSATIONS_PAGE_KEY), [], null);
  const query = useSelector(panel, (s) => s.context.query);
  const searching = useSelector(panel, (s) => s.matches({ open: { list: 'searchPending' } }) || s.matches({ open: { list: 'searching' } }));
  const results = useSelector(panel, (s) => (s.matches({ open: { list: 'results' } }) ? s.context.results : null));
  const searchError = useSelector(panel, (s) => s.context.searchError);
  const findingSupport = useSelector(panel, (s) => s.matches({ open: 'findingSupport' }));
  const meId = String(useCurrentUser()?.id ?? '');

  const openConversation = useCallback((id: string) => panel.send({ type: 'conversation.open', conversationId: id }), [panel]);

  async function startChat(user: ConversationUser) {
    if (!messaging) return;
    await messaging.rememberContact(user);
    panel.send({ type: 'conversation.openWithUser', userId: user._id, conversationId: await messaging.conversationWith(user._id) });
  }

  return (
    <div className={sheetBody}>
      <Tools>
        <input
          type="search"
          aria-label={MESSAGING_TEXT.searchContact}
          placeholder={MESSAGING_TEXT.searchContact}
          defaultValue={query}
          onChange={(event) => panel.send({ type: 'search.input', query: event.target.value })}
        />
        <SupportButton type="button" disabled={findingSupport} onClick={() => panel.send({ type: 'support.contact' })}>
          {MESSAGING_TEXT.contactSupport}
        </SupportButton>
      </Tools>
      {results !== null || searching ? (
        <Results aria-label={MESSAGING_TEXT.searchResults} aria-busy={searching}>
          {searchError ? <p role="alert">{searchError}</p> : null}
          {results !== null && results.length === 0 && !searchError ? <Muted>{MESSAGING_TEXT.noContact}</Muted> : null}
          {(results ?? []).map((user) => (
            <li key={user._id}>
              <ListRowButton type="button" onClick={() => void startChat(user)}>
                <Avatar user={user} size={32} />
                <strong>{user.username}</strong>
              </ListRowButton>
            </li>
          ))}
        </Results>
      ) : null}
      {conversations.length === 0 ? (
        page?.status === 'loading' ? null : <Muted>{MESSAGING_TEXT.empty}</Muted>
      ) : (
        <nav className={virtuosoFill} aria-label={MESSAGING_TEXT.conversations}>
          <Virtuoso
            data={conversations}
            computeItemKey={(_, conversation) => conversation._id}
            endReached={() => void messaging?.refreshConversations(true)}
            itemContent={(_, conversation) => <ConversationRow conversation={conversation} meId={meId} onOpen={openConversation} />}
          />
        </nav>
      )}
    </div>
  );
}

/**
 * A conversation: the whole row opens it, but the button holds only the peer's name (and the
 * unread count, said); the time and the last message describe it. Its name then holds all its
 * visible text (WCAG 2.5.3, label in name) while the row looks and clicks as one.
 */
const ConversationRow = memo(function ConversationRow(props: { conversation: ConversationDoc; meId: string; onOpen: (id: string) => void }) {
  const { conversation, onOpen } = props;
  const peer = conversation.users.find((u) => u._id !== props.meId) ?? conversation.users[0];
  const unread = conversation.unreadMessages;
  const name = peer?.username ?? '';
  const previewId = useId();
  return (
    <Row data-unread={unread > 0 ? '' : undefined}>
      {peer ? <Avatar user={peer} size={40} /> : null}
      <Summary>
        <span>
          <OpenButton
            type="button"
            aria-label={unread > 0 ? `${name}, ${MESSAGING_TEXT.unread(unread)}` : name}
            aria-describedby={previewId}
            onClick={() => onOpen(conversation._id)}
          >
            <strong>{name}</strong>
          </OpenButton>
          <time dateTime={conversation.lastMessageDate}>{time(new Date(conversation.lastMessageDate))}</time>
        </span>
        <span id={previewId}>{visibleText(conversation.lastMessage) || MESSAGING_TEXT.attachmentOnly}</span>
      </Summary>
      {unread > 0 ? <CountBadge aria-hidden>{unread}</CountBadge> : null}
    </Row>
  );
});

const Tools = styled.div`
  display: grid;
  gap: 8px;
  padding: 12px 16px;
  & input {
    padding: 8px 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    font: inherit;
  }
`;
const SupportButton = styled.button`
  padding: 8px 12px;
  border-radius: 8px;
  border: 1px solid var(--accent);
  background: transparent;
  color: var(--accent);
  font-weight: 600;
  cursor: pointer;
`;
const Results = styled.ul`
  margin: 0;
  padding: 0 8px 8px;
  list-style: none;
  max-height: 275px;
  overflow-y: auto;
  border-bottom: 1px solid var(--border);
`;
const Muted = styled.p`
  margin: 16px;
  color: var(--muted);
`;
const Row = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 16px;
  border-bottom: 1px solid var(--border);
  color: var(--text);
  &:hover {
    background: var(--surface-2);
  }
  &[data-unread] strong {
    color: var(--accent);
  }
  /* The ring goes round the row the button covers. */
  &:has(button:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
`;
const OpenButton = styled.button`
  min-width: 0;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  /* The whole row is the target. */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
`;
const Summary = styled.span`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 2px;
  & > span:first-child {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  & time {
    font-size: 12px;
    color: var(--muted);
  }
  & > span:last-child {
    font-size: 13px;
    color: var(--muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
