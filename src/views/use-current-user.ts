import { useMemo } from 'react';
import type { User } from '../contract/user';
import { currentUser$ } from '../store/queries';
import { useApp } from './app-context';
import { useObservable } from './use-observable';

/** The signed-in member from the local database (null until the first lookup is stored). */
export function useCurrentUser(): User | null {
  const { db } = useApp();
  const user$ = useMemo(() => currentUser$(db), [db]);
  return useObservable(user$, null);
}
