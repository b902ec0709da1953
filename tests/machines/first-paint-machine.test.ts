import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { FIRST_PAINT_HAND_OVER_MS, FIRST_PAINT_SETTLE_MS, firstPaintMachine, showsFirstPaint } from '../../src/machines/first-paint-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

type State = 'loading' | 'painting' | 'shown' | 'over';

const events: ModelEvent[] = [
  { type: 'loads.ready' },
  { type: 'loads.empty' },
  { type: 'paint.done' },
  { type: 'list.shown' },
  { type: 'xstate.after.settleLimit.firstPaint.loading' },
  { type: 'xstate.after.settleLimit.firstPaint.painting' },
  { type: 'xstate.after.handOverLimit.firstPaint.shown' },
];

/** Where each event leads from each state, written out from the behaviour wanted (not from the machine). */
function expectedAfter(state: State, event: ModelEvent): State {
  switch (`${state} ${event.type}`) {
    case 'loading loads.ready':
      return 'painting';
    case 'loading loads.empty':
    case 'loading list.shown':
    case 'loading xstate.after.settleLimit.firstPaint.loading':
      return 'over';
    case 'painting paint.done':
    case 'painting xstate.after.settleLimit.firstPaint.painting':
      return 'shown';
    case 'painting list.shown':
      return 'over';
    case 'shown list.shown':
    case 'shown xstate.after.handOverLimit.firstPaint.shown':
      return 'over';
    default:
      return state;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = firstPaintMachine.provide({ actions: { settle: () => void calls.push('settle') } });
  return { machine, calls };
}

const paths = (() => {
  const { machine } = recorded();
  return [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)];
})();

describe('first paint machine', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(5));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: State = 'loading';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as State;
        if (index > 0) expect(now).toBe(expectedAfter(before, step.event as ModelEvent));
        // Settling on entering 'shown' or 'over', and nothing else; rows on screen only while painting or shown.
        const fresh = calls.slice(seen);
        seen = calls.length;
        expect(fresh).toEqual(index > 0 && now !== before && (now === 'shown' || now === 'over') ? ['settle'] : []);
        expect(showsFirstPaint(snapshot)).toBe(now === 'painting' || now === 'shown');
        if (now === 'over') expect(snapshot.status).toBe('done');
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});

describe('first paint machine against a simulated clock', () => {
  it('gives up a first paint not ready in time, and settles then', () => {
    const clock = new SimulatedClock();
    const { machine, calls } = recorded();
    const actor = createActor(machine, { clock }).start();
    clock.increment(FIRST_PAINT_SETTLE_MS - 1);
    expect(actor.getSnapshot().value).toBe('loading');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('over');
    expect(calls).toEqual(['settle']);
  });

  it('leaves the screen after its time limit when the live list never says it is shown', () => {
    const clock = new SimulatedClock();
    const { machine } = recorded();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'loads.ready' });
    clock.increment(FIRST_PAINT_SETTLE_MS);
    expect(actor.getSnapshot().value).toBe('shown');
    clock.increment(FIRST_PAINT_HAND_OVER_MS - 1);
    expect(actor.getSnapshot().value).toBe('shown');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('over');
  });
});
