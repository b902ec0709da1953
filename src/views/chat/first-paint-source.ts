import type { ComponentType } from 'react';
import type { RawFirstWindow } from '../../sync/raw-first-window';
import type { FirstPaintLoads } from './first-paint-loads';
import type { FirstPaintProps } from './first-paint';
import { logPlaceFor, type LogPlace, type Viewport } from './log-place';

/**
 * The chat's first paint for this page load: started at boot, before the data layer, when a
 * signed-in member opens `/chat` in a window laid out as on a previous visit. Its view and its rows
 * load side by side; it ends for good when the live list is on screen (`handOver`), or after
 * HAND_OVER_LIMIT_MS whatever happens, so it never stands over another screen.
 */
export type FirstPaintSource = {
  place: LogPlace;
  /** The view and the room's stored rows, once both are in (null: nothing to paint). */
  ready: Promise<{ View: ComponentType<FirstPaintProps>; window: RawFirstWindow } | null>;
  /**
   * Settles once the rows are on screen, or there is nothing to paint, or after SETTLE_LIMIT_MS:
   * the data layer and the screens' chunks start then, so nothing competes with the first paint
   * for the main thread.
   */
  settled: Promise<void>;
  /** The view tells its rows are on screen. */
  painted(): void;
  handOver(): void;
  handedOver(): boolean;
  subscribe(listener: () => void): () => void;
};

export const HAND_OVER_LIMIT_MS = 5_000;
export const SETTLE_LIMIT_MS = 300;

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
  const { rows, view } = loads;
  let done = false;
  const listeners = new Set<() => void>();
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const settleLimit = setTimeout(settle, SETTLE_LIMIT_MS);
  void settled.then(() => clearTimeout(settleLimit));
  const handOver = () => {
    if (done) return;
    done = true;
    clearTimeout(limit);
    settle();
    listeners.forEach((listener) => listener());
  };
  const limit = setTimeout(handOver, HAND_OVER_LIMIT_MS);
  // A view that cannot load paints nothing early: the live list comes as it always does.
  const ready = Promise.all([view, rows]).then(([View, window]) => (window === null ? null : { View, window }), () => null);
  void ready.then((value) => value === null && settle());
  return {
    place,
    ready,
    settled,
    painted: settle,
    handOver,
    handedOver: () => done,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
