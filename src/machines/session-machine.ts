import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { LoginInput } from '../contract/user';
import { TEXT } from '../domain/text-fr';

/** What the current-user lookup found: a 4xx answer signs out, a network failure keeps the session. */
export type UserLookup = { status: 'ok' } | { status: 'unauthorized' } | { status: 'offline' };
/** The sign-in actor resolves with the token, or rejects with the user-facing message. */
export type SignInResult = { jwt: string };

export type SessionEvent =
  | { type: 'session.signIn'; credentials: LoginInput; redirectUri: string | null }
  | { type: 'session.tokenReceived'; jwt: string; redirectUri: string | null }
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'session.refresh' };

export type SessionContext = {
  error: string | null;
  /** Where to go once signed in (the sign-in page's redirect_uri). */
  redirectUri: string | null;
};

/**
 * Signed-out / signing-in / signed-in / signing-out (spec 1 §4). Signed-in status starts from the
 * presence of the token cookie, so a reload shows the shell at once from the local database while
 * the current user is verified in the background.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    signIn: fromPromise<SignInResult, LoginInput>(async () => {
      throw new Error('signIn not provided');
    }),
    loadCurrentUser: fromPromise<UserLookup>(async () => {
      throw new Error('loadCurrentUser not provided');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut not provided');
    }),
    /** Keeps the shell's content (planning, banners) in the store while signed in. */
    contentSync: fromCallback(() => () => {}),
  },
  guards: {
    hasToken: () => false,
  },
  actions: {
    saveToken: (_, _params: { jwt: string }) => {},
    redirectAfterSignIn: (_, _params: { redirectUri: string | null }) => {},
    reportError: (_, _params: { message: string }) => {},
    leaveApp: () => {},
  },
}).createMachine({
  id: 'session',
  context: { error: null, redirectUri: null },
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: assign({ error: null, redirectUri: ({ event }) => event.redirectUri }),
        },
        'session.tokenReceived': {
          target: 'signedIn',
          actions: [
            { type: 'saveToken', params: ({ event }) => ({ jwt: event.jwt }) },
            assign({ error: null, redirectUri: ({ event }) => event.redirectUri }),
            { type: 'redirectAfterSignIn', params: ({ event }) => ({ redirectUri: event.redirectUri }) },
          ],
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'session.signIn') throw new Error(`signIn entered by ${event.type}`);
          return event.credentials;
        },
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'saveToken', params: ({ event }) => ({ jwt: event.output.jwt }) },
            { type: 'redirectAfterSignIn', params: ({ context }) => ({ redirectUri: context.redirectUri }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            { type: 'reportError', params: ({ event }) => ({ message: messageOf(event.error) }) },
          ],
        },
      },
    },
    signedIn: {
      invoke: { id: 'contentSync', src: 'contentSync' },
      initial: 'verifying',
      on: {
        'session.signOut': 'signingOut',
        'session.unauthorized': 'signingOut',
      },
      states: {
        verifying: {
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: [
              { guard: ({ event }) => event.output.status === 'unauthorized', target: '#session.signingOut' },
              { target: 'ready' },
            ],
            // An unexpected failure is treated like a network failure: the cached session stays.
            onError: 'ready',
          },
        },
        ready: {
          on: { 'session.refresh': 'verifying' },
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'leaveApp' },
        onError: { target: 'signedOut', actions: 'leaveApp' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : TEXT.requestFailed;
}
