import { styled } from '@linaria/react';
import { Icon } from '../common/icons';
import { lazy, memo, Suspense, useContext, useState } from 'react';
import { toast } from '../common/toast';
import type { Attachment, ChatMessage } from '../../contract/chat';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { frenchFormat } from '../../domain/dates-fr';
import { Dialog } from '../common/dialog';
import { RowDialogsContext } from './row-dialogs-context';
import { MentionBadge } from '../common/panel-header';
import { ConfirmDialog } from './confirm-dialog';
import { MessageText } from '../messaging/message-text';
import { AudioPlayer } from './audio-player';
import { useChat } from './use-chat';
import { EDIT_TEXT, mayEdit } from '../../domain/message-edit';
import { MUTE_TEXT } from '../../domain/mute';

export type Viewer = { id: number; moderator: boolean };

/** Who liked a message: its own chunk, loaded when first opened (it reads the store; a row does not). */
const LikersDialog = lazy(() => import('./likers-dialog').then((m) => ({ default: m.LikersDialog })));

const time = frenchFormat({ hour: '2-digit', minute: '2-digit', hour12: false });
const day = frenchFormat({ day: 'numeric', month: 'short' });

/** One message: header (unless grouped), text, attachments, likes, replies and its actions. */
export const MessageRow = memo(function MessageRow(props: {
  message: ChatMessage;
  showHeader: boolean;
  viewer: Viewer;
  inThread: boolean;
  onOpenThread?: (id: string) => void;
}) {
  const { message, viewer } = props;
  const chat = useChat();
  const [confirm, setConfirm] = useState<'delete' | 'unpin' | null>(null);
  // 'Modifier', 'Signaler', 'Rendre muet', 'Épingler' open in the list or the room that holds the
  // row (use-row-dialogs.tsx): a virtualised row leaves the page, a dialog inside it would go too.
  const dialogs = useContext(RowDialogsContext);
  const [likers, setLikers] = useState(false);
  const [picture, setPicture] = useState<Attachment | null>(null);
  const mine = message.sender.id === viewer.id;
  // A private message: no likes, threads or pins (spec 2 §4), deleted by its author only.
  const isPrivate = Boolean(message.conversationId);
  const canPin = viewer.moderator && !props.inThread && message.parentMessage === null && !isPrivate;
  const date = new Date(message.date);
  const editable = dialogs?.edits === true && mayEdit({ senderId: message.sender.id, date: message.date, conversationId: message.conversationId }, viewer, Date.now());

  async function answer(yes: boolean) {
    const action = confirm;
    setConfirm(null);
    if (!yes || !chat) return;
    if (action === 'delete') {
      const error = await chat.remove(message._id, message.room, message.conversationId);
      if (error) toast.error(error);
    } else if (action === 'unpin') {
      const error = await chat.togglePin(message._id, undefined);
      if (error) toast.error(error);
      else toast.success(CHAT_TEXT.unpinned);
    }
  }

  return (
    <Row data-id={message._id} data-grouped={props.showHeader ? undefined : ''} data-pinned={message.pinned ? '' : undefined} aria-label={`${message.sender.username}, ${time(date)}`}>
      {props.showHeader ? (
        <Header>
          <Avatar aria-hidden>{message.sender.picture ? <img src={message.sender.picture} alt="" width={32} height={32} /> : message.sender.username.slice(0, 1).toUpperCase()}</Avatar>
          <strong>{message.sender.username}</strong>
          {message.sender.mention ? <MentionBadge>{message.sender.mention}</MentionBadge> : null}
          <Time dateTime={message.date} title={`${day(date)} ${time(date)}`}>
            {time(date)}
          </Time>
        </Header>
      ) : null}
      {message.pinned && message.title ? <PinTitle><Icon name="pin" size={14} /> {message.title}</PinTitle> : null}
      {message.content ? (
        <Content>
          <MessageText content={message.content} />
          {message.editedAt ? <EditedMark editedAt={message.editedAt} /> : null}
        </Content>
      ) : null}
      {message.attachments.length > 0 ? (
        <Attachments>
          {message.attachments.map((a) => (
            <AttachmentView key={a._id} attachment={a} onOpen={() => setPicture(a)} />
          ))}
        </Attachments>
      ) : null}
      <Toolbar>
        {!isPrivate ? (
          <ToolButton
            type="button"
            aria-pressed={message.liked}
            aria-label={`${CHAT_TEXT.like} (${message.likesCount})`}
            onClick={() => void chat?.like(message._id, !message.liked).then((error) => error && toast.error(error))}
          >
            <Icon name="heart" size={16} fill={message.liked ? 'currentColor' : 'none'} />
          </ToolButton>
        ) : null}
        {message.likesCount > 0 && !isPrivate ? (
          <ToolButton type="button" onClick={() => setLikers(true)} aria-label={`${CHAT_TEXT.likersTitle} : ${message.likesCount}`}>
            {message.likesCount}
          </ToolButton>
        ) : null}
        {!props.inThread && props.onOpenThread && !isPrivate ? (
          <ToolButton type="button" onClick={() => props.onOpenThread?.(message._id)}>
            {message.repliesCount > 0 ? (
              <>
                <Pictures aria-hidden>
                  {message.repliesPictures.map((p) => (
                    <img key={p} src={p} alt="" width={18} height={18} />
                  ))}
                </Pictures>
                {CHAT_TEXT.replies(message.repliesCount)}
              </>
            ) : (
              CHAT_TEXT.reply
            )}
          </ToolButton>
        ) : null}
        {canPin ? (
          <ToolButton type="button" onClick={() => (message.pinned ? setConfirm('unpin') : dialogs?.open('pin', message))}>
            {message.pinned ? CHAT_TEXT.unpin : CHAT_TEXT.pin}
          </ToolButton>
        ) : null}
        {editable ? (
          <ToolButton type="button" aria-label={EDIT_TEXT.editTitle} onClick={() => dialogs?.open('edit', message)}>
            {EDIT_TEXT.edit}
          </ToolButton>
        ) : null}
        {mine || (viewer.moderator && !isPrivate) ? (
          <ToolButton type="button" onClick={() => setConfirm('delete')}>
            {CHAT_TEXT.deleteMessage}
          </ToolButton>
        ) : null}
        {!mine && !props.inThread && message.parentMessage === null && !isPrivate && !message.alertId ? (
          <ToolButton
            type="button"
            aria-label={CHAT_TEXT.markUnread}
            onClick={() =>
              void chat?.reads.markUnread(message.room, message._id).then((error) => (error ? toast.error(error) : toast.success(CHAT_TEXT.markedUnread)))
            }
          >
            {CHAT_TEXT.markUnreadShort}
          </ToolButton>
        ) : null}
        {!mine && viewer.moderator && !isPrivate ? (
          <ToolButton type="button" aria-haspopup="dialog" onClick={() => dialogs?.open('mute', message)}>
            {MUTE_TEXT.action}
          </ToolButton>
        ) : null}
        {!mine ? (
          <ToolButton type="button" aria-haspopup="dialog" onClick={() => dialogs?.open('report', message)}>
            {CHAT_TEXT.report}
          </ToolButton>
        ) : null}
      </Toolbar>
      {/* A row's dialogs exist while open only: a list mounts dozens of rows, and few dialogs. */}
      {confirm !== null ? (
        <ConfirmDialog
          question={
            confirm === 'delete'
              ? message.alertId
                ? CHAT_TEXT.deleteCommentQuestion
                : CHAT_TEXT.deleteQuestion
              : CHAT_TEXT.unpinQuestion
          }
          onAnswer={(yes) => void answer(yes)}
        />
      ) : null}
      {likers ? (
        <Suspense fallback={null}>
          <LikersDialog messageId={message._id} viewerId={viewer.id} onClose={() => setLikers(false)} />
        </Suspense>
      ) : null}
      {picture !== null ? (
        <Dialog title={picture.name || CHAT_TEXT.pictureViewer} open onClose={() => setPicture(null)} wide>
          <FullPicture src={picture.resourceUrl} alt={picture.name} />
        </Dialog>
      ) : null}
    </Row>
  );
});

