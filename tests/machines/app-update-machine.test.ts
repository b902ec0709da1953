import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { appUpdateMachine, showsUpdatePrompt, UPDATE_APPLY_LIMIT_MS, type AppUpdateEvent, type AppUpdateState } from '../../src/machines/app-update-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'worker.waiting' },
  { type: 'worker.controlling' },
  { type: 'update.apply' },
  { type: 'update.later' },
  { type: 'xstate.after.applyLimit.appUpdate.applying' },
];

/** Where each event leads from each state, written out from the behaviour wanted (not from the machine). */
function expectedAfter(state: AppUpdateState, event: ModelEvent): AppUpdateState {
  if (state === 'reloading') return 'reloading';
  if (event.type === 'worker.controlling') return 'reloading';
  switch (`${state} ${event.type}`) {
    case 'current worker.waiting':
    case 'postponed worker.waiting':
      return 'available';
    case 'available update.apply':
      return 'applying';
    case 'available update.later':
      return 'postponed';
    case 'applying xstate.after.applyLimit.appUpdate.applying':
      return 'reloading';
    default:
      return state;
  }
}

/** The machine with its effects recorded: the watch's start and stop, skipWaiting and reload. */
function recorded() {
  const calls: string[] = [];
  const machine = appUpdateMachine.provide({
    actors: {
      watchWorker: fromCallback<AppUpdateEvent>(() => {
        calls.push('watch');
        return () => void calls.push('unwatch');
      }),
    },
    actions: {
      skipWaiting: () => void calls.push('skipWaiting'),
      reload: () => void calls.push('reload'),
    },
  });
  return { machine, calls };
}

const paths = (() => {
  const { machine } = recorded();
  return [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)];
})();

describe('app update machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(6));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: AppUpdateState = 'current';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as AppUpdateState;
        if (index > 0) expect(now).toBe(expectedAfter(before, step.event as ModelEvent));
        const fresh = calls.slice(seen);
        seen = calls.length;
        // The worker is watched from the start until the page reloads; SKIP_WAITING once, when asked.
        const expected: string[] = index === 0 ? ['watch'] : [];
        if (index > 0 && now !== before && now === 'applying') expected.push('skipWaiting');
        if (index > 0 && now !== before && now === 'reloading') expected.push('reload', 'unwatch');
        expect(fresh).toEqual(expected);
        expect(showsUpdatePrompt(snapshot)).toBe(now === 'available' || now === 'applying' || now === 'reloading');
        if (now === 'reloading') expect(snapshot.status).toBe('done');
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});

describe('app update machine against a simulated clock', () => {
  it('reloads after the limit when the new version does not take control', () => {
    const clock = new SimulatedClock();
    const { machine, calls } = recorded();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'worker.waiting' });
    actor.send({ type: 'update.apply' });
    clock.increment(UPDATE_APPLY_LIMIT_MS - 1);
    expect(actor.getSnapshot().value).toBe('applying');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(calls).toEqual(['watch', 'skipWaiting', 'reload', 'unwatch']);
  });

  it('reloads once the new version controls the page, before the limit', () => {
    const clock = new SimulatedClock();
    const { machine, calls } = recorded();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'worker.waiting' });
    actor.send({ type: 'update.apply' });
    actor.send({ type: 'worker.controlling' });
    clock.increment(UPDATE_APPLY_LIMIT_MS);
    expect(calls.filter((call) => call === 'reload')).toEqual(['reload']);
  });
});
