/**
 * Slow mode (issue 22): in a room so set, each member may post one message per so many seconds
 * (threads of the room included; moderators and staff are not held). The server refuses a post
 * that comes too soon with the wait (`retryAfterMs`): the outbox holds it and sends it then.
 */
export const SLOW_MODE_CHOICES = [0, 10, 30, 60, 300] as const;
export type SlowModeSeconds = (typeof SLOW_MODE_CHOICES)[number];

export const isSlowModeChoice = (seconds: number): seconds is SlowModeSeconds => (SLOW_MODE_CHOICES as readonly number[]).includes(seconds);

/** '10 s', '1 min', '5 min'. */
export const slowModeSpan = (seconds: number): string => (seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

export const SLOW_MODE_TEXT = {
  label: 'Mode lent',
  choice: (seconds: number) => (seconds === 0 ? 'Désactivé' : `Un message toutes les ${slowModeSpan(seconds)}`),
  notice: (seconds: number) => `Mode lent : un message toutes les ${slowModeSpan(seconds)}`,
  wait: (seconds: number) => `Mode lent : prochain message possible dans ${seconds} s`,
  refused: (seconds: number) => `Mode lent : vous pourrez écrire à nouveau dans ${seconds} s.`,
  changed: (room: string, seconds: number) => (seconds === 0 ? `Mode lent désactivé dans ${room}` : `Mode lent activé dans ${room} : un message toutes les ${slowModeSpan(seconds)}`),
} as const;

/** How long a member who last posted at `lastPostAt` still waits at `now` (0: they may post). */
export function slowModeWaitMs(seconds: number, lastPostAt: number | null, now: number): number {
  if (seconds <= 0 || lastPostAt === null) return 0;
  return Math.max(0, lastPostAt + seconds * 1000 - now);
}
