import { z } from 'zod/mini';
import { LOG_PLACE_KEY as KEY } from '../../domain/chat-limits';

/**
 * Where the chat's message log was last shown, and for whom: the next visit paints the room's
 * newest rows there before the data layer is loaded (issue 4, `warm_open_ms`). Kept in the browser
 * beside the token; signing out clears it with the rest of the storage.
 */
const logPlace = z.object({
  // `z.number()` refuses Infinity and NaN by itself.
  top: z.number(),
  left: z.number(),
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
  /** The window's inner size when it was taken: another size lays the page out anew. */
  viewport: z.object({ width: z.number(), height: z.number() }),
  /** Who read the log (the row's actions depend on it). */
  viewer: z.object({ id: z.int(), moderator: z.boolean() }),
});
export type LogPlace = z.infer<typeof logPlace>;
export type Viewport = { width: number; height: number };

/** Keeps where the live log is now, for whom, in a window of this size. */
export function rememberLogPlace(storage: Storage, log: Element, viewer: LogPlace['viewer'], viewport: Viewport): void {
  const box = log.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return;
  const place: LogPlace = { top: box.top, left: box.left, width: box.width, height: box.height, viewport, viewer };
  storage.setItem(KEY, JSON.stringify(place));
}

/** The log's place in a window of this size, or null (none kept, another size, unreadable). */
export function logPlaceFor(storage: Storage, viewport: Viewport): LogPlace | null {
  let kept: unknown;
  try {
    kept = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const place = logPlace.safeParse(kept);
  if (!place.success) return null;
  const { width, height } = place.data.viewport;
  return width === viewport.width && height === viewport.height ? place.data : null;
}
