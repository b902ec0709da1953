import { styled } from '@linaria/react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { Dialog } from '../common/dialog';
import { MarkAllRead, RoomButtons, type RoomListProps } from './room-side-panel';
import { ReportsButton } from './reports-button';

/**
 * On a phone the room list is a modal sheet opened from the room header (spec 2 §2 "On mobile it
 * slides in, with a toggle button"): picking a room closes it, focus returns to its opener.
 */
export function RoomSheet(props: RoomListProps & { open: boolean; onClose: () => void }) {
  const { open, onClose, onSelect, ...list } = props;
  return (
    <Dialog title={CHAT_TEXT.roomsLabel} open={open} onClose={onClose} sheet>
      <List aria-label={CHAT_TEXT.roomsLabel}>
        <RoomButtons
          {...list}
          onSelect={(id) => {
            onSelect(id);
            onClose();
          }}
        />
      </List>
      {list.onMarkAllRead ? <MarkAllRead onMarkAllRead={list.onMarkAllRead} /> : null}
      {list.onOpenReports ? (
        <ReportsButton
          onOpen={() => {
            onClose();
            list.onOpenReports?.();
          }}
        />
      ) : null}
    </Dialog>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`;
