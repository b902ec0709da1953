import { useEffect } from 'react';
import type { Formation, FormationCategory, FormationProgress } from '../../contract/formations';
import {
  allProgress$,
  formation$,
  formationCategories$,
  formationProgress$,
  formations$,
  type FormationLookup,
} from '../../store/learning-queries';
import type { LearningSync } from '../../sync/learning-sync';
import { useLazySync } from '../app-context';
import { useQuery } from '../common/use-query';

/** The learning views' reads (the store) and intents (the learning sync); views never fetch. */

export const useFormationCategories = (): FormationCategory[] | null => useQuery(formationCategories$, [], null);

export const useFormations = (): Formation[] | null => useQuery(formations$, [], null);

export const useFormation = (id: number): FormationLookup => useQuery((db) => formation$(db, id), [id], LOADING);
const LOADING: FormationLookup = { status: 'loading' };

/** A formation's progress with this device's pending steps (null: none stored; undefined: still reading). */
export const useFormationProgress = (id: number): FormationProgress | null | undefined =>
  useQuery<FormationProgress | null | undefined>((db) => formationProgress$(db, id), [id], undefined);

export const useAllProgress = (): ReadonlyMap<number, FormationProgress> => useQuery(allProgress$, [], NO_PROGRESS);
const NO_PROGRESS: ReadonlyMap<number, FormationProgress> = new Map();

/** The progress intents: validate a step, save a video position, submit the quiz. */
export function useLearning(): LearningSync {
  return useLazySync((services) => services.learning);
}

/** The catalogue refreshed in the background when the list is visited. */
export function useRefreshCatalogue(): void {
  const learning = useLearning();
  useEffect(() => {
    void learning.refreshCatalogue();
    void learning.refreshProgress();
  }, [learning]);
}

/** One formation and its progress refreshed when its course opens. */
export function useRefreshFormation(id: number): void {
  const learning = useLearning();
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) void learning.refreshFormation(id);
  }, [learning, id]);
}
