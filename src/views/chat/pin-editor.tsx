import { useState } from 'react';
import { CHAT_TEXT } from '../../domain/chat-text-fr';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, Field } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/** 'Épingler': the pin's title (required), then the message is pinned for the room. */
export function PinEditor({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const chat = useChat();
  const [title, setTitle] = useState('');
  async function submit() {
    if (title.trim() === '') {
      toast.error(CHAT_TEXT.pinTitleRequired);
      return;
    }
    const error = await chat?.togglePin(messageId, title.trim());
    if (error) toast.error(error);
    else onClose();
  }
  return (
    <Dialog title={CHAT_TEXT.pin} open onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field>
          {CHAT_TEXT.pinTitleLabel}
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} autoFocus />
        </Field>
        <Actions>
          <Button type="button" variant="ghost" onClick={onClose}>
            {CHAT_TEXT.closePanel}
          </Button>
          <Button type="submit">{CHAT_TEXT.pin}</Button>
        </Actions>
      </form>
    </Dialog>
  );
}
