// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DaySeparator } from '../../../src/views/chat/day-separator';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a day separator', () => {
  it("is a named separator that turns 'Aujourd'hui' into 'Hier' at midnight", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 23, 59, 30));
    render(<DaySeparator date={new Date(2026, 10, 23, 9, 0).toISOString()} />);
    expect(screen.getByRole('separator', { name: "Aujourd'hui" }).textContent).toBe("Aujourd'hui");
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('separator', { name: 'Hier' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(24 * 60 * 60_000));
    expect(screen.getByRole('separator', { name: 'lundi 23 novembre' })).toBeTruthy();
  });
});
