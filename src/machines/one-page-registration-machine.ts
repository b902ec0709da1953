import { assign, fromPromise, setup } from 'xstate';
import { TEXT } from '../domain/text-fr';
import { onePageError, REGISTRATION_TEXT } from '../domain/registration';
import { creationErrorOf, newAccountOf, type NewAccount, type RegistrationContext } from './registration-machine';

export type OnePageEvent =
  | { type: 'registration.change'; field: 'email' | 'password' | 'firstName' | 'username' | 'captchaAnswer'; value: string }
  | { type: 'registration.toggleTerms' }
  | { type: 'registration.submit' };

export type OnePageContext = RegistrationContext & { captchaAnswer: string };

/**
 * The one-page registration of `/register` (spec 1 §5): the rules in the spec's order, then the
 * captcha, then the e-mail's availability, then the account. A failed captcha asks for a new one.
 */
export const onePageRegistrationMachine = setup({
  types: { context: {} as OnePageContext, events: {} as OnePageEvent },
  actors: {
    verifyCaptcha: fromPromise<{ success: boolean }, { answer: string }>(async () => ({ success: true })),
    checkEmail: fromPromise<{ available: boolean }, { email: string }>(async () => ({ available: true })),
    createAccount: fromPromise<{ jwt: string }, NewAccount>(async () => ({ jwt: '' })),
  },
  actions: {
    signIn: (_, _params: { jwt: string }) => {},
    renewCaptcha: () => {},
  },
  guards: {
    valid: ({ context }) => onePageError(context) === null,
  },
}).createMachine({
  id: 'onePageRegistration',
  context: { email: '', password: '', firstName: '', username: '', acceptedTerms: false, captchaAnswer: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'registration.change': { actions: assign(({ event }) => ({ [event.field]: event.value, error: null })) },
        'registration.toggleTerms': { actions: assign({ acceptedTerms: ({ context }) => !context.acceptedTerms, error: null }) },
        'registration.submit': [
          { guard: 'valid', target: 'verifyingCaptcha' },
          { actions: assign({ error: ({ context }) => onePageError(context) }) },
        ],
      },
    },
    verifyingCaptcha: {
      invoke: {
        id: 'verifyCaptcha',
        src: 'verifyCaptcha',
        input: ({ context }) => ({ answer: context.captchaAnswer }),
        onDone: [
          { guard: ({ event }) => event.output.success, target: 'checkingEmail' },
          { target: 'editing', actions: [assign({ error: REGISTRATION_TEXT.captchaFailed, captchaAnswer: '' }), 'renewCaptcha'] },
        ],
        onError: { target: 'editing', actions: [assign({ error: REGISTRATION_TEXT.captchaFailed, captchaAnswer: '' }), 'renewCaptcha'] },
      },
    },
    checkingEmail: {
      invoke: {
        id: 'checkEmail',
        src: 'checkEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: ({ event }) => event.output.available, target: 'creating' },
          { target: 'editing', actions: [assign({ error: REGISTRATION_TEXT.emailTaken, captchaAnswer: '' }), 'renewCaptcha'] },
        ],
        onError: { target: 'editing', actions: [assign({ error: TEXT.requestFailed, captchaAnswer: '' }), 'renewCaptcha'] },
      },
    },
    creating: {
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => newAccountOf(context),
        onDone: { target: 'registered', actions: { type: 'signIn', params: ({ event }) => ({ jwt: event.output.jwt }) } },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => creationErrorOf(event.error), captchaAnswer: '' }),
            'renewCaptcha',
          ],
        },
      },
    },
    registered: { type: 'final' },
  },
});
