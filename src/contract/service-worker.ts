/**
 * The page and its service worker: where the worker is served (the root of the built client, so
 * its scope is the whole app) and the one message the page sends it.
 */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/** 'Mettre à jour': the waiting worker takes over at once (the page reloads when it controls). */
export const SKIP_WAITING = 'SKIP_WAITING';
export type WorkerMessage = { type: typeof SKIP_WAITING };

/**
 * Checked by hand rather than with zod: the worker stays free of the schema library, and this is
 * the only message it accepts.
 */
export const isSkipWaiting = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
