import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { Peekable } from '../store/peekable';

// Inline, not imported: the entry (the sign-in page) must not pull rxjs' operators in.
const isPeekable = <T,>(source: Observable<T>): source is Peekable<T> => typeof (source as Partial<Peekable<T>>).peek === 'function';

/**
 * Reads an rxjs observable through `useSyncExternalStore`. The observable must be stable (built
 * once with useMemo or at module scope) so the subscription is never remade on each render. A
 * `Peekable` source already read elsewhere gives its latest value in the first render.
 *
 * `perFrame`: the view re-renders at most once per animation frame, with the latest value — for a
 * source that emits faster than frames (a live log in a burst: each message emits when heard and
 * again when stored). An external store's update renders synchronously, one render per emission;
 * told in the frame's animation callbacks instead, the emissions of a frame (and of every list on
 * screen) make one render each, painted in that same frame. A hidden page is told at once (its
 * frames do not run).
 */
export function useObservable<T>(source$: Observable<T>, initial: T, options?: { perFrame?: boolean }): T {
  const first = (source: Observable<T>): T => (isPeekable(source) ? (source.peek() ?? { value: initial }).value : initial);
  const latest = useRef<{ source: Observable<T>; value: T } | null>(null);
  if (latest.current === null || latest.current.source !== source$) latest.current = { source: source$, value: first(source$) };
  const perFrame = options?.perFrame === true;
  const subscribe = useCallback(
    (onChange: () => void) => {
      let frame: number | null = null;
      const tell = () => {
        frame = null;
        onChange();
      };
      const subscription = source$.subscribe((value) => {
        latest.current = { source: source$, value };
        if (!perFrame || typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') onChange();
        else frame ??= requestAnimationFrame(tell);
      });
      return () => {
        subscription.unsubscribe();
        if (frame !== null) cancelAnimationFrame(frame);
      };
    },
    [source$, perFrame],
  );
  const getSnapshot = useCallback(() => latest.current!.value, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
