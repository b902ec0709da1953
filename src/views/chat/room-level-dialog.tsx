import { styled } from '@linaria/react';
import { useId, useState } from 'react';
import { ROOM_LEVELS, type RoomLevel } from '../../domain/notification-level';
import { LEVEL_TEXT } from '../../domain/notification-text-fr';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, RadioChoice, RadioChoices } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/**
 * 'Notifications de la room' (issue 22): the member's level in the room — Tout, Mentions, Coachs
 * seulement, Rien — each with what it lets through; kept by the server for all their devices.
 */
export function RoomLevelDialog({ room, roomName, level, onClose }: { room: string; roomName: string; level: RoomLevel; onClose: () => void }) {
  const chat = useChat();
  const [chosen, setChosen] = useState<RoomLevel>(level);
  const [sending, setSending] = useState(false);
  const id = useId();
  async function save() {
    if (!chat) return;
    if (chosen === level) {
      onClose();
      return;
    }
    setSending(true);
    const error = await chat.levels.set(room, chosen);
    setSending(false);
    if (error !== null) {
      toast.error(error);
      return;
    }
    toast.success(LEVEL_TEXT.saved(roomName, chosen));
    onClose();
  }
  return (
    <Dialog title={LEVEL_TEXT.title(roomName)} open onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RadioChoices>
          <legend>{LEVEL_TEXT.legend}</legend>
          {ROOM_LEVELS.map((choice) => (
            <RadioChoice key={choice}>
              <input
                type="radio"
                name={`${id}-niveau`}
                checked={chosen === choice}
                autoFocus={chosen === choice}
                aria-describedby={`${id}-${choice}`}
                onChange={() => setChosen(choice)}
              />
              <span>
                {LEVEL_TEXT.levels[choice]}
                <Hint id={`${id}-${choice}`}>{LEVEL_TEXT.hints[choice]}</Hint>
              </span>
            </RadioChoice>
          ))}
        </RadioChoices>
        <Actions>
          <Button type="button" variant="ghost" onClick={onClose}>
            {LEVEL_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={sending}>
            {LEVEL_TEXT.save}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

const Hint = styled.small`
  display: block;
  color: var(--muted);
  font-size: 13px;
`;
