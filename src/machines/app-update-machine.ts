import { fromCallback, setup } from 'xstate';

/** How long a waiting version may take to control the page after 'Mettre à jour' before the page reloads anyway. */
export const UPDATE_APPLY_LIMIT_MS = 10_000;

export type AppUpdateEvent =
  /** A new version of the app is installed and waits for the running one to let go. */
  | { type: 'worker.waiting' }
  /** Another version now controls this page (taken here, or from another tab): its files are not this page's. */
  | { type: 'worker.controlling' }
  /** 'Mettre à jour'. */
  | { type: 'update.apply' }
  /** The prompt closed: the running version stays until the next load. */
  | { type: 'update.later' };

/**
 * A new deployment offered as an update, never mixed into a running page (DESIGN.md "The client
 * offline"): the service worker of the new version installs and waits (`watchWorker` reports it);
 * the member is offered 'Nouvelle version disponible'; 'Mettre à jour' tells the waiting worker to
 * take over (`skipWaiting`) and the page reloads once it controls it, or after
 * UPDATE_APPLY_LIMIT_MS (then under the old version, which offers the update again). A page whose
 * worker changes under it, whatever the state, reloads.
 */
export const appUpdateMachine = setup({
  types: { events: {} as AppUpdateEvent },
  actors: {
    /** Registers the worker and reports `worker.waiting` and `worker.controlling` until stopped. */
    watchWorker: fromCallback<AppUpdateEvent>(() => () => {}),
  },
  actions: {
    skipWaiting: () => {},
    reload: () => {},
  },
  delays: { applyLimit: UPDATE_APPLY_LIMIT_MS },
}).createMachine({
  id: 'appUpdate',
  invoke: { id: 'watchWorker', src: 'watchWorker' },
  initial: 'current',
  on: { 'worker.controlling': '.reloading' },
  states: {
    current: {
      on: { 'worker.waiting': 'available' },
    },
    available: {
      on: { 'update.apply': 'applying', 'update.later': 'postponed' },
    },
    /** Dismissed: a newer version waiting later is offered again. */
    postponed: {
      on: { 'worker.waiting': 'available' },
    },
    applying: {
      entry: 'skipWaiting',
      after: { applyLimit: 'reloading' },
    },
    reloading: { type: 'final', entry: 'reload' },
  },
});

export type AppUpdateState = 'current' | 'available' | 'postponed' | 'applying' | 'reloading';

/** Whether the prompt is on screen ('Mettre à jour' stays shown, busy, until the page reloads). */
export const showsUpdatePrompt = (state: { matches(value: AppUpdateState): boolean }): boolean =>
  state.matches('available') || state.matches('applying') || state.matches('reloading');
