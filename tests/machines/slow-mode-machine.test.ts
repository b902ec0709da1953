import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { slowModeMachine, type SlowModeContext, type SlowModeState } from '../../src/machines/slow-mode-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const AT = Date.UTC(2026, 10, 27, 9, 0);
const events: ModelEvent[] = [
  { type: 'slow.set', seconds: 30 },
  { type: 'slow.set', seconds: 10 },
  { type: 'slow.set', seconds: 0 },
  { type: 'slow.sent', at: AT },
  { type: 'slow.sent', at: AT + 5_000 },
  { type: 'xstate.after.remaining.slowMode.waiting' },
];

/** Where each event leads, from the behaviour wanted. */
function expectedAfter(state: SlowModeState, context: SlowModeContext, event: ModelEvent): SlowModeState {
  if (event.type === 'slow.set') return Number(event.seconds) <= 0 ? 'free' : state;
  if (event.type === 'slow.sent') return state === 'waiting' || context.seconds > 0 ? 'waiting' : 'free';
  if (event.type.startsWith('xstate.after')) return 'free';
  return state;
}

const paths = [...simplePaths(slowModeMachine, events, { input: { seconds: 0 } }), ...transitionCoverPaths(slowModeMachine, events, { input: { seconds: 30 } })];

describe('slow mode machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));

  for (const path of paths) {
    it(describePath(path), () => {
      const input = { seconds: Number((path.steps[0]!.state as AnyMachineSnapshot).context.seconds) };
      let before: { state: SlowModeState; context: SlowModeContext } | null = null;
      walkPath(
        slowModeMachine,
        path,
        (step, actor, index) => {
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          const now = snapshot.value as SlowModeState;
          const context = snapshot.context as SlowModeContext;
          const event = step.event as ModelEvent;
          if (index > 0 && before) {
            expect(now).toBe(expectedAfter(before.state, before.context, event));
            // A send starts the wait from its own time, with the room's seconds.
            if (event.type === 'slow.sent' && now === 'waiting') expect(context.readyAt).toBe(Number(event.at) + context.seconds * 1000);
            if (event.type === 'slow.set') expect(context.seconds).toBe(Number(event.seconds));
          }
          if (now === 'free') expect(context.readyAt).toBe(0);
          before = { state: now, context };
        },
        input,
      );
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(slowModeMachine, [paths]));
});
