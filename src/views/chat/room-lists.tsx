import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../contract/chat';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { visibleText } from '../../domain/message-format';
import { threadState$ } from '../../store/inbox-queries';
import type { RoomDoc } from '../../store/schemas';
import { CountBadge, ErrorText } from '../common/ui';
import { useQuery } from '../common/use-query';
import { JumpButton } from './jump-button';
import { MessageRow, type Viewer } from './message-row';
import { Empty, ItemButton, List, Overlay, Small } from './room-panels';
import { useChat } from './use-chat';

/** The latest 50 threads of the room, with their reply counts and repliers (spec 2 §2, §4). */
export function ThreadsPanel(props: { threads: ChatMessage[]; onOpenThread: (id: string) => void; onClose: () => void }) {
  return (
    <Overlay title={CHAT_TEXT.threads} onClose={props.onClose}>
      {props.threads.length === 0 ? (
        <Empty>{CHAT_TEXT.noThreads}</Empty>
      ) : (
        <List>
          {props.threads.map((message) => (
            <li key={message._id}>
              <ItemButton type="button" onClick={() => props.onOpenThread(message._id)}>
                <strong>{message.sender.username}</strong> {visibleText(message.content).slice(0, 120)}
                <Small>{CHAT_TEXT.replies(message.repliesCount)}</Small>
                <ThreadUnread parent={message._id} />
              </ItemButton>
            </li>
          ))}
        </List>
      )}
    </Overlay>
  );
}

/** A followed thread's unread replies (issue 21), from its read state. */
function ThreadUnread({ parent }: { parent: string }) {
  const state = useQuery((db) => threadState$(db, parent), [parent], null);
  if (!state?.following || state.unread === 0) return null;
  return <UnreadBadge aria-label={CHAT_TEXT.unreadReplies(state.unread)}>{state.unread}</UnreadBadge>;
}

/** The room's pinned messages, loaded from the server when opened. */
export function PinsPanel(props: { room: RoomDoc; pins: ChatMessage[]; viewer: Viewer; onClose: () => void }) {
  const chat = useChat();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void chat?.loadPins(props.room.id).then(setError);
  }, [chat, props.room.id]);
  return (
    <Overlay title={CHAT_TEXT.pins} onClose={props.onClose}>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {props.pins.length === 0 ? (
        <Empty>{CHAT_TEXT.noPins}</Empty>
      ) : (
        props.pins.map((message) => (
          <div key={message._id}>
            <MessageRow message={message} showHeader viewer={props.viewer} inThread={false} />
            <JumpButton room={props.room.id} messageId={message._id} onJump={props.onClose} />
          </div>
        ))
      )}
    </Overlay>
  );
}

/** The common count pill, beside a thread's title. */
const UnreadBadge = styled(CountBadge)`
  display: inline-block;
  margin-left: 6px;
`;
