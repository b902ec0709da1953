import { useEffect, useState } from 'react';
import { useCore } from './app-context';

/** The current time, refreshed every `intervalMs`, for views whose content depends on the clock. */
export function useNow(intervalMs = 30_000): Date {
  const { now } = useCore();
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setCurrent(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return current;
}
