import { styled } from '@linaria/react';
import { useCallback, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { keptRooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { useQuery } from '../common/use-query';
import { usePageTitle } from '../common/use-page-title';
import { RoomView } from './room-view';
import { ThreadPanel } from './thread-panel';

const NO_ROOMS: RoomDoc[] = [];

/**
 * `/fenetre?room=Forex` (issue 22): one room in its own browser window, opened from the room's
 * header ('Ouvrir dans une fenêtre'). It is the app again on the same local database, so it and
 * the main window show the same messages, reads and drafts; one socket for the window, whatever
 * its rooms. No shell: the room, its composer and its threads fill the window.
 */
export function PopoutRoomPage() {
  const requested = new URLSearchParams(useSearch()).get('room')?.toLowerCase() ?? '';
  const rooms = useQuery(keptRooms$, [], NO_ROOMS);
  const room = rooms.find((r) => r.id === requested || r.name.toLowerCase() === requested) ?? null;
  usePageTitle(CHAT_TEXT.pageTitle(room?.name ?? ''));
  const [thread, setThread] = useState<string | null>(null);
  const close = useCallback(() => window.close(), []);
  if (room === null) return rooms.length === 0 ? null : <Missing>{CHAT_TEXT.noRooms} <Link href="/chat">{CHAT_TEXT.backToChat}</Link></Missing>;
  return (
    <Window data-thread={thread ? '' : undefined}>
      <RoomView room={room} onOpenThread={setThread} onReply={setThread} column={{ onClose: close, label: CHAT_TEXT.closeWindow }} />
      {thread ? <ThreadPanel room={room} parentId={thread} onClose={() => setThread(null)} /> : null}
    </Window>
  );
}

const Window = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: 100dvh;
  background: var(--surface);
  &[data-thread] {
    grid-template-columns: minmax(0, 1fr) minmax(280px, 380px);
  }
  @media (max-width: 700px) {
    &[data-thread] {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;
const Missing = styled.p`
  margin: 48px auto;
  text-align: center;
  color: var(--muted);
`;
