import { assign, fromPromise, setup } from 'xstate';
import { TEXT } from '../domain/text-fr';
import { accountStepError, profileStepError, registrationErrorText, REGISTRATION_TEXT, type AccountFields, type ProfileFields } from '../domain/registration';

export type RegistrationFields = AccountFields & ProfileFields;
export type NewAccount = { email: string; password: string; username: string; firstName: string };

export type RegistrationEvent =
  | { type: 'registration.change'; field: 'email' | 'password' | 'firstName' | 'username'; value: string }
  | { type: 'registration.toggleTerms' }
  | { type: 'registration.next' }
  | { type: 'registration.back' }
  | { type: 'registration.submit' };

export type RegistrationContext = RegistrationFields & { error: string | null };

/** The account a completed form asks for (both registration forms). */
export const newAccountOf = (c: RegistrationFields): NewAccount => ({
  email: c.email.trim(),
  password: c.password,
  username: c.username.trim(),
  firstName: c.firstName.trim(),
});

/** What the member reads when the creation call fails (both registration forms). */
export const creationErrorOf = (error: unknown): string => registrationErrorText(error instanceof Error ? error.message : TEXT.requestFailed);

/**
 * The two-step registration of `/register-for-free` (spec 1 §4, §5): account data (e-mail checked
 * for availability), then profile data and the terms, then the account is created and the member
 * signed in. Each refusal shows the spec's message and keeps what was typed.
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    checkEmail: fromPromise<{ available: boolean }, { email: string }>(async () => ({ available: true })),
    createAccount: fromPromise<{ jwt: string }, NewAccount>(async () => ({ jwt: '' })),
  },
  actions: {
    signIn: (_, _params: { jwt: string }) => {},
  },
  guards: {
    accountValid: ({ context }) => accountStepError(context) === null,
    profileValid: ({ context }) => profileStepError(context) === null,
  },
}).createMachine({
  id: 'registration',
  context: { email: '', password: '', firstName: '', username: '', acceptedTerms: false, error: null },
  initial: 'account',
  on: {
    'registration.change': { actions: assign(({ event }) => ({ [event.field]: event.value, error: null })) },
    'registration.toggleTerms': { actions: assign({ acceptedTerms: ({ context }) => !context.acceptedTerms, error: null }) },
  },
  states: {
    account: {
      on: {
        'registration.next': [
          { guard: 'accountValid', target: 'checkingEmail' },
          { actions: assign({ error: ({ context }) => accountStepError(context) }) },
        ],
      },
    },
    checkingEmail: {
      invoke: {
        id: 'checkEmail',
        src: 'checkEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: ({ event }) => event.output.available, target: 'profile' },
          { target: 'account', actions: assign({ error: REGISTRATION_TEXT.emailTaken }) },
        ],
        onError: { target: 'account', actions: assign({ error: TEXT.requestFailed }) },
      },
    },
    profile: {
      on: {
        'registration.back': 'account',
        'registration.submit': [
          { guard: 'profileValid', target: 'creating' },
          { actions: assign({ error: ({ context }) => profileStepError(context) }) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => newAccountOf(context),
        onDone: { target: 'registered', actions: { type: 'signIn', params: ({ event }) => ({ jwt: event.output.jwt }) } },
        onError: {
          target: 'profile',
          actions: assign({ error: ({ event }) => creationErrorOf(event.error) }),
        },
      },
    },
    registered: { type: 'final' },
  },
});
