import { memo, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ChatMessage } from '../../contract/chat';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { visibleText } from '../../domain/message-format';
import { visuallyHidden } from '../common/visually-hidden';

/**
 * The log's polite announcement: the newest message from someone else, read out when it arrives
 * while the reader is at the log's end (DESIGN.md, Mattermost #9661). The log itself is not a live
 * region: its rows change as the reader scrolls and as history is prepended, none of which is news,
 * and one's own messages are not either. `newest` is the stream's newest shown message, undefined
 * while the list shows an older window (the stream's end is not on screen).
 */
export const NewMessageAnnouncer = memo(function NewMessageAnnouncer(props: { newest: ChatMessage | null | undefined; viewerId: number; atEnd: boolean }) {
  const { newest, viewerId, atEnd } = props;
  const [text, setText] = useState('');
  /** The newest message already known (undefined: none yet, the next one seen is history). */
  const known = useRef<{ id: string; at: number } | null | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) {
      known.current = undefined;
      return;
    }
    const before = known.current;
    const at = newest === null ? -Infinity : Date.parse(newest.date);
    known.current = newest === null ? null : { id: newest._id, at };
    // The rows the list opened with, a deleted newest (an older one back at the end), one's own.
    if (before === undefined || newest === null || newest._id === before?.id || at < (before?.at ?? -Infinity)) return;
    if (!atEnd || newest.sender.id === viewerId) return;
    setText(CHAT_TEXT.newMessage(newest.sender.username, visibleText(newest.content) || CHAT_TEXT.attachmentOnly));
  }, [newest, viewerId, atEnd]);
  // At the document's end, outside the page's regions and cards: only a screen reader meets it,
  // never a search of the card or panel that holds the log (the message would be there twice).
  return createPortal(
    <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
      {text}
    </p>,
    document.body,
  );
});
