import { setup } from 'xstate';

/** The data layer waits at most this long for the chat's first paint (issue 4, `warm_open_ms`). */
export const FIRST_PAINT_SETTLE_MS = 300;
/** However the page goes, a first paint never stays longer than this once on screen. */
export const FIRST_PAINT_HAND_OVER_MS = 5_000;

export type FirstPaintEvent =
  /** Its rows and its view are in, with rows to paint. */
  | { type: 'loads.ready' }
  /** Nothing to paint: no rows stored, or the view could not load. */
  | { type: 'loads.empty' }
  /** Its rows are on screen. */
  | { type: 'paint.done' }
  /** The live list is on screen, or the page will not show it (the store failed): hand over. */
  | { type: 'list.shown' };

/**
 * The chat's first paint (`src/views/chat/first-paint*`): loading its rows and view, painting
 * them, shown until the live list takes over, then over for good. It `settle`s (the data layer and
 * the screens' chunks start) once its rows are on screen or it is over, and at the latest after
 * FIRST_PAINT_SETTLE_MS: a first paint not ready by then is not painted at all, one that never says
 * it painted is taken as painted, and one on screen is gone after FIRST_PAINT_HAND_OVER_MS.
 */
export const firstPaintMachine = setup({
  types: { events: {} as FirstPaintEvent },
  actions: {
    /** Idempotent: lets what waited for the first paint start. */
    settle: () => {},
  },
  delays: { settleLimit: FIRST_PAINT_SETTLE_MS, handOverLimit: FIRST_PAINT_HAND_OVER_MS },
}).createMachine({
  id: 'firstPaint',
  initial: 'loading',
  states: {
    loading: {
      on: { 'loads.ready': 'painting', 'loads.empty': 'over', 'list.shown': 'over' },
      after: { settleLimit: 'over' },
    },
    painting: {
      on: { 'paint.done': 'shown', 'list.shown': 'over' },
      after: { settleLimit: 'shown' },
    },
    shown: {
      entry: 'settle',
      on: { 'list.shown': 'over' },
      after: { handOverLimit: 'over' },
    },
    over: { type: 'final', entry: 'settle' },
  },
});

/** Whether the first paint's rows are to be on screen in this state. */
export const showsFirstPaint = (state: { matches(value: 'painting' | 'shown'): boolean }): boolean => state.matches('painting') || state.matches('shown');
