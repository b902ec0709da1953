import { styled } from '@linaria/react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import type { JumpPlace } from '../../sync/jump-sync';
import { Icon } from '../common/icons';
import { toast } from '../common/toast';
import { useChat } from './use-chat';

/**
 * 'Aller au message' (issue 21): the room's log opens at a search result, a pin or a thread's
 * parent, read from the server around it. `onJump` runs as the intent leaves (a panel closes).
 */
export function JumpButton(props: { room: string; messageId: string; onJump?: () => void }) {
  const chat = useChat();
  return (
    <JumpLink type="button" onClick={() => void jumpTo(chat, props.room, { messageId: props.messageId }, props.onJump)}>
      <Icon name="chevronRight" size={16} aria-hidden />
      {CHAT_TEXT.jumpToMessage}
    </JumpLink>
  );
}

/** Sends a jump to the sync; its refusal is told in a toast. */
export async function jumpTo(chat: ReturnType<typeof useChat>, room: string, place: JumpPlace, onJump?: () => void): Promise<void> {
  if (!chat) return;
  onJump?.();
  const error = await chat.jumps.jump(room, place);
  if (error) toast.error(error);
}

const JumpLink = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  padding: 0 12px;
  border: none;
  background: transparent;
  color: var(--accent);
  font: inherit;
  font-size: 13px;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;
