/**
 * User Timing marks of the boot path (`comptoir:*`), each set once per page: the benchmark reads
 * them to split a room's opening into its steps; in a browser's performance panel they show the
 * same.
 */
export type BootStep = 'boot' | 'data-chunk' | 'db-open' | 'rooms' | 'window-query' | 'window-rows' | 'list-shown';

export function markBoot(step: BootStep): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `comptoir:${step}`;
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
