/**
 * User Timing marks of the boot path (`comptoir:*`), each set once per page: the benchmark reads
 * them to split a room's opening into its steps; in a browser's performance panel they show the
 * same. Called on hot paths (every window emission): after its first call a step costs a Set
 * lookup, not a search of the performance timeline.
 */
export type BootStep = 'boot' | 'first-rows' | 'first-view' | 'first-paint' | 'data-chunk' | 'db-open' | 'rooms' | 'window-query' | 'window-rows' | 'list-shown';

const marked = new Set<BootStep>();
const waiting = new Map<BootStep, (() => void)[]>();

export function markBoot(step: BootStep): void {
  if (marked.has(step)) return;
  marked.add(step);
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`comptoir:${step}`);
  for (const resolve of waiting.get(step) ?? []) resolve();
  waiting.delete(step);
}

/** Resolves once `step` is marked, or after `atMostMs` (a step a page load never reaches, or a failure on the way). */
export function bootStepReached(step: BootStep, atMostMs: number): Promise<void> {
  if (marked.has(step)) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.set(step, [...(waiting.get(step) ?? []), resolve]);
    setTimeout(resolve, atMostMs);
  });
}
