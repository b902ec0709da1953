import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/**
 * Reads an rxjs observable through `useSyncExternalStore`. The observable must be stable (built
 * once with useMemo or at module scope) so the subscription is never remade on each render.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const latest = useRef<{ source: Observable<T>; value: T }>({ source: source$, value: initial });
  if (latest.current.source !== source$) latest.current = { source: source$, value: initial };
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = source$.subscribe((value) => {
        latest.current = { source: source$, value };
        onChange();
      });
      return () => subscription.unsubscribe();
    },
    [source$],
  );
  const getSnapshot = useCallback(() => latest.current.value, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
