import { memo } from 'react';
import { message$ } from '../../store/chat-queries';
import { JumpButton } from './jump-button';
import { MessageRow, type Viewer } from './message-row';
import { useQuery } from '../common/use-query';

/** One search hit: the row reads its own record, so likes and deletions show live; 'Aller au message' opens the room at it. */
export const SearchResult = memo(function SearchResult({ id, viewer, room, onJump }: { id: string; viewer: Viewer; room: string; onJump: () => void }) {
  const message = useQuery((db) => message$(db, id), [id], null);
  if (!message) return null;
  return (
    <div>
      <MessageRow message={message} showHeader viewer={viewer} inThread={message.parentMessage !== null} />
      <JumpButton room={room} messageId={id} onJump={onJump} />
    </div>
  );
});
