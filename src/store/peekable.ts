import { ReplaySubject, share, tap, timer, type Observable } from 'rxjs';

/** An observable whose latest value can be read at once, while someone is subscribed to it. */
export type Peekable<T> = Observable<T> & { peek(): { value: T } | undefined };

/**
 * Shares `source` and remembers its latest value, so a view that starts reading it takes that
 * value in its first render instead of waiting a round trip. The source stays subscribed for
 * `keepMs` after its last reader leaves: a query handed from one hook to another (the list's next
 * window becoming its current one) is never torn down and read again in between.
 */
export function peekable<T>(source: Observable<T>, keepMs = 1_000): Peekable<T> {
  let latest: { value: T } | undefined;
  const shared = source.pipe(
    tap({
      next: (value) => {
        latest = { value };
      },
      finalize: () => {
        latest = undefined;
      },
    }),
    share({ connector: () => new ReplaySubject<T>(1), resetOnRefCountZero: () => timer(keepMs) }),
  );
  return Object.assign(shared, { peek: () => latest });
}