function AttachmentView({ attachment, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  // Sizes are reserved before loading, so nothing below jumps (DESIGN.md "Scroll jumps").
  const ratio = attachment.width && attachment.height ? `${attachment.width} / ${attachment.height}` : '4 / 3';
  switch (attachment.attachmentType) {
    case 'image':
      return (
        <PictureButton type="button" onClick={onOpen} style={{ aspectRatio: ratio }} aria-label={attachment.name}>
          <img src={attachment.thumbnail ?? attachment.resourceUrl} alt={attachment.name} loading="lazy" />
        </PictureButton>
      );
    case 'video':
      return <video src={attachment.resourceUrl} controls preload="metadata" style={{ aspectRatio: ratio, width: '100%', maxWidth: 360 }} />;
    case 'audio':
      return <AudioPlayer src={attachment.resourceUrl} name={attachment.name} />;
    case 'file':
      return (
        <a href={attachment.resourceUrl} target="_blank" rel="noreferrer" download={attachment.name}>
          <Icon name="file" size={16} /> {attachment.name}
        </a>
      );
  }
}

/** '(modifié)' after an edited text, with the edit's day and time on hover. */
function EditedMark({ editedAt }: { editedAt: string }) {
  const at = new Date(editedAt);
  return (
    <Edited dateTime={editedAt} title={EDIT_TEXT.editedAt(`${day(at)} à ${time(at)}`)}>
      {' '}
      {EDIT_TEXT.edited}
    </Edited>
  );
}

const Row = styled.article`
  padding: 6px 16px 2px 60px;
  position: relative;
  &[data-grouped] {
    padding-top: 0;
  }
  &[data-pinned] {
    background: color-mix(in srgb, var(--gold, #c9a227) 8%, transparent);
  }
  &:hover > div:last-of-type {
    opacity: 1;
  }
`;
const Header = styled.header`
  display: flex;
  align-items: baseline;
  gap: 8px;
  margin-left: -44px;
`;
const Avatar = styled.span`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: var(--border);
  font-weight: 700;
  overflow: hidden;
  align-self: center;
  margin-right: 4px;
`;
const Time = styled.time`
  font-size: 12px;
  color: var(--muted);
`;
const Edited = styled.time`
  font-size: 12px;
  color: var(--muted);
  white-space: nowrap;
`;
const PinTitle = styled.p`
  margin: 2px 0;
  font-size: 13px;
  font-weight: 700;
  color: var(--gold, #c9a227);
`;
const Content = styled.p`
  margin: 2px 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
const Attachments = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 4px 0;
`;
const PictureButton = styled.button`
  width: 240px;
  padding: 0;
  border: none;
  border-radius: 8px;
  overflow: hidden;
  cursor: zoom-in;
  background: var(--border);
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const FullPicture = styled.img`
  max-width: 100%;
  max-height: 75vh;
`;
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
const ToolButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border: 1px solid transparent;
  border-radius: 6px;
  background: transparent;
  color: var(--muted);
  font: inherit;
  font-size: 12px;
  cursor: pointer;
  &:hover {
    border-color: var(--border);
    color: var(--text);
  }
  &[aria-pressed='true'] {
    color: var(--danger);
  }
  @media (max-width: 900px) {
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
  }
`;
const Pictures = styled.span`
  display: inline-flex;
  & img {
    border-radius: 50%;
    margin-right: -4px;
  }
`;
