import { useMemo } from 'react';
import type { Observable } from 'rxjs';
import type { ComptoirDatabase } from '../../store/database';
import { useApp } from '../app-context';
import { useObservable } from '../use-observable';

/** A store query, built once per set of dependencies, read as a value. */
export function useQuery<T>(build: (db: ComptoirDatabase) => Observable<T>, deps: readonly unknown[], initial: T): T {
  const { db } = useApp();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the query depends on
  const query$ = useMemo(() => build(db), [db, ...deps]);
  return useObservable(query$, initial);
}
