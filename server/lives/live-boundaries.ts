import type { PlanningItem } from '../../src/contract/planning';
import { currentLives, LIVE_EARLY_MS } from '../../src/domain/live-window';
import { expandPlanning, type LiveSlotRow } from './expand-planning';

const DAY = 24 * 60 * 60 * 1000;

/** The lives current at `at` (15 minutes before their start until their end, spec 3 §2). */
export function livesCurrentAt(slots: LiveSlotRow[], at: Date): PlanningItem[] {
  return currentLives(expandPlanning(slots, at, new Date(at.getTime() + LIVE_EARLY_MS + 1)), at);
}

/**
 * The first instant after `at` where the set of current lives changes: a live's window opens
 * (its start less 15 minutes) or it ends. Null without any slot. A weekly programme repeats, so
 * the next eight days hold the next boundary when there is one.
 */
export function nextLiveBoundary(slots: LiveSlotRow[], at: Date): Date | null {
  const t = at.getTime();
  let next = Infinity;
  for (const item of expandPlanning(slots, at, new Date(t + 8 * DAY))) {
    for (const boundary of [Date.parse(item.attributes.date) - LIVE_EARLY_MS, Date.parse(item.attributes.dateFin)]) {
      if (boundary > t && boundary < next) next = boundary;
    }
  }
  return Number.isFinite(next) ? new Date(next) : null;
}
