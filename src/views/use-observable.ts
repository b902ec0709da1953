import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { Peekable } from '../store/peekable';

// Inline, not imported: the entry (the sign-in page) must not pull rxjs' operators in.
const isPeekable = <T,>(source: Observable<T>): source is Peekable<T> => typeof (source as Partial<Peekable<T>>).peek === 'function';

/**
 * Reads an rxjs observable through `useSyncExternalStore`. The observable must be stable (built
 * once with useMemo or at module scope) so the subscription is never remade on each render. A
 * `Peekable` source already read elsewhere gives its latest value in the first render.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const first = (source: Observable<T>): T => (isPeekable(source) ? (source.peek() ?? { value: initial }).value : initial);
  const latest = useRef<{ source: Observable<T>; value: T } | null>(null);
  if (latest.current === null || latest.current.source !== source$) latest.current = { source: source$, value: first(source$) };
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
  const getSnapshot = useCallback(() => latest.current!.value, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
