import { useId, useState } from 'react';
import { MUTE_CHOICES, MUTE_TEXT, type MuteMinutes } from '../../domain/mute';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, RadioChoice, RadioChoices } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/** 'Rendre muet' (issue 22): a moderator keeps a member from writing for 10 min, 1 h or 24 h. */
export function MuteDialog({ user, onClose }: { user: { id: number; username: string }; onClose: () => void }) {
  const chat = useChat();
  const [minutes, setMinutes] = useState<MuteMinutes>(10);
  const [sending, setSending] = useState(false);
  const id = useId();
  async function confirm() {
    if (!chat) return;
    setSending(true);
    const error = await chat.mute(user.id, minutes);
    setSending(false);
    if (error !== null) {
      toast.error(error);
      return;
    }
    toast.success(MUTE_TEXT.done(user.username, minutes));
    onClose();
  }
  return (
    <Dialog title={MUTE_TEXT.title(user.username)} open onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <RadioChoices>
          <legend>{MUTE_TEXT.legend}</legend>
          {MUTE_CHOICES.map((choice, index) => (
            <RadioChoice key={choice}>
              <input type="radio" name={`${id}-duree`} checked={minutes === choice} autoFocus={index === 0} onChange={() => setMinutes(choice)} />
              {MUTE_TEXT.choice(choice)}
            </RadioChoice>
          ))}
        </RadioChoices>
        <Actions>
          <Button type="button" variant="ghost" onClick={onClose}>
            {MUTE_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={sending}>
            {MUTE_TEXT.confirm}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

