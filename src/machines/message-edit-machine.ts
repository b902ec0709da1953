import { assign, fromPromise, setup } from 'xstate';
import { MESSAGE_MAX_LENGTH } from '../domain/chat-limits';
import { EDIT_TEXT } from '../domain/message-edit';

/** The message being edited: its id and the text it had when 'Modifier' was chosen. */
export type EditTarget = { messageId: string; content: string };

export type MessageEditEvent =
  /** 'Modifier' on a message (another one while editing replaces it). */
  | { type: 'edit.open'; messageId: string; content: string }
  | { type: 'edit.input'; text: string }
  /** 'Enregistrer', or Enter. */
  | { type: 'edit.save' }
  /** 'Annuler', Escape, or the dialog closed. */
  | { type: 'edit.cancel' };

export type MessageEditContext = { target: EditTarget | null; text: string; error: string | null };

/** What the server refused, or a failed call: the member keeps the text and may save again. */
const REQUEST_FAILED = 'Erreur lors de la requête';

/**
 * Editing a message's text (issue 22): 'Modifier' opens the editor with the text as it is; an
 * empty text is refused on the spot ('Le message est vide'), the same text closes it with nothing
 * sent, any other is saved by `saveEdit` (null once the server took it, else its refusal, shown
 * with the text kept). Nothing typed is lost to a refusal or a failed call.
 */
export const messageEditMachine = setup({
  types: { context: {} as MessageEditContext, events: {} as MessageEditEvent },
  actors: {
    saveEdit: fromPromise<string | null, { messageId: string; content: string }>(async () => null),
  },
  actions: {
    /** The text was saved: said to the member. */
    saved: () => {},
    open: assign(({ event }) =>
      event.type === 'edit.open' ? { target: { messageId: event.messageId, content: event.content }, text: event.content, error: null } : {},
    ),
  },
  guards: {
    isEmpty: ({ context }) => context.text.trim() === '',
    isUnchanged: ({ context }) => context.text.trim() === context.target?.content.trim(),
  },
}).createMachine({
  id: 'messageEdit',
  initial: 'closed',
  context: { target: null, text: '', error: null },
  states: {
    closed: {
      entry: assign({ target: null, text: '', error: null }),
      on: { 'edit.open': { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        'edit.open': { target: 'editing', reenter: true, actions: 'open' },
        'edit.input': { actions: assign({ text: ({ event }) => event.text.slice(0, MESSAGE_MAX_LENGTH), error: null }) },
        'edit.save': [
          { guard: 'isEmpty', actions: assign({ error: EDIT_TEXT.empty }) },
          { guard: 'isUnchanged', target: 'closed' },
          { target: 'saving' },
        ],
        'edit.cancel': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveEdit',
        src: 'saveEdit',
        input: ({ context }) => ({ messageId: context.target?.messageId ?? '', content: context.text.trim() }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'closed', actions: 'saved' },
          { target: 'editing', actions: assign({ error: ({ event }) => event.output }) },
        ],
        onError: { target: 'editing', actions: assign({ error: REQUEST_FAILED }) },
      },
    },
  },
});

export type MessageEditState = 'closed' | 'editing' | 'saving';
