import { assign, setup } from 'xstate';

export type SlowModeContext = {
  /** The room's slow mode; 0 when off. */
  seconds: number;
  /** When the member may post again (ms since the epoch), while waiting. */
  readyAt: number;
};

export type SlowModeEvent =
  /** The room's slow mode, as stored (a moderator changed it, or the room list came). */
  | { type: 'slow.set'; seconds: number }
  /** The member sent a message at `at` (ms since the epoch). */
  | { type: 'slow.sent'; at: number };

/**
 * A room's slow mode for its composer (issue 22): free to post, or waiting after a send until the
 * room's seconds have passed (the composer shows the countdown; a message sent meanwhile waits in
 * the outbox, which the server answers with the wait). Turned off, the wait ends at once. `now`
 * is injected (the wait's delay reads it).
 */
export const slowModeMachine = setup({
  types: { context: {} as SlowModeContext, events: {} as SlowModeEvent, input: {} as { seconds: number } },
  delays: {
    /** What is left of the wait. */
    remaining: ({ context }) => Math.max(0, context.readyAt - Date.now()),
  },
  guards: {
    isOn: ({ context }) => context.seconds > 0,
    turnedOff: ({ event }) => event.type === 'slow.set' && event.seconds <= 0,
  },
  actions: {
    setSeconds: assign({ seconds: ({ event, context }) => (event.type === 'slow.set' ? Math.max(0, event.seconds) : context.seconds) }),
    startWait: assign({ readyAt: ({ event, context }) => (event.type === 'slow.sent' ? event.at + context.seconds * 1000 : context.readyAt) }),
  },
}).createMachine({
  id: 'slowMode',
  initial: 'free',
  context: ({ input }) => ({ seconds: Math.max(0, input.seconds), readyAt: 0 }),
  on: {
    'slow.set': [{ guard: 'turnedOff', target: '.free', actions: 'setSeconds' }, { actions: 'setSeconds' }],
  },
  states: {
    free: {
      entry: assign({ readyAt: 0 }),
      on: { 'slow.sent': { guard: 'isOn', target: 'waiting', actions: 'startWait' } },
    },
    waiting: {
      after: { remaining: 'free' },
      on: { 'slow.sent': { target: 'waiting', reenter: true, actions: 'startWait' } },
    },
  },
});

export type SlowModeState = 'free' | 'waiting';
