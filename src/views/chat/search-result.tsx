import { memo } from 'react';
import { message$ } from '../../store/chat-queries';
import { MessageRow, type Viewer } from './message-row';
import { useQuery } from './use-chat';

/** One search hit: the row reads its own record, so likes and deletions show live. */
export const SearchResult = memo(function SearchResult({ id, viewer }: { id: string; viewer: Viewer }) {
  const message = useQuery((db) => message$(db, id), [id], null);
  return message ? <MessageRow message={message} showHeader viewer={viewer} inThread={message.parentMessage !== null} /> : null;
});
