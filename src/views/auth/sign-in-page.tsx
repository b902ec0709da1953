import { styled } from '@linaria/react';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { Link, useSearch } from 'wouter';
import { CONTENT_BASE } from '../../contract/hosts';
import { TEXT } from '../../domain/text-fr';
import { isValidEmail } from '../../domain/validation';
import { useCore } from '../app-context';
import { Button, buttonClass, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AuthLayout } from './auth-layout';

/** `/` signed out: sign-in, with a toggle to the forgot-password form (spec 1 §2). */
export function SignInPage() {
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  usePageTitle(mode === 'login' ? TEXT.signInTitle : TEXT.forgotPasswordTitle);
  return (
    <AuthLayout title={mode === 'login' ? TEXT.signInTitle : TEXT.forgotPasswordTitle}>
      {mode === 'login' ? <LoginForm onForgot={() => setMode('forgot')} /> : <ForgotForm onBack={() => setMode('login')} />}
    </AuthLayout>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { session } = useCore();
  const search = useSearch();
  const busy = useSelector(session, (s) => s.matches('signingIn'));
  const error = useSelector(session, (s) => s.context.error);
  // A failed Google sign-in comes back as `/?error=` (spec 1 §8).
  const urlError = new URLSearchParams(search).get('error');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = identifier.trim() !== '' && password !== '' && !busy;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    session.send({
      type: 'session.signIn',
      credentials: { identifier: identifier.trim(), password },
      redirectUri: new URLSearchParams(search).get('redirect_uri'),
    });
  }

  return (
    <Form onSubmit={submit} noValidate>
      <Field>
        {TEXT.identifierLabel}
        <input
          name="identifier"
          autoComplete="username"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          required
        />
      </Field>
      <Field>
        {TEXT.passwordLabel}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      {error || urlError ? <ErrorText role="alert">{error ?? urlError}</ErrorText> : null}
      <Button type="submit" disabled={!canSubmit}>
        {busy ? TEXT.signingIn : TEXT.signInButton}
      </Button>
      <LinkButton type="button" onClick={onForgot}>
        {TEXT.forgotPasswordLink}
      </LinkButton>
      <Separator>{TEXT.or}</Separator>
      <a className={buttonClass} data-variant="ghost" href={`${CONTENT_BASE}/api/connect/google`}>
        {TEXT.googleSignIn}
      </a>
      <Footer>
        {TEXT.notMemberYet} <Link href="/register-for-free">{TEXT.createAccountLink}</Link>
      </Footer>
    </Form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const { accounts } = useCore();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError(TEXT.forgotPasswordEmailRequired);
      return;
    }
    setError(null);
    setBusy(true);
    const failure = await accounts.forgotPassword(email.trim());
    setBusy(false);
    if (failure) {
      setError(failure);
      toast.error(failure);
    } else {
      setSent(true);
      toast.success(TEXT.forgotPasswordSent);
    }
  }

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      <Field>
        {TEXT.forgotPasswordEmailLabel}
        <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      {sent ? <p role="status">{TEXT.forgotPasswordSent}</p> : null}
      <Button type="submit" disabled={busy}>
        {TEXT.forgotPasswordButton}
      </Button>
      <LinkButton type="button" onClick={onBack}>
        {TEXT.backToSignIn}
      </LinkButton>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const LinkButton = styled.button`
  justify-self: center;
  background: none;
  border: none;
  color: var(--accent);
  cursor: pointer;
  padding: 4px;
  text-decoration: underline;
`;

const Separator = styled.p`
  margin: 0;
  text-align: center;
  color: var(--muted);
  font-size: 13px;
`;

const Footer = styled.p`
  margin: 0;
  text-align: center;
  color: var(--muted);
`;
