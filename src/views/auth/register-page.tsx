import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import Cookies from 'js-cookie';
import type { ChangeEvent } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { REGISTERED_COOKIE, REGISTRATION_LABELS as L } from '../../domain/registration';
import { registrationMachine, type NewAccount } from '../../machines/registration-machine';
import { useCore } from '../app-context';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AuthForm, AuthLayout, CheckLine } from './auth-layout';

export const THANKS_PATH = '/merci-inscription';

/** `/register-for-free`: the two-step registration (spec 1 §4, §5) over the registration machine. */
export function RegisterPage() {
  const { session, accounts: effects } = useCore();
  const registration = useActorRef(
    registrationMachine.provide({
      actors: {
        checkEmail: fromPromise<{ available: boolean }, { email: string }>(({ input }) => effects.checkEmail(input.email)),
        createAccount: fromPromise<{ jwt: string }, NewAccount>(({ input }) => effects.createAccount(input)),
      },
      actions: {
        signIn: (_, { jwt }) => {
          Cookies.set(REGISTERED_COOKIE.name, '1', { expires: REGISTERED_COOKIE.days, sameSite: 'lax' });
          session.send({ type: 'session.tokenReceived', jwt, redirectUri: THANKS_PATH });
        },
      },
    }),
  );
  const step = useSelector(registration, (s) => (s.matches('profile') || s.matches('creating') ? 'profile' : 'account'));
  const busy = useSelector(registration, (s) => s.matches('checkingEmail') || s.matches('creating'));
  const c = useSelector(registration, (s) => s.context);
  usePageTitle(L.twoStepTitle);
  const change = (field: 'email' | 'password' | 'firstName' | 'username') => (event: ChangeEvent<HTMLInputElement>) =>
    registration.send({ type: 'registration.change', field, value: event.target.value });

  return (
    <AuthLayout title={L.twoStepTitle}>
      <Steps>{L.step(step === 'account' ? 1 : 2)}</Steps>
      <AuthForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          registration.send({ type: step === 'account' ? 'registration.next' : 'registration.submit' });
        }}
      >
        {step === 'account' ? (
          <>
            <Field>
              {L.email}
              <input name="email" type="email" autoComplete="email" value={c.email} onChange={change('email')} />
            </Field>
            <Field>
              {L.password}
              <input name="new-password" type="password" autoComplete="new-password" value={c.password} onChange={change('password')} />
            </Field>
          </>
        ) : (
          <>
            <Field>
              {L.firstName}
              <input name="given-name" autoComplete="given-name" value={c.firstName} onChange={change('firstName')} />
            </Field>
            <Field>
              {L.username}
              <input name="username" autoComplete="nickname" value={c.username} onChange={change('username')} />
            </Field>
            <CheckLine>
              <input type="checkbox" checked={c.acceptedTerms} onChange={() => registration.send({ type: 'registration.toggleTerms' })} />
              {L.termsCgu}
            </CheckLine>
          </>
        )}
        {c.error ? <ErrorText role="alert">{c.error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {step === 'account' ? L.next : busy ? L.creating : L.create}
        </Button>
        {step === 'profile' ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => registration.send({ type: 'registration.back' })}>
            {L.back}
          </Button>
        ) : null}
        <p>
          {L.alreadyMember} <Link href="/">{L.signIn}</Link>
        </p>
      </AuthForm>
    </AuthLayout>
  );
}

const Steps = styled.p`
  margin: 0 0 12px;
  color: var(--muted);
  font-size: 14px;
`;
