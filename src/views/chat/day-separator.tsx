import { styled } from '@linaria/react';
import { memo, useSyncExternalStore } from 'react';
import { dayLabel, localDay } from '../../domain/message-days';

/**
 * 'Aujourd'hui', 'Hier' or 'lundi 23 novembre' above the first message of a day in a log. Only the
 * separators (a few per list) follow the clock, so 'Aujourd'hui' becomes 'Hier' at midnight in an
 * open log without any row re-rendering.
 */
export const DaySeparator = memo(function DaySeparator({ date }: { date: string | number }) {
  const now = useSyncExternalStore(subscribe, currentNow, currentNow);
  const label = dayLabel(new Date(date), new Date(now));
  return (
    <Separator role="separator" aria-label={label}>
      {label}
    </Separator>
  );
});

/** The moment the labels are read against: moved on once the day has changed. */
let shown = Date.now();
function currentNow(): number {
  const now = Date.now();
  if (localDay(now) !== localDay(shown)) shown = now;
  return shown;
}

const listeners = new Set<() => void>();
let midnight: ReturnType<typeof setTimeout> | undefined;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (midnight === undefined) waitForMidnight();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(midnight);
      midnight = undefined;
    }
  };
}
function waitForMidnight(): void {
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  // A second past it, so the clock read then is surely in the new day.
  midnight = setTimeout(() => {
    for (const listener of [...listeners]) listener();
    waitForMidnight();
  }, next.getTime() - now.getTime() + 1000);
}

const Separator = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px 4px;
  font-size: 12px;
  font-weight: 600;
  color: var(--muted);
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--border);
  }
`;
