import type { FastifyBaseLogger } from 'fastify';
import type { PlanningItem } from '../../src/contract/planning';
import { planningRange } from '../../src/domain/live-window';
import type { Database } from '../db/open-database';
import { liveSlots } from '../db/schema';
import type { ContentPubSub } from '../graphql/content-events';
import { livesCurrentAt, nextLiveBoundary } from './live-boundaries';
import { expandPlanning } from './expand-planning';

/** setTimeout's longest delay; a later boundary is reached in several steps. */
const MAX_DELAY = 2 ** 31 - 1;

export type LiveNotifier = {
  /** Arms the boundary timer from the stored programme (the server is ready). */
  start(): Promise<void>;
  /** A slot was added or moved: the planning and the current lives are published, the timer re-armed. */
  slotsChanged(): Promise<void>;
  close(): void;
};

/**
 * Publishes `liveChanged` whenever the set of current lives changes: a timer waits for the next
 * window opening or live end, publishes, and is armed again (after each fire and each slot
 * change). It never keeps the process alive and stops when the server closes.
 */
export function createLiveNotifier(
  db: Database,
  events: ContentPubSub,
  now: () => Date,
  log: FastifyBaseLogger,
  /** Lives that just became current (issue 22: their push); never those current when the server starts. */
  onStarted: (lives: PlanningItem[], at: Date) => void = () => {},
): LiveNotifier {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  // The lives current at the last publication, by id, to tell those that just opened.
  let current = new Set<number>();

  const loadSlots = () => db.select().from(liveSlots);

  function arm(slots: Awaited<ReturnType<typeof loadSlots>>, at: Date): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed) return;
    const boundary = nextLiveBoundary(slots, at);
    if (!boundary) return;
    const delay = boundary.getTime() - at.getTime();
    timer = delay > MAX_DELAY ? setTimeout(() => void rearm(), MAX_DELAY) : setTimeout(() => void fire(boundary.getTime()), delay);
    timer.unref();
  }

  async function rearm(): Promise<void> {
    try {
      arm(await loadSlots(), now());
    } catch (error) {
      log.error({ err: error }, 'live boundary failed');
    }
  }

  async function fire(boundary: number): Promise<void> {
    try {
      const slots = await loadSlots();
      // A timer may wake a millisecond early: the boundary has come once it fired for it.
      const at = new Date(Math.max(now().getTime(), boundary));
      publishLives(livesCurrentAt(slots, at), at);
      arm(slots, at);
    } catch (error) {
      log.error({ err: error }, 'live boundary failed');
    }
  }

  function publishLives(lives: PlanningItem[], at: Date): void {
    events.publish('liveChanged', { liveChanged: { at: at.toISOString(), current: lives } });
    const started = lives.filter((live) => !current.has(live.id));
    current = new Set(lives.map((live) => live.id));
    if (started.length > 0) onStarted(started, at);
  }

  return {
    async start() {
      const slots = await loadSlots();
      const at = now();
      current = new Set(livesCurrentAt(slots, at).map((live) => live.id));
      arm(slots, at);
    },
    async slotsChanged() {
      const slots = await loadSlots();
      const at = now();
      const { from, to } = planningRange(at);
      events.publish('planningChanged', { planningChanged: { from: from.toISOString(), to: to.toISOString(), items: expandPlanning(slots, from, to) } });
      publishLives(livesCurrentAt(slots, at), at);
      arm(slots, at);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
