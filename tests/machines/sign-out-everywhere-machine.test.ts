import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { signOutEverywhereMachine, type SignOutEverywhereState } from '../../src/machines/sign-out-everywhere-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const REFUSED = 'Trop de tentatives';
const events: ModelEvent[] = [
  { type: 'start' },
  { type: 'confirm.yes' },
  { type: 'cancel' },
  { type: 'xstate.done.actor.endSessions', output: null },
  { type: 'xstate.done.actor.endSessions', output: REFUSED },
  { type: 'xstate.error.actor.endSessions', error: new Error('réseau') },
];

/** Where each event leads, written out from the behaviour wanted (not read from the machine). */
function expectedAfter(state: SignOutEverywhereState, event: ModelEvent): SignOutEverywhereState {
  switch (`${state} ${event.type}`) {
    case 'idle start':
      return 'confirming';
    case 'confirming confirm.yes':
      return 'ending';
    case 'confirming cancel':
      return 'idle';
    case 'ending xstate.done.actor.endSessions':
      return event.output === null ? 'ended' : 'idle';
    case 'ending xstate.error.actor.endSessions':
      return 'idle';
    default:
      return state;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = signOutEverywhereMachine.provide({
    actors: {
      endSessions: fromPromise<string | null>(() => {
        calls.push('endSessions');
        return new Promise(() => {});
      }),
    },
    actions: { signOut: () => void calls.push('signOut') },
  });
  return { machine, calls };
}

const paths = (() => {
  const { machine } = recorded();
  return [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)];
})();

describe('signing out everywhere: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(4));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: SignOutEverywhereState = 'idle';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as SignOutEverywhereState;
        const event = step.event as ModelEvent;
        if (index > 0) expect(now).toBe(expectedAfter(before, event));
        const fresh = calls.slice(seen);
        seen = calls.length;
        const expected: string[] = [];
        if (index > 0 && now !== before && now === 'ending') expected.push('endSessions');
        if (index > 0 && now !== before && now === 'ended') expected.push('signOut');
        expect(fresh).toEqual(expected);
        // A refusal stays under the button until the member starts again.
        const context = snapshot.context as { error: string | null };
        if (now === 'confirming' || now === 'ending') expect(context.error).toBeNull();
        if (before === 'ending' && now === 'idle') expect(context.error).toBe(event.type.startsWith('xstate.done') ? REFUSED : '');
        if (now === 'ended') expect(snapshot.status).toBe('done');
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});
