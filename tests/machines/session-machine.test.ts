import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type SignInResult, type UserLookup } from '../../src/machines/session-machine';
import type { LoginInput } from '../../src/contract/user';
import {
  describePath,
  expectEveryEdgeTaken,
  simplePaths,
  transitionCoverPaths,
  walkPath,
  type ModelEvent,
} from './model-paths';

const credentials: LoginInput = { identifier: 'vip@comptoir.test', password: 'comptoir123' };
const events: ModelEvent[] = [
  { type: 'session.signIn', credentials, redirectUri: null },
  { type: 'session.signIn', credentials, redirectUri: '/profil' },
  { type: 'session.tokenReceived', jwt: 'jwt-from-registration', redirectUri: null },
  { type: 'session.switchAccount', jwt: 'jwt-of-another-account', redirectUri: '/' },
  { type: 'session.signOut' },
  { type: 'session.unauthorized' },
  { type: 'session.refresh' },
  { type: 'xstate.done.actor.signIn', output: { jwt: 'jwt-1' } satisfies SignInResult },
  { type: 'xstate.error.actor.signIn', error: new Error('Ces informations ne sont pas valides') },
  { type: 'xstate.done.actor.loadCurrentUser', output: { status: 'ok' } satisfies UserLookup },
  { type: 'xstate.done.actor.loadCurrentUser', output: { status: 'unauthorized' } satisfies UserLookup },
  { type: 'xstate.done.actor.loadCurrentUser', output: { status: 'offline' } satisfies UserLookup },
  { type: 'xstate.error.actor.loadCurrentUser', error: new Error('boom') },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: new Error('indexeddb') },
];

type Call = [name: string, arg?: unknown];

/** The machine with every effect recorded; invoked actors stay pending until the path answers them. */
function recordedMachine(hasToken: boolean) {
  const calls: Call[] = [];
  const pending = <T>() => new Promise<T>(() => {});
  const machine = sessionMachine.provide({
    guards: { hasToken: () => hasToken },
    actors: {
      signIn: fromPromise<SignInResult, LoginInput>(({ input }) => (calls.push(['signIn', input]), pending())),
      loadCurrentUser: fromPromise<UserLookup>(() => (calls.push(['loadCurrentUser']), pending())),
      signOut: fromPromise<void>(() => (calls.push(['signOut']), pending())),
      contentSync: fromCallback(() => {
        calls.push(['contentSync.start']);
        return () => void calls.push(['contentSync.stop']);
      }),
    },
    actions: {
      saveToken: (_, params) => void calls.push(['saveToken', params.jwt]),
      redirectAfterSignIn: (_, params) => void calls.push(['redirectAfterSignIn', params.redirectUri]),
      reportError: (_, params) => void calls.push(['reportError', params.message]),
      leaveApp: () => void calls.push(['leaveApp']),
      enterApp: (_, params) => void calls.push(['enterApp', params.redirectUri]),
    },
  });
  return { machine, calls };
}

const variants = [true, false].map((hasToken) => {
  const { machine } = recordedMachine(hasToken);
  return {
    hasToken,
    paths: [...simplePaths(machine, events), ...transitionCoverPaths(machine, events)],
  };
});

describe('session machine: every path of its graph', () => {
  for (const { hasToken, paths } of variants) {
    describe(hasToken ? 'with a token cookie' : 'without a token cookie', () => {
      it('starts signed in only when a token is present', () => {
        expect(paths[0]!.steps[0]!.state.matches(hasToken ? 'signedIn' : 'signedOut')).toBe(true);
      });

      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recordedMachine(hasToken);
          let seen = 0;
          walkPath(machine, path, (step, _actor, index) => {
            const snapshot = step.state;
            // The effects this step caused, in order.
            const fresh = calls.slice(seen);
            seen = calls.length;
            const names = fresh.map(([name]) => name);
            // Entering a state that invokes an effect starts it exactly then.
            if (snapshot.matches('signingIn') && index > 0) {
              expect(calls).toContainEqual(['signIn', credentials]);
              expect(snapshot.context.error).toBeNull();
            }
            if (snapshot.matches({ signedIn: 'verifying' })) expect(names).toContain('loadCurrentUser');
            // The content sync runs exactly while signed in.
            const starts = calls.filter(([name]) => name === 'contentSync.start').length;
            const stops = calls.filter(([name]) => name === 'contentSync.stop').length;
            expect(starts - stops).toBe(snapshot.matches('signedIn') ? 1 : 0);
            if (snapshot.matches('signingOut') || snapshot.matches('switchingAccount')) expect(names).toEqual(['contentSync.stop', 'signOut']);
            // The other account's token is saved only once this one's traces are gone.
            const signOutAt = calls.findIndex(([name]) => name === 'signOut');
            const switchedAt = calls.findIndex(([name, arg]) => name === 'saveToken' && arg === 'jwt-of-another-account');
            if (switchedAt !== -1) expect(signOutAt).toBeGreaterThan(-1);
            if (switchedAt !== -1) expect(signOutAt).toBeLessThan(switchedAt);

            switch (step.event.type) {
              case 'xstate.done.actor.signIn':
                expect(fresh).toEqual([
                  ['saveToken', 'jwt-1'],
                  ['redirectAfterSignIn', snapshot.context.redirectUri],
                  ['contentSync.start'],
                  ['loadCurrentUser'],
                ]);
                break;
              case 'xstate.error.actor.signIn':
                expect(snapshot.context.error).toBe('Ces informations ne sont pas valides');
                expect(fresh).toEqual([['reportError', 'Ces informations ne sont pas valides']]);
                break;
              case 'session.tokenReceived': {
                const wasSignedIn = path.steps[index - 1]?.state.matches('signedIn') ?? hasToken;
                // Signed in already, the content sync carries on and the member is checked again.
                expect(fresh).toEqual([
                  ['saveToken', 'jwt-from-registration'],
                  ['redirectAfterSignIn', null],
                  ...(wasSignedIn ? [] : [['contentSync.start']]),
                  ['loadCurrentUser'],
                ]);
                expect(snapshot.matches({ signedIn: 'verifying' })).toBe(true);
                break;
              }
              case 'session.switchAccount':
                expect(snapshot.matches('switchingAccount')).toBe(true);
                expect(snapshot.context.pendingJwt).toBe('jwt-of-another-account');
                break;
              case 'xstate.done.actor.signOut':
              case 'xstate.error.actor.signOut':
                if (snapshot.matches('enteringApp')) {
                  expect(fresh).toEqual([
                    ['saveToken', 'jwt-of-another-account'],
                    ['enterApp', '/'],
                  ]);
                  expect(snapshot.context.pendingJwt).toBeNull();
                } else {
                  expect(fresh).toEqual([['leaveApp']]);
                  expect(snapshot.matches('signedOut')).toBe(true);
                }
                break;
            }
          });
        });
      }
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(
      recordedMachine(true).machine,
      variants.map((v) => v.paths),
    );
  });

  it('keeps the session when the network fails, and signs out on an unauthorized answer', () => {
    const { paths } = variants.find((v) => v.hasToken)!;
    const outcome = (status: string) =>
      paths.find((p) => p.steps.length === 2 && (p.steps[1]!.event as ModelEvent).output?.constructor === Object &&
        ((p.steps[1]!.event as { output?: { status?: string } }).output?.status === status));
    expect(outcome('offline')?.steps[1]!.state.matches({ signedIn: 'ready' })).toBe(true);
    expect(outcome('unauthorized')?.steps[1]!.state.matches('signingOut')).toBe(true);
  });
});
