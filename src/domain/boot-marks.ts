/**
 * User Timing marks of the boot path (`comptoir:*`), each set once per page: the benchmark reads
 * them to split a room's opening into its steps; in a browser's performance panel they show the
 * same. Called on hot paths (every window emission): after its first call a step costs a Set
 * lookup, not a search of the performance timeline.
 */
export type BootStep = 'boot' | 'first-rows' | 'first-view' | 'first-paint' | 'data-chunk' | 'db-open' | 'rooms' | 'window-query' | 'window-rows' | 'list-shown';

const marked = new Set<BootStep>();

export function markBoot(step: BootStep): void {
  if (marked.has(step)) return;
  marked.add(step);
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`comptoir:${step}`);
}
