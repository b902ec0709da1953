import { assign, fromPromise, setup } from 'xstate';

export type SignOutEverywhereEvent =
  /** 'Se déconnecter de tous les appareils'. */
  | { type: 'start' }
  /** 'Oui' to the question. */
  | { type: 'confirm.yes' }
  /** 'Non', or the dialog closed. */
  | { type: 'cancel' };

/**
 * 'Se déconnecter de tous les appareils' (issue 23, ours): one confirmation, then the server ends
 * every session of the member, this one included; `endSessions` answers null once done, else the
 * server's message, shown under the button. Done, this device is signed out too (`signOut`).
 */
export const signOutEverywhereMachine = setup({
  types: { events: {} as SignOutEverywhereEvent, context: {} as { error: string | null } },
  actors: {
    endSessions: fromPromise<string | null>(async () => null),
  },
  actions: {
    signOut: () => {},
  },
}).createMachine({
  id: 'signOutEverywhere',
  initial: 'idle',
  context: { error: null },
  states: {
    idle: { on: { start: { target: 'confirming', actions: assign({ error: null }) } } },
    confirming: { on: { 'confirm.yes': 'ending', cancel: 'idle' } },
    ending: {
      invoke: {
        id: 'endSessions',
        src: 'endSessions',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'ended' },
          { target: 'idle', actions: assign({ error: ({ event }) => event.output }) },
        ],
        onError: { target: 'idle', actions: assign({ error: () => '' }) },
      },
    },
    ended: { type: 'final', entry: 'signOut' },
  },
});

export type SignOutEverywhereState = 'idle' | 'confirming' | 'ending' | 'ended';
