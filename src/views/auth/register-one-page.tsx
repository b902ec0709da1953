import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { localCaptchaToken, type CaptchaChallenge } from '../../contract/account';
import { REGISTERED_COOKIE, REGISTRATION_LABELS as L } from '../../domain/registration';
import { onePageRegistrationMachine } from '../../machines/one-page-registration-machine';
import type { NewAccount } from '../../machines/registration-machine';
import { useCore } from '../app-context';
import { Icon } from '../common/icons';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AuthForm, AuthLayout, CheckLine } from './auth-layout';
import { THANKS_PATH } from './register-page';

/** `/register`: the one-page registration with the captcha and the trust area (spec 1 §2, §5). */
export function RegisterOnePage() {
  const { session, accounts } = useCore();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const challengeRef = useRef(challenge);
  challengeRef.current = challenge;
  const renew = useCallback(() => void accounts.captcha().then(setChallenge), [accounts]);
  useEffect(renew, [renew]);

  const registration = useActorRef(
    onePageRegistrationMachine.provide({
      actors: {
        verifyCaptcha: fromPromise<{ success: boolean }, { answer: string }>(async ({ input }) => {
          const current = challengeRef.current;
          // With reCAPTCHA configured its widget gives the token; locally the signed sum is answered.
          if (!current || current.provider !== 'local') return { success: false };
          return accounts.verifyCaptcha(localCaptchaToken(current.challenge, input.answer));
        }),
        checkEmail: fromPromise<{ available: boolean }, { email: string }>(({ input }) => accounts.checkEmail(input.email)),
        createAccount: fromPromise<{ jwt: string }, NewAccount>(({ input }) => accounts.createAccount(input)),
      },
      actions: {
        signIn: (_, { jwt }) => {
          Cookies.set(REGISTERED_COOKIE.name, '1', { expires: REGISTERED_COOKIE.days, sameSite: 'lax' });
          session.send({ type: 'session.tokenReceived', jwt, redirectUri: THANKS_PATH });
        },
        renewCaptcha: renew,
      },
    }),
  );
  const c = useSelector(registration, (s) => s.context);
  const busy = useSelector(registration, (s) => !s.matches('editing'));
  usePageTitle(L.onePageTitle);
  const change = (field: 'email' | 'password' | 'firstName' | 'username' | 'captchaAnswer') => (event: ChangeEvent<HTMLInputElement>) =>
    registration.send({ type: 'registration.change', field, value: event.target.value });

  return (
    <AuthLayout title={L.onePageTitle} aside={<TrustArea />}>
      <AuthForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          registration.send({ type: 'registration.submit' });
        }}
      >
        <Field>
          {L.email}
          <input type="email" autoComplete="email" value={c.email} onChange={change('email')} />
        </Field>
        <Field>
          {L.password}
          <input type="password" autoComplete="new-password" value={c.password} onChange={change('password')} />
        </Field>
        <Field>
          {L.firstName}
          <input autoComplete="given-name" value={c.firstName} onChange={change('firstName')} />
        </Field>
        <Field>
          {L.username}
          <input autoComplete="nickname" value={c.username} onChange={change('username')} />
        </Field>
        {challenge?.provider === 'local' ? (
          <Field>
            {L.captcha(challenge.question)}
            <input inputMode="numeric" value={c.captchaAnswer} onChange={change('captchaAnswer')} />
          </Field>
        ) : challenge?.provider === 'recaptcha' ? (
          <p>{L.captchaLoading}</p>
        ) : null}
        <CheckLine>
          <input type="checkbox" checked={c.acceptedTerms} onChange={() => registration.send({ type: 'registration.toggleTerms' })} />
          {L.termsCgv}
        </CheckLine>
        {c.error ? <ErrorText role="alert">{c.error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {L.create}
        </Button>
        <p>
          {L.alreadyMember} <Link href="/">{L.signIn}</Link>
        </p>
      </AuthForm>
    </AuthLayout>
  );
}

/** The side area of trust marks (spec 1 §2), drawn with the app's icons. */
function TrustArea() {
  return (
    <Trust aria-labelledby="confiance">
      <h2 id="confiance">{L.trustTitle}</h2>
      <ul aria-labelledby="confiance">
        {L.trust.map((item) => (
          <li key={item.title}>
            <Mark>
              <Icon name={item.icon} size={22} />
            </Mark>
            <span>
              <strong>{item.title}</strong>
              <small>{item.text}</small>
            </span>
          </li>
        ))}
      </ul>
    </Trust>
  );
}

const Trust = styled.aside`
  width: min(420px, 100%);
  & h2 {
    margin: 0 0 12px;
    font-size: 15px;
    color: var(--muted);
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 14px;
  }
  & li {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  & li > span {
    display: grid;
  }
  & small {
    font-size: 13px;
    color: var(--muted);
  }
`;

const Mark = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: var(--accent-soft);
  color: var(--accent);
`;
