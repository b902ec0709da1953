import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { REFERRAL } from '../../src/domain/referral';
import { affiliationCreationMachine, copyLinkMachine, type CopyState, type CreationState } from '../../src/machines/referral-page-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const SERVER_ERROR = 'Vous avez déjà une affiliation';
const never = <T>() => new Promise<T>(() => {});

describe('affiliation creation: every path of its graph', () => {
  const events: ModelEvent[] = [
    { type: 'affiliation.create' },
    { type: 'xstate.done.actor.createAffiliation', output: null },
    { type: 'xstate.done.actor.createAffiliation', output: SERVER_ERROR },
    { type: 'xstate.error.actor.createAffiliation', error: new Error('réseau') },
    { type: 'xstate.after.reloadAfter.affiliationCreation.created' },
    { type: 'xstate.done.actor.reload' },
    { type: 'xstate.error.actor.reload', error: new Error('réseau') },
  ];

  /** Where each event leads, written out from the behaviour wanted (not read from the machine). */
  function expectedAfter(state: CreationState, event: ModelEvent): CreationState {
    switch (`${state} ${event.type}`) {
      case 'idle affiliation.create':
        return 'creating';
      case 'creating xstate.done.actor.createAffiliation':
        return event.output === null ? 'created' : 'idle';
      case 'creating xstate.error.actor.createAffiliation':
        return 'idle';
      case 'created xstate.after.reloadAfter.affiliationCreation.created':
        return 'reloading';
      case 'reloading xstate.done.actor.reload':
      case 'reloading xstate.error.actor.reload':
        return 'done';
      default:
        return state;
    }
  }

  function recorded() {
    const calls: string[] = [];
    const machine = affiliationCreationMachine.provide({
      actors: {
        createAffiliation: fromPromise<string | null>(() => (calls.push('create'), never())),
        reload: fromPromise<void>(() => (calls.push('reload'), never())),
      },
      actions: { notifyError: (_, params) => void calls.push(`error:${params.error}`) },
    });
    return { machine, calls };
  }

  const paths = (() => {
    const { machine } = recorded();
    return [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)];
  })();

  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(6));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: CreationState = 'idle';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as CreationState;
        const event = step.event as ModelEvent;
        if (index > 0) expect(now).toBe(expectedAfter(before, event));
        const fresh = calls.slice(seen);
        seen = calls.length;
        const expected: string[] = [];
        if (index > 0 && now !== before) {
          if (now === 'creating') expected.push('create');
          // The server's error, else nothing (the toast then says the request failed).
          if (before === 'creating' && now === 'idle') expected.push(`error:${event.type.startsWith('xstate.done') ? String(event.output) : ''}`);
          if (now === 'reloading') expected.push('reload');
        }
        expect(fresh).toEqual(expected);
        if (now === 'done') expect(snapshot.status).toBe('done');
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));

  it('reloads 0.8 s after the creation', async () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const machine = affiliationCreationMachine.provide({
      actors: { createAffiliation: fromPromise<string | null>(async () => null), reload: fromPromise<void>(async () => void calls.push('reload')) },
    });
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'affiliation.create' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('created');
    clock.increment(REFERRAL.reloadAfterCreateMs - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(calls).toEqual(['reload']);
  });
});

describe('copy of the referral link: every path of its graph', () => {
  const events: ModelEvent[] = [
    { type: 'link.copy' },
    { type: 'xstate.done.actor.copy' },
    { type: 'xstate.error.actor.copy', error: new Error('refusé') },
    { type: 'xstate.after.copyReset.copyLink.copied' },
    { type: 'xstate.after.copyReset.copyLink.failed' },
  ];

  function expectedAfter(state: CopyState, event: ModelEvent): CopyState {
    // Copying again restarts it from any state.
    if (event.type === 'link.copy') return 'copying';
    switch (`${state} ${event.type}`) {
      case 'copying xstate.done.actor.copy':
        return 'copied';
      case 'copying xstate.error.actor.copy':
        return 'failed';
      case 'copied xstate.after.copyReset.copyLink.copied':
      case 'failed xstate.after.copyReset.copyLink.failed':
        return 'idle';
      default:
        return state;
    }
  }

  function recorded() {
    const calls: string[] = [];
    const machine = copyLinkMachine.provide({ actors: { copy: fromPromise<void>(() => (calls.push('copy'), never())) } });
    return { machine, calls };
  }

  const paths = (() => {
    const { machine } = recorded();
    return [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)];
  })();

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: CopyState = 'idle';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const now = (actor.getSnapshot() as AnyMachineSnapshot).value as CopyState;
        if (index > 0) expect(now).toBe(expectedAfter(before, step.event as ModelEvent));
        const fresh = calls.slice(seen);
        seen = calls.length;
        expect(fresh).toEqual(index > 0 && now === 'copying' && before !== 'copying' ? ['copy'] : []);
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));

  it('shows the notice for 2 s', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(copyLinkMachine, { clock }).start();
    actor.send({ type: 'link.copy' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('copied');
    clock.increment(REFERRAL.copyResetMs - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
