import { styled } from '@linaria/react';
import { useEffect, useMemo, useRef } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { isModerator } from '../../domain/subscriptions';
import { message$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { threadStream } from '../../sync/message-state';
import { PanelHeader } from '../common/panel-header';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { MessageRow } from './message-row';
import { RowDialogsHolder } from './use-row-dialogs';
import { JumpButton } from './jump-button';

/** Below this width the thread covers the room (the `Aside` below): a jump closes it to be seen. */
const PHONE_LAYOUT = '(max-width: 900px)';
import { useChat } from './use-chat';
import { useQuery } from '../common/use-query';
import { threadState$ } from '../../store/inbox-queries';
import { Icon } from '../common/icons';
import { toast } from '../common/toast';

/** 'Fil de discussion': a message and its replies, joined while open (spec 2 §2). */
export function ThreadPanel(props: {
  room: RoomDoc;
  parentId: string;
  onClose: () => void;
  /** Set (and changed on each request) when the thread opened to answer: its composer takes the focus. */
  replyRequest?: number;
}) {
  const chat = useChat();
  const user = useCurrentUser();
  const now = useNow();
  const parent = useQuery((db) => message$(db, props.parentId), [props.parentId], null);
  const viewer = useMemo(() => ({ id: user?.id ?? 0, moderator: user ? isModerator(user, now) : false }), [user, now]);
  const stream = threadStream(props.parentId);
  const aside = useRef<HTMLElement>(null);
  useEffect(() => {
    if (props.replyRequest !== undefined) aside.current?.querySelector<HTMLElement>('form textarea')?.focus({ preventScroll: true });
  }, [props.replyRequest]);

  useEffect(() => {
    if (!chat) return;
    void chat.openThread({ parentMessage: props.parentId });
    return () => chat.closeThread({ parentMessage: props.parentId });
  }, [chat, props.parentId]);

  // The thread on screen is read: at once, and again whenever a reply makes it unread (on every device).
  const state = useQuery((db) => threadState$(db, props.parentId), [props.parentId], null);
  const unread = state?.unread ?? 0;
  useEffect(() => {
    if (chat && (state === null || unread > 0)) void chat.inbox.readThread(props.parentId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only when the count rises, not on each state
  }, [chat, props.parentId, unread]);
  const following = state?.following ?? false;
  const toggleFollow = () => void chat?.inbox.follow(props.parentId, !following).then((error) => error && toast.error(error));

  return (
    <Aside
      ref={aside}
      aria-label={CHAT_TEXT.threadTitle}
      onKeyDown={(event) => {
        // Escape closes the thread from anywhere inside it, unless a dialog of its own is open.
        if (event.key === 'Escape' && !event.defaultPrevented && !(event.target instanceof Element && event.target.closest('dialog'))) props.onClose();
      }}
    >
      <PanelHeader title={CHAT_TEXT.threadTitle} closeLabel={CHAT_TEXT.closeThread} onClose={props.onClose} back focus />
      <Follow>
        <FollowButton type="button" aria-pressed={following} onClick={toggleFollow}>
          <Icon name={following ? 'check' : 'bell'} size={18} />
          {following ? CHAT_TEXT.unfollowThread : CHAT_TEXT.followThread}
        </FollowButton>
      </Follow>
      {parent ? (
        <RowDialogsHolder edits={false}>
          <MessageRow message={parent} showHeader viewer={viewer} inThread />
        </RowDialogsHolder>
      ) : null}
      {parent ? <JumpButton room={props.room.id} messageId={parent._id} onJump={window.matchMedia(PHONE_LAYOUT).matches ? props.onClose : undefined} /> : null}
      <Replies>
        <MessageList key={stream} stream={stream} ref={{ parentMessage: props.parentId }} viewer={viewer} inThread />
      </Replies>
      {props.room.canWrite ? (
        <Composer
          key={stream}
          stream={stream}
          canSendAttachments={props.room.canSendAttachments}
          slowMode={viewer.moderator ? undefined : { room: props.room.id, roomName: props.room.name, moderator: false }}
        />
      ) : null}
    </Aside>
  );
}

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-left: 1px solid var(--border);
  background: var(--surface);
  @media (max-width: 900px) {
    position: fixed;
    z-index: 40;
    inset: 0 0 63px 0;
    border-left: none;
    min-width: 0;
  }
`;
const Follow = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 4px 12px;
`;
const FollowButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 12px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  font: inherit;
  font-size: 14px;
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: var(--accent);
  }
`;
const Replies = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  border-top: 1px solid var(--border);
`;
