import { styled } from '@linaria/react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { visuallyHidden } from '../common/visually-hidden';

/** Text widths of the placeholder rows, so they read as messages rather than as a table. */
const WIDTHS = ['62%', '38%', '74%', '46%', '55%'];

/**
 * The log while a stream's first page comes from the network and nothing of it is stored: grey
 * rows shaped like messages at the log's end, where the first rows will show, and a busy log that
 * says it is loading.
 */
export function LogSkeleton() {
  return (
    <Log role="log" aria-label={CHAT_TEXT.messagesLog} aria-busy="true">
      <p className={visuallyHidden}>{CHAT_TEXT.loadingMessages}</p>
      {WIDTHS.map((width, index) => (
        <Row key={index} aria-hidden>
          <Avatar />
          <Lines>
            <Bar style={{ width: '96px' }} />
            <Bar style={{ width }} />
          </Lines>
        </Row>
      ))}
    </Log>
  );
}

const Log = styled.div`
  height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  gap: 14px;
  padding: 12px 16px;
  overflow: hidden;
`;
const Row = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  @keyframes comptoir-skeleton {
    50% {
      opacity: 0.5;
    }
  }
  animation: comptoir-skeleton 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
const Avatar = styled.span`
  flex: none;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: var(--border);
`;
const Lines = styled.span`
  flex: 1;
  display: grid;
  gap: 8px;
  padding-top: 2px;
`;
const Bar = styled.span`
  display: block;
  height: 12px;
  border-radius: 6px;
  background: var(--border);
`;
