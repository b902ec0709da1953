import type { Client } from 'graphql-ws';

/*
 * One graphql-ws subscription's events as a test reads them (the content host's tests, the
 * scale-out's): every event decoded by its contract schema, and a wait for a matching one.
 */

export type Feed<T> = { events: T[]; errors: unknown[]; waitFor(predicate: (event: T) => boolean, timeoutMs?: number): Promise<T> };

/** Every event of one subscription, decoded by its contract schema, and a wait for a matching one. */
export function feed<T>(client: Client, query: string, decode: (data: unknown) => T): Feed<T> {
  const events: T[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<{ predicate: (event: T) => boolean; resolve: (event: T) => void }>();
  client.subscribe(
    { query },
    {
      next(result) {
        if (result.errors) errors.push(...result.errors);
        const event = decode(result.data);
        events.push(event);
        for (const waiter of waiters) if (waiter.predicate(event)) waiter.resolve(event);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    events,
    errors,
    waitFor(predicate, timeoutMs = 8000) {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (event: T) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(event);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`aucun événement attendu parmi ${JSON.stringify(events)} ${JSON.stringify(errors)}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

