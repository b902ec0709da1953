import { assign, setup } from 'xstate';

/** How long the realtime connection may be lost, the browser online, before the app says 'Hors ligne'. */
export const REALTIME_GRACE_MS = 5_000;

export type ConnectivityInput = {
  /** `navigator.onLine` when the page starts. */
  network: boolean;
};

export type ConnectivityEvent =
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** The realtime connection is up, or there is none to wait for (signed out). */
  | { type: 'realtime.up' }
  | { type: 'realtime.down' };

type Context = { network: boolean; realtime: boolean };

/**
 * Whether Comptoir is reachable, for the 'Hors ligne' banner: the browser's network state at once
 * (`navigator.onLine` and its online/offline events), and the realtime connection when a member is
 * signed in: lost for longer than REALTIME_GRACE_MS (a reconnect, the server away) while the network
 * is up counts as offline too, so the short gaps of a reconnection never flash the banner. Back
 * online once both are up again.
 */
export const connectivityMachine = setup({
  types: { context: {} as Context, events: {} as ConnectivityEvent, input: {} as ConnectivityInput },
  guards: {
    realtimeUp: ({ context }) => context.realtime,
    networkUp: ({ context }) => context.network,
  },
  delays: { grace: REALTIME_GRACE_MS },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ network: input.network, realtime: true }),
  initial: 'starting',
  on: {
    'network.online': { actions: assign({ network: true }) },
    'network.offline': { actions: assign({ network: false }) },
    'realtime.up': { actions: assign({ realtime: true }) },
    'realtime.down': { actions: assign({ realtime: false }) },
  },
  states: {
    starting: {
      always: [{ guard: 'networkUp', target: 'online' }, { target: 'offline' }],
    },
    online: {
      on: {
        'network.offline': { target: 'offline', actions: assign({ network: false }) },
        'realtime.down': { target: 'reconnecting', actions: assign({ realtime: false }) },
      },
    },
    reconnecting: {
      after: { grace: 'offline' },
      on: {
        'network.offline': { target: 'offline', actions: assign({ network: false }) },
        'realtime.up': { target: 'online', actions: assign({ realtime: true }) },
      },
    },
    offline: {
      on: {
        'network.online': [
          { guard: 'realtimeUp', target: 'online', actions: assign({ network: true }) },
          { actions: assign({ network: true }) },
        ],
        'realtime.up': [
          { guard: 'networkUp', target: 'online', actions: assign({ realtime: true }) },
          { actions: assign({ realtime: true }) },
        ],
      },
    },
  },
});

export type ConnectivityState = 'online' | 'reconnecting' | 'offline';

export const isOffline = (state: { matches(value: ConnectivityState): boolean }): boolean => state.matches('offline');
