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
  /** Signed in, a token of another account arrived (the Google callback): this one's traces go first. */
  | { type: 'session.switchAccount'; jwt: string; redirectUri: string | null }
  | { type: 'session.signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'session.refresh' };

export type SessionContext = {
  error: string | null;
  /** Where to go once signed in (the sign-in page's redirect_uri). */
  redirectUri: string | null;
  /** The other account's token, kept while this one's local data is cleared. */
  pendingJwt: string | null;
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
    /** A full load of the app at the redirect (internal paths only; anything else goes to `/`). */
    enterApp: (_, _params: { redirectUri: string | null }) => {},
  },
}).createMachine({
  id: 'session',
  context: { error: null, redirectUri: null, pendingJwt: null },
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
        // The same account again (the Google callback while signed in): the new token replaces the old.
        'session.tokenReceived': {
          target: '.verifying',
          actions: [
            { type: 'saveToken', params: ({ event }) => ({ jwt: event.jwt }) },
            { type: 'redirectAfterSignIn', params: ({ event }) => ({ redirectUri: event.redirectUri }) },
          ],
        },
        'session.switchAccount': {
          target: 'switchingAccount',
          actions: assign({ pendingJwt: ({ event }) => event.jwt, redirectUri: ({ event }) => event.redirectUri }),
        },
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
    /**
     * Another account takes over: the signed-in one is signed out (cookie, local storage, local
     * database), then the app loads afresh with the new token, so no data of the first is kept.
     */
    switchingAccount: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'enteringApp' },
        onError: { target: 'enteringApp' },
      },
    },
    enteringApp: {
      entry: [
        { type: 'saveToken', params: ({ context }) => ({ jwt: context.pendingJwt ?? '' }) },
        { type: 'enterApp', params: ({ context }) => ({ redirectUri: context.redirectUri }) },
        assign({ pendingJwt: null }),
      ],
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
