import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { accountStepError, profileStepError, REGISTRATION_TEXT } from '../../src/domain/registration';
import { registrationMachine, type NewAccount, type RegistrationContext } from '../../src/machines/registration-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'registration.change', field: 'email', value: 'pas-une-adresse' },
  { type: 'registration.change', field: 'email', value: 'nina@comptoir.test' },
  { type: 'registration.change', field: 'password', value: 'court' },
  { type: 'registration.change', field: 'password', value: 'motdepasse1' },
  { type: 'registration.change', field: 'firstName', value: 'Nina' },
  { type: 'registration.change', field: 'username', value: 'nina' },
  { type: 'registration.toggleTerms' },
  { type: 'registration.next' },
  { type: 'registration.back' },
  { type: 'registration.submit' },
  { type: 'xstate.done.actor.checkEmail', output: { available: true } },
  { type: 'xstate.done.actor.checkEmail', output: { available: false } },
  { type: 'xstate.error.actor.checkEmail', error: new Error('réseau') },
  { type: 'xstate.done.actor.createAccount', output: { jwt: 'jeton' } },
  { type: 'xstate.error.actor.createAccount', error: new Error('Email or Username are already taken') },
];

// The machine decides by what each field holds (empty, invalid, fine) and the error shown.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as RegistrationContext;
  return {
    email: c.email === '' ? 'empty' : c.email.includes('@') ? 'ok' : 'invalid',
    password: c.password === '' ? 'empty' : c.password.length >= 8 ? 'ok' : 'short',
    firstName: c.firstName !== '',
    username: c.username !== '',
    terms: c.acceptedTerms,
    error: c.error,
  };
};

type Call = ['checkEmail', string] | ['createAccount', NewAccount] | ['signIn', string];
function recorded() {
  const calls: Call[] = [];
  const machine = registrationMachine.provide({
    actors: {
      checkEmail: fromPromise<{ available: boolean }, { email: string }>(({ input }) => {
        calls.push(['checkEmail', input.email]);
        return new Promise(() => {});
      }),
      createAccount: fromPromise<{ jwt: string }, NewAccount>(({ input }) => {
        calls.push(['createAccount', input]);
        return new Promise(() => {});
      }),
    },
    actions: { signIn: (_, { jwt }) => void calls.push(['signIn', jwt]) },
  });
  return { machine, calls };
}

describe('registration machine: every path of its graph', () => {
  const { machine } = recorded();
  const paths = transitionCoverPaths(machine, events, { serializeContext });
  // Simple paths over the happy values only: every way through the steps and the calls' outcomes.
  const happy = events.filter((e) => e.type !== 'registration.change' || ['nina@comptoir.test', 'motdepasse1'].includes(e.value as string));
  const core = simplePaths(machine, happy.filter((e) => e.type !== 'registration.toggleTerms' && e.type !== 'registration.back'), {
    serializeContext,
  });

  it('has paths to walk', () => expect(paths.length + core.length).toBeGreaterThan(20));

  for (const path of [...paths, ...core]) {
    it(describePath(path), () => {
      const { machine: walked, calls } = recorded();
      let seen = 0;
      let before = path.steps[0]!.state.context as RegistrationContext;
      let beforeValue: unknown = path.steps[0]!.state.value;
      walkPath(walked, path, (step, actor) => {
        const fresh = calls.slice(seen);
        seen = calls.length;
        const snapshot = actor.getSnapshot() as { value: unknown; context: RegistrationContext };
        const event = step.event as ModelEvent;
        if (event.type === 'registration.next' && beforeValue === 'account') {
          const error = accountStepError(before);
          if (error) expect(snapshot.context.error).toBe(error);
          else expect(fresh).toEqual([['checkEmail', before.email.trim()]]);
        }
        if (event.type === 'registration.submit' && beforeValue === 'profile') {
          const error = profileStepError(before);
          if (error) expect(snapshot.context.error).toBe(error);
          else expect(fresh).toEqual([['createAccount', { email: before.email.trim(), password: before.password, username: before.username.trim(), firstName: before.firstName.trim() }]]);
        }
        if (event.type === 'xstate.done.actor.checkEmail' && beforeValue === 'checkingEmail' && !(event.output as { available: boolean }).available) {
          expect(snapshot.context.error).toBe(REGISTRATION_TEXT.emailTaken);
        }
        if (event.type === 'xstate.error.actor.createAccount' && beforeValue === 'creating') {
          expect(snapshot.context.error).toBe(REGISTRATION_TEXT.usernameTaken);
          // What was typed is kept.
          expect(snapshot.context.email).toBe(before.email);
        }
        if (event.type === 'xstate.done.actor.createAccount' && beforeValue === 'creating') expect(fresh).toEqual([['signIn', 'jeton']]);
        if (snapshot.value === 'registered') expect(calls.filter(([name]) => name === 'signIn')).toHaveLength(1);
        before = snapshot.context;
        beforeValue = snapshot.value;
      });
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(recorded().machine, [paths, core]);
  });
});
