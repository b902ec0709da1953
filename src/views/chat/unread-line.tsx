import { styled } from '@linaria/react';
import { memo } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';

/** 'Nouveaux messages' above a room's first unread message, for as long as the member stays in the room. */
export const UnreadLine = memo(function UnreadLine() {
  return (
    <Line role="separator" aria-label={CHAT_TEXT.unreadLine}>
      {CHAT_TEXT.unreadLine}
    </Line>
  );
});

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 16px 2px;
  font-size: 12px;
  font-weight: 700;
  color: var(--danger, #c0392b);
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid currentColor;
  }
`;
