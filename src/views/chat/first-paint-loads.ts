import type { ComponentType } from 'react';
import { markBoot } from '../../domain/boot-marks';
import { LAST_ROOM_KEY } from '../../domain/chat-limits';
import type { FirstScreen } from '../../sync/first-screen';
import { readRawFirstWindow, type RawFirstWindow } from '../../sync/raw-first-window';
import type { FirstPaintProps } from './first-paint';

/** What the chat's first paint needs: the room's stored rows, and the view that paints them. */
export type FirstPaintLoads = { rows: Promise<RawFirstWindow | null>; view: Promise<ComponentType<FirstPaintProps>> };

let started: FirstPaintLoads | null = null;

/** The screen a page load opens: its path, the room its address names, the last room stored. */
export function screenAt(location: Pick<Location, 'pathname' | 'search'>, storage: Pick<Storage, 'getItem'>): FirstScreen {
  return { path: location.pathname, requestedRoom: new URLSearchParams(location.search).get('room'), lastRoomId: storage.getItem(LAST_ROOM_KEY) };
}

/**
 * Starts the first paint's loads once per page, on the chat in a browser with IndexedDB (null
 * otherwise): the app's boot does so first thing. (A first script of its own, run before the
 * entry's evaluation, gained nothing: Vite bundles it into the entry, and its reads' answers waited
 * for that evaluation anyway — the warm open was as fast without it, its read shorter.)
 */
export function startFirstPaintLoads(screen: FirstScreen, idb: IDBFactory | undefined): FirstPaintLoads | null {
  if (!screen.path.startsWith('/chat') || idb === undefined) return null;
  started ??= {
    rows: readRawFirstWindow(idb, screen).then((window) => {
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
