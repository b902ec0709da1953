import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { deleteAccountMachine, type DeleteAccountState } from '../../src/machines/delete-account-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const WRONG = 'Mot de passe incorrect';
const events: ModelEvent[] = [
  { type: 'delete.start' },
  { type: 'confirm.yes' },
  { type: 'cancel' },
  { type: 'password.submit', password: 'motdepasse1' },
  { type: 'xstate.done.actor.deleteAccount', output: null },
  { type: 'xstate.done.actor.deleteAccount', output: WRONG },
  { type: 'xstate.error.actor.deleteAccount', error: new Error('réseau') },
];

/** Where each event leads, written out from the behaviour wanted (not read from the machine). */
function expectedAfter(state: DeleteAccountState, event: ModelEvent): DeleteAccountState {
  switch (`${state} ${event.type}`) {
    case 'idle delete.start':
      return 'confirming';
    case 'confirming confirm.yes':
      return 'askingPassword';
    case 'confirming cancel':
    case 'askingPassword cancel':
      return 'idle';
    case 'askingPassword password.submit':
      return 'deleting';
    case 'deleting xstate.done.actor.deleteAccount':
      return event.output === null ? 'deleted' : 'askingPassword';
    case 'deleting xstate.error.actor.deleteAccount':
      return 'askingPassword';
    default:
      return state;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = deleteAccountMachine.provide({
    actors: {
      deleteAccount: fromPromise<string | null, { password: string }>(({ input }) => {
        calls.push(`delete:${input.password}`);
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

describe('account deletion: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(6));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: DeleteAccountState = 'idle';
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as DeleteAccountState;
        const event = step.event as ModelEvent;
        if (index > 0) expect(now).toBe(expectedAfter(before, event));
        const fresh = calls.slice(seen);
        seen = calls.length;
        const expected: string[] = [];
        if (index > 0 && now !== before && now === 'deleting') expected.push('delete:motdepasse1');
        if (index > 0 && now !== before && now === 'deleted') expected.push('signOut');
        expect(fresh).toEqual(expected);
        // The server's message stays under the field until the dialogs are left.
        const context = snapshot.context as { error: string | null };
        if (now === 'idle') expect(context.error).toBeNull();
        if (before === 'deleting' && now === 'askingPassword') expect(context.error).toBe(event.type.startsWith('xstate.done') ? WRONG : '');
        if (now === 'deleted') expect(snapshot.status).toBe('done');
        before = now;
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});
