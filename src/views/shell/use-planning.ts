import { useMemo } from 'react';
import type { PlanningItem } from '../../contract/planning';
import { planning$ } from '../../store/queries';
import { useApp } from '../app-context';
import { useObservable } from '../use-observable';

/** The live planning from the local database, kept fresh by the content sync. */
export function usePlanning(): PlanningItem[] {
  const { db } = useApp();
  const items$ = useMemo(() => planning$(db), [db]);
  return useObservable(items$, []);
}
