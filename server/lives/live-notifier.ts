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
export function createLiveNotifier(db: Database, events: ContentPubSub, now: () => Date, log: FastifyBaseLogger): LiveNotifier {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

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

  function publishLives(current: PlanningItem[], at: Date): void {
    events.publish('liveChanged', { liveChanged: { at: at.toISOString(), current } });
  }

  return {
    async start() {
      arm(await loadSlots(), now());
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
