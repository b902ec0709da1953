/**
 * An in-process publish/subscribe of typed topics, each subscription an async iterator (what a
 * GraphQL subscription resolver returns). A subscriber that does not keep up loses its oldest
 * events past `MAX_QUEUED`; `return()` ends a subscription at once, even while it waits.
 */
export type PubSub<Events extends Record<string, unknown>> = {
  publish<K extends keyof Events>(topic: K, payload: Events[K]): void;
  subscribe<K extends keyof Events>(topic: K): AsyncIterableIterator<Events[K]>;
  /** How many subscriptions a topic has (tests wait for a subscriber with it). */
  subscribers(topic: keyof Events): number;
  /** Ends every subscription (the server is closing). */
  close(): void;
};

export const MAX_QUEUED = 256;

export function createPubSub<Events extends Record<string, unknown>>(): PubSub<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  const finishers = new Set<() => void>();
  const setOf = (topic: keyof Events) => {
    let set = listeners.get(topic);
    if (!set) listeners.set(topic, (set = new Set()));
    return set;
  };

  return {
    publish(topic, payload) {
      for (const listener of [...setOf(topic)]) (listener as (value: typeof payload) => void)(payload);
    },
    subscribe<K extends keyof Events>(topic: K): AsyncIterableIterator<Events[K]> {
      type Value = Events[K];
      const queue: Value[] = [];
      let waiting: ((result: IteratorResult<Value>) => void) | null = null;
      let done = false;
      const listener = (payload: Value) => {
        if (waiting) {
          const resolve = waiting;
          waiting = null;
          resolve({ value: payload, done: false });
          return;
        }
        queue.push(payload);
        if (queue.length > MAX_QUEUED) queue.shift();
      };
      const finish = () => {
        if (done) return;
        done = true;
        setOf(topic).delete(listener as (payload: never) => void);
        finishers.delete(finish);
        queue.length = 0;
        waiting?.({ value: undefined, done: true });
        waiting = null;
      };
      setOf(topic).add(listener as (payload: never) => void);
      finishers.add(finish);
      const iterator: AsyncIterableIterator<Value> = {
        next() {
          const value = queue.shift();
          if (value !== undefined) return Promise.resolve({ value, done: false });
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => {
            waiting = resolve;
          });
        },
        return() {
          finish();
          return Promise.resolve({ value: undefined, done: true });
        },
        throw(error: unknown) {
          finish();
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    },
    subscribers: (topic) => listeners.get(topic)?.size ?? 0,
    close() {
      for (const finish of [...finishers]) finish();
    },
  };
}

/** `source`'s events through `map`, ending `source` when the mapped iterator is ended. */
export function mapEvents<T, U>(source: AsyncIterableIterator<T>, map: (value: T) => U): AsyncIterableIterator<U> {
  const iterator: AsyncIterableIterator<U> = {
    async next() {
      const result = await source.next();
      return result.done ? { value: undefined, done: true } : { value: map(result.value), done: false };
    },
    async return() {
      await source.return?.();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      await source.return?.();
      throw error instanceof Error ? error : new Error(String(error));
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
