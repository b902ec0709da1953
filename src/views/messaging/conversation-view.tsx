import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { ConversationUser, FollowingsRecord } from '../../contract/messaging';
import { MESSAGING_TEXT } from '../../domain/messaging-text-fr';
import { conversationNote, userOfChat } from '../../domain/private-chat';
import { kv$ } from '../../store/chat-queries';
import { conversation$ } from '../../store/messaging-queries';
import { conversationStream, FOLLOWINGS_KEY } from '../../sync/message-state';
import { contactKey } from '../../sync/messaging-sync';
import { Composer, ComposerNotice } from '../chat/composer';
import { MessageList } from '../chat/message-list';
import { useQuery } from '../common/use-query';
import { Icon } from '../common/icons';
import { sheetBody } from '../common/side-sheet';
import { useCurrentUser } from '../use-current-user';
import { Avatar } from './avatar';
import type { MessagingUi } from './messaging-ui';

/**
 * One chat of the messaging panel: 'Retour', the member it is with (their profile on a click),
 * the note of the coach and support handles, the chat's virtualised messages and its composer
 * (the chat's own, on the conversation's stream). A `user_{id}` chat has no history yet: its
 * first message creates the conversation.
 */
export function ConversationView({ chatId, ui }: { chatId: string; ui: MessagingUi }) {
  const me = useCurrentUser();
  const pendingWith = userOfChat(chatId);
  const conversation = useQuery((db) => conversation$(db, chatId), [chatId], null);
  const contact = useQuery((db) => kv$<ConversationUser>(db, contactKey(pendingWith ?? '')), [pendingWith], null);
  const followings = useQuery((db) => kv$<FollowingsRecord>(db, FOLLOWINGS_KEY), [], null);
  const peer = conversation ? (conversation.users.find((u) => u._id !== String(me?.id ?? '')) ?? null) : contact;
  const note = peer ? conversationNote(peer.username) : null;
  const blocked = peer !== null && (followings?.blocked.includes(peer._id) ?? false);
  const stream = conversationStream(chatId);
  const viewer = useMemo(() => ({ id: me?.id ?? 0, moderator: false }), [me?.id]);

  return (
    <section className={sheetBody} aria-label={peer?.username ?? MESSAGING_TEXT.title}>
      <Bar>
        <BackButton type="button" onClick={() => ui.panel.send({ type: 'conversation.back' })}>
          <Icon name="back" size={18} />
          {MESSAGING_TEXT.back}
        </BackButton>
        {peer ? (
          <PeerButton type="button" onClick={() => ui.openProfile(peer.username)}>
            <Avatar user={peer} size={28} />
            <strong>{peer.username}</strong>
          </PeerButton>
        ) : null}
      </Bar>
      {note ? (
        <Note role="note">
          {note === 'coach' ? MESSAGING_TEXT.coachNote : MESSAGING_TEXT.supportNote} <Link href="/contact">{MESSAGING_TEXT.contactForm}</Link>
        </Note>
      ) : null}
      {/* Siblings never share a key: React then keeps two copies of one (the log was shown twice). */}
      <MessageList
        key={`log:${stream}`}
        stream={stream}
        ref={{ conversationId: chatId }}
        viewer={viewer}
        inThread={false}
        fresh={pendingWith !== null}
        emptyText={MESSAGING_TEXT.noMessageYet}
      />
      {blocked ? <ComposerNotice>{MESSAGING_TEXT.blockedChat}</ComposerNotice> : <Composer key={`composer:${stream}`} stream={stream} privateRoom canSendAttachments voiceNotes />}
    </section>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 12px;
  border-bottom: 1px solid var(--border);
`;
const BackButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  border: none;
  background: transparent;
  color: var(--accent);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;
const PeerButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  border: none;
  background: transparent;
  color: var(--text);
  font: inherit;
  cursor: pointer;
`;
const Note = styled.p`
  margin: 0;
  padding: 8px 16px;
  font-size: 13px;
  background: color-mix(in srgb, var(--gold, #c9a227) 14%, transparent);
`;
