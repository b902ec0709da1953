import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import Cookies from 'js-cookie';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { localCaptchaToken, type CaptchaChallenge } from '../../contract/account';
import { REGISTERED_COOKIE } from '../../domain/registration';
import { onePageRegistrationMachine } from '../../machines/one-page-registration-machine';
import type { NewAccount } from '../../machines/registration-machine';
import { useCore } from '../app-context';
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
  usePageTitle('Inscription');
  const change = (field: 'email' | 'password' | 'firstName' | 'username' | 'captchaAnswer') => (event: ChangeEvent<HTMLInputElement>) =>
    registration.send({ type: 'registration.change', field, value: event.target.value });

  return (
    <AuthLayout title="Inscription">
      <AuthForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          registration.send({ type: 'registration.submit' });
        }}
      >
        <Field>
          Adresse e-mail
          <input type="email" autoComplete="email" value={c.email} onChange={change('email')} />
        </Field>
        <Field>
          Mot de passe
          <input type="password" autoComplete="new-password" value={c.password} onChange={change('password')} />
        </Field>
        <Field>
          Prénom
          <input autoComplete="given-name" value={c.firstName} onChange={change('firstName')} />
        </Field>
        <Field>
          Pseudo
          <input autoComplete="nickname" value={c.username} onChange={change('username')} />
        </Field>
        {challenge?.provider === 'local' ? (
          <Field>
            Vérification : {challenge.question}
            <input inputMode="numeric" value={c.captchaAnswer} onChange={change('captchaAnswer')} />
          </Field>
        ) : challenge?.provider === 'recaptcha' ? (
          <p>La vérification reCAPTCHA se charge…</p>
        ) : null}
        <CheckLine>
          <input type="checkbox" checked={c.acceptedTerms} onChange={() => registration.send({ type: 'registration.toggleTerms' })} />
          J'accepte les conditions générales de vente
        </CheckLine>
        {c.error ? <ErrorText role="alert">{c.error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          Créer mon compte
        </Button>
        <p>
          Déjà membre ? <Link href="/">Se connecter</Link>
        </p>
      </AuthForm>
      <Trust aria-label="Ils nous font confiance">
        <li>🔒 Paiement sécurisé</li>
        <li>⭐ 4,8/5 sur 2 000 avis</li>
        <li>🎓 +10 000 membres formés</li>
      </Trust>
    </AuthLayout>
  );
}

const Trust = styled.ul`
  list-style: none;
  margin: 20px 0 0;
  padding: 12px 0 0;
  border-top: 1px solid var(--border);
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  font-size: 13px;
  color: var(--muted);
`;
