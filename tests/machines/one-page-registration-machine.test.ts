import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { onePageError, REGISTRATION_TEXT } from '../../src/domain/registration';
import { onePageRegistrationMachine, type OnePageContext } from '../../src/machines/one-page-registration-machine';
import type { NewAccount } from '../../src/machines/registration-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'registration.change', field: 'email', value: 'nina@comptoir.test' },
  { type: 'registration.change', field: 'password', value: 'motdepasse1' },
  { type: 'registration.change', field: 'firstName', value: 'Nina' },
  { type: 'registration.change', field: 'username', value: 'nina' },
  { type: 'registration.change', field: 'captchaAnswer', value: '7' },
  { type: 'registration.toggleTerms' },
  { type: 'registration.submit' },
  { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } },
  { type: 'xstate.done.actor.verifyCaptcha', output: { success: false } },
  { type: 'xstate.error.actor.verifyCaptcha', error: new Error('réseau') },
  { type: 'xstate.done.actor.checkEmail', output: { available: true } },
  { type: 'xstate.done.actor.checkEmail', output: { available: false } },
  { type: 'xstate.error.actor.checkEmail', error: new Error('réseau') },
  { type: 'xstate.done.actor.createAccount', output: { jwt: 'jeton' } },
  { type: 'xstate.error.actor.createAccount', error: new Error('An error occured') },
];

const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as OnePageContext;
  return { email: c.email !== '', password: c.password !== '', firstName: c.firstName !== '', username: c.username !== '', terms: c.acceptedTerms, captcha: c.captchaAnswer !== '', error: c.error };
};

type Call = [string, unknown];
function recorded() {
  const calls: Call[] = [];
  const pending = <T,>(name: string) => (input: unknown): Promise<T> => {
    calls.push([name, input]);
    return new Promise(() => {});
  };
  const machine = onePageRegistrationMachine.provide({
    actors: {
      verifyCaptcha: fromPromise<{ success: boolean }, { answer: string }>(({ input }) => pending<{ success: boolean }>('verifyCaptcha')(input)),
      checkEmail: fromPromise<{ available: boolean }, { email: string }>(({ input }) => pending<{ available: boolean }>('checkEmail')(input)),
      createAccount: fromPromise<{ jwt: string }, NewAccount>(({ input }) => pending<{ jwt: string }>('createAccount')(input)),
    },
    actions: {
      signIn: (_, { jwt }) => void calls.push(['signIn', jwt]),
      renewCaptcha: () => void calls.push(['renewCaptcha', null]),
    },
  });
  return { machine, calls };
}

describe('one-page registration machine: every path of its graph', () => {
  const { machine } = recorded();
  const paths = transitionCoverPaths(machine, events, { serializeContext });
  // Simple paths over the whole form explode; transition cover reaches every state and takes every
  // transition, and the simple paths walk the submit and outcome sequences.
  const core = simplePaths(machine, events.slice(6), { serializeContext });

  it('has paths to walk', () => expect(paths.length + core.length).toBeGreaterThan(20));

  for (const path of [...paths, ...core]) {
    it(describePath(path), () => {
      const { machine: walked, calls } = recorded();
      let seen = 0;
      let before = path.steps[0]!.state.context as OnePageContext;
      let beforeValue: unknown = path.steps[0]!.state.value;
      walkPath(walked, path, (step, actor) => {
        const fresh = calls.slice(seen);
        seen = calls.length;
        const snapshot = actor.getSnapshot() as { value: unknown; context: OnePageContext };
        const event = step.event as ModelEvent;
        if (event.type === 'registration.submit' && beforeValue === 'editing') {
          const error = onePageError(before);
          if (error) expect(snapshot.context.error).toBe(error);
          else expect(fresh).toEqual([['verifyCaptcha', { answer: before.captchaAnswer }]]);
        }
        if (beforeValue === 'verifyingCaptcha' && snapshot.value === 'editing') {
          expect(snapshot.context.error).toBe(REGISTRATION_TEXT.captchaFailed);
          expect(fresh).toContainEqual(['renewCaptcha', null]);
        }
        if (beforeValue === 'creating' && snapshot.value === 'editing') expect(snapshot.context.error).toBe(REGISTRATION_TEXT.usernameTaken);
        if (snapshot.value === 'registered' && beforeValue === 'creating') expect(fresh).toEqual([['signIn', 'jeton']]);
        before = snapshot.context;
        beforeValue = snapshot.value;
      });
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(recorded().machine, [paths, core]);
  });
});
