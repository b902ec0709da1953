import type { ComponentType } from 'react';
import { createActor, type ActorRefFrom, type EventFrom } from 'xstate';
import { firstPaintMachine } from '../../machines/first-paint-machine';
import type { RawFirstWindow } from '../../sync/raw-first-window';
import type { FirstPaintLoads } from './first-paint-loads';
import type { FirstPaintProps } from './first-paint';
import { logPlaceFor, type LogPlace, type Viewport } from './log-place';

/**
 * The chat's first paint for this page load: started at boot, before the data layer, when a
 * signed-in member opens `/chat` in a window laid out as on a previous visit. Its view and its rows
 * load side by side; its course is `firstPaintMachine`'s (loading, painting, shown, over).
 */
export type FirstPaintSource = {
  place: LogPlace;
  /** The view and the room's stored rows, once both are in (null: nothing to paint). */
  ready: Promise<FirstPaintReady>;
  /**
   * What `ready` resolved to, or undefined while it has not: the app's first render comes once the
   * loads are in, and paints the rows in that very render rather than one effect and one frame later.
   */
  readyNow(): FirstPaintReady | undefined;
  /** Settles when the machine does: the data layer and the screens' chunks start then. */
  settled: Promise<void>;
  state: ActorRefFrom<typeof firstPaintMachine>;
  /** The view tells its rows are on screen. */
  painted(): void;
  /** The live list is on screen (or will not be): the first paint goes. */
  handOver(): void;
};

export type FirstPaintReady = { View: ComponentType<FirstPaintProps>; window: RawFirstWindow } | null;

export function startFirstPaint(env: {
  path: string;
  requestedRoom: string | null;
  lastRoomId: string | null;
  storage: Storage;
  viewport: Viewport;
  /** The rows and the view, started (or already started by the page's first script). */
  loads: () => FirstPaintLoads | null;
}): FirstPaintSource | null {
  if (!env.path.startsWith('/chat')) return null;
  const place = logPlaceFor(env.storage, env.viewport);
  const loads = place === null ? null : env.loads();
  if (place === null || loads === null) return null;
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const state = createActor(firstPaintMachine.provide({ actions: { settle: () => settle() } })).start();
  // A view that cannot load paints nothing early: the live list comes as it always does.
  const ready: Promise<FirstPaintReady> = Promise.all([loads.view, loads.rows]).then(([View, window]) => (window === null ? null : { View, window }), () => null);
  let readyNow: FirstPaintReady | undefined;
  // Every room shown hands over: once over, the machine hears nothing more.
  const send = (event: EventFrom<typeof firstPaintMachine>) => {
    if (state.getSnapshot().status === 'active') state.send(event);
  };
  void ready.then((value) => {
    readyNow = value;
    send({ type: value === null ? 'loads.empty' : 'loads.ready' });
  });
  return {
    place,
    ready,
    readyNow: () => readyNow,
    settled,
    state,
    painted: () => send({ type: 'paint.done' }),
    handOver: () => send({ type: 'list.shown' }),
  };
}
