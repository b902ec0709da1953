import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ChatMessage } from '../../contract/chat';
import { MESSAGE_MAX_LENGTH } from '../../domain/chat-limits';
import { EDIT_TEXT } from '../../domain/message-edit';
import { messageEditMachine } from '../../machines/message-edit-machine';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { Button, ErrorText, Field } from '../common/ui';
import { Actions } from './confirm-dialog';
import { useChat } from './use-chat';

/**
 * Editing a message's text (issue 22): the list's one editor, loaded with the first 'Modifier'
 * (src/views/chat/use-row-dialogs.tsx holds which message), over the message edit machine; it
 * opens on `message` and calls `onDone` once closed (saved, unchanged or cancelled).
 */
export function MessageEditor({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const chat = useChat();
  const latest = useRef(chat);
  latest.current = chat;
  const actor = useActorRef(
    messageEditMachine.provide({
      actors: {
        saveEdit: fromPromise<string | null, { messageId: string; content: string }>(async ({ input }) => {
          const sync = latest.current;
          if (!sync) throw new Error('chat indisponible');
          return sync.edit(input.messageId, input.content);
        }),
      },
      actions: { saved: () => toast.success(EDIT_TEXT.savedToast) },
    }),
  );
  // Opened once on the message as it read then (the list mounts one editor per message): a later
  // edit of it by someone else never replaces what is being typed.
  const first = useRef(message);
  useEffect(() => actor.send({ type: 'edit.open', messageId: first.current._id, content: first.current.content }), [actor]);
  const closed = useSelector(actor, (snapshot) => snapshot.matches('closed'));
  const opened = useRef(false);
  useEffect(() => {
    if (!closed) opened.current = true;
    else if (opened.current) onDone();
  }, [closed, onDone]);
  return closed ? null : <EditDialog actor={actor} />;
}

function EditDialog({ actor }: { actor: ReturnType<typeof useActorRef<typeof messageEditMachine>> }) {
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const id = useId();
  const errorId = `${id}-erreur`;
  const cancel = () => {
    if (!saving) actor.send({ type: 'edit.cancel' });
  };
  return (
    <Dialog title={EDIT_TEXT.editTitle} open onClose={cancel} wide>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'edit.save' });
        }}
      >
        <Field htmlFor={id}>{EDIT_TEXT.editLabel}</Field>
        <Text
          id={id}
          value={text}
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          autoFocus
          readOnly={saving}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => actor.send({ type: 'edit.input', text: event.target.value })}
          onFocus={(event) => event.target.setSelectionRange(event.target.value.length, event.target.value.length)}
          onKeyDown={(event) => {
            // Enter saves, as in the composer; Shift+Enter is a new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              actor.send({ type: 'edit.save' });
            }
          }}
        />
        {error !== null ? (
          <ErrorText id={errorId} role="alert">
            {error}
          </ErrorText>
        ) : null}
        <Actions>
          <Button type="button" variant="ghost" onClick={cancel} disabled={saving}>
            {EDIT_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? EDIT_TEXT.saving : EDIT_TEXT.save}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

const Text = styled.textarea`
  box-sizing: border-box;
  width: 100%;
  min-height: 96px;
  margin: 6px 0 8px;
  padding: 10px 12px;
  border-radius: 8px;
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  resize: vertical;
  &:focus {
    border-color: var(--accent);
  }
`;
