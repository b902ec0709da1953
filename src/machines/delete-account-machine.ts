import { assign, fromPromise, setup } from 'xstate';

export type DeleteAccountEvent =
  /** 'Supprimer mon compte'. */
  | { type: 'delete.start' }
  /** 'Oui' to 'Voulez-vous vraiment supprimer votre compte ?'. */
  | { type: 'confirm.yes' }
  /** 'Non' to either question, or the dialog closed. */
  | { type: 'cancel' }
  /** 'Oui' to the final question, with the password typed again. */
  | { type: 'password.submit'; password: string };

/**
 * 'Supprimer mon compte' (spec 1 §5, issue 23): two confirmations, the second asking the password
 * again (a stolen token alone cannot erase a member); `deleteAccount` answers null once deleted,
 * else the server's message, shown under the field with the dialog still open; deleted, the
 * member is signed out (`signOut`).
 */
export const deleteAccountMachine = setup({
  types: { events: {} as DeleteAccountEvent, context: {} as { error: string | null } },
  actors: {
    deleteAccount: fromPromise<string | null, { password: string }>(async () => null),
  },
  actions: {
    signOut: () => {},
  },
}).createMachine({
  id: 'deleteAccount',
  initial: 'idle',
  context: { error: null },
  states: {
    idle: { entry: assign({ error: null }), on: { 'delete.start': 'confirming' } },
    confirming: { on: { 'confirm.yes': 'askingPassword', cancel: 'idle' } },
    askingPassword: {
      on: { 'password.submit': 'deleting', cancel: 'idle' },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ event }) => ({ password: event.type === 'password.submit' ? event.password : '' }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'deleted' },
          { target: 'askingPassword', actions: assign({ error: ({ event }) => event.output }) },
        ],
        onError: { target: 'askingPassword', actions: assign({ error: () => '' }) },
      },
    },
    deleted: { type: 'final', entry: 'signOut' },
  },
});

export type DeleteAccountState = 'idle' | 'confirming' | 'askingPassword' | 'deleting' | 'deleted';
