import type { ComponentType } from 'react';
import { markBoot } from '../../domain/boot-marks';
import { readRawFirstWindow, type RawFirstWindow } from '../../sync/raw-first-window';
import type { FirstPaintProps } from './first-paint';

/** What the chat's first paint needs: the room's stored rows, and the view that paints them. */
export type FirstPaintLoads = { rows: Promise<RawFirstWindow | null>; view: Promise<ComponentType<FirstPaintProps>> };

let started: FirstPaintLoads | null = null;

/**
 * Starts the first paint's loads once per page. The page's first script (`src/early.ts`) does so
 * before the app's entry is evaluated, while the main thread is still free: the raw read and the
 * view's chunk are in by the time the app renders. The app's entry takes the same loads.
 */
export function startFirstPaintLoads(env: { requestedRoom: string | null; lastRoomId: string | null; idb: IDBFactory }): FirstPaintLoads {
  started ??= {
    rows: readRawFirstWindow(env.idb, env).then((window) => {
      markBoot('first-rows');
      return window;
    }),
    view: import('./first-paint').then((m) => {
      markBoot('first-view');
      return m.FirstPaint;
    }),
  };
  return started;
}
