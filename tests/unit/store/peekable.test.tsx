// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject, finalize, Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { peekable } from '../../../src/store/peekable';
import { useObservable } from '../../../src/views/use-observable';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A source that counts its subscriptions and its teardowns, like a live query. */
function counted<T>(subject: BehaviorSubject<T>) {
  const counts = { subscribed: 0, torndown: 0 };
  const source = new Observable<T>((subscriber) => {
    counts.subscribed += 1;
    return subject.subscribe(subscriber);
  }).pipe(finalize(() => (counts.torndown += 1)));
  return { source, counts };
}

function Shows({ source }: { source: Observable<string> }) {
  const value = useObservable(source, 'rien');
  return <p>{value}</p>;
}

describe('peekable', () => {
  it('tells its latest value while read, and nothing once torn down', () => {
    vi.useFakeTimers();
    const subject = new BehaviorSubject('a');
    const { source, counts } = counted(subject);
    const kept = peekable(source, 1_000);
    expect(kept.peek()).toBeUndefined();
    const reader = kept.subscribe();
    expect(kept.peek()).toEqual({ value: 'a' });
    subject.next('b');
    expect(kept.peek()).toEqual({ value: 'b' });
    reader.unsubscribe();
    // Kept a moment for the next reader: no second read of the source.
    const second = kept.subscribe();
    expect(counts).toEqual({ subscribed: 1, torndown: 0 });
    second.unsubscribe();
    vi.advanceTimersByTime(1_000);
    expect(counts).toEqual({ subscribed: 1, torndown: 1 });
    expect(kept.peek()).toBeUndefined();
  });

  it('gives a view its value in the first render when another reader holds it', () => {
    const subject = new BehaviorSubject('lignes');
    const kept = peekable(subject.asObservable());
    const holder = kept.subscribe();
    const seen: string[] = [];
    function Records() {
      seen.push(useObservable(kept, 'rien'));
      return null;
    }
    render(<Records />);
    expect(seen[0]).toBe('lignes');
    holder.unsubscribe();
  });

  it('starts a plain source from the initial value, then follows it', async () => {
    const subject = new BehaviorSubject('un');
    const seen: string[] = [];
    function Records() {
      seen.push(useObservable(source, 'rien'));
      return null;
    }
    const source = subject.asObservable();
    render(<Records />);
    expect(seen[0]).toBe('rien');
    cleanup();
    render(<Shows source={source} />);
    expect(screen.getByText('un')).toBeTruthy();
    await act(async () => subject.next('deux'));
    expect(screen.getByText('deux')).toBeTruthy();
  });
});
