import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { toast } from '../common/toast';
import { PASSWORD_MIN_LENGTH } from '../../domain/registration';
import { TEXT } from '../../domain/text-fr';
import { useCore } from '../app-context';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AuthForm, AuthLayout } from './auth-layout';

/** `/reset_password?code=`: the new password twice (spec 1 §5, §8); success signs the member in. */
export function ResetPasswordPage() {
  const { accounts, session } = useCore();
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(TEXT.resetTitle);

  /** A refused reset is said beside the form and in a toast (spec 1 §8). */
  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '' || confirmation === '') return setError(TEXT.resetFillAll);
    if (password !== confirmation) return setError(TEXT.resetMismatch);
    if (password.length < PASSWORD_MIN_LENGTH) return fail(`${TEXT.resetFailed} — ${TEXT.passwordTooShort}`);
    setBusy(true);
    const answer = await accounts.resetPassword({ code, password, passwordConfirmation: confirmation });
    setBusy(false);
    if ('error' in answer) fail(`${TEXT.resetFailed} (${answer.error})`);
    else session.send({ type: 'session.tokenReceived', jwt: answer.jwt, redirectUri: '/' });
  }

  return (
    <AuthLayout title={TEXT.resetTitle}>
      <AuthForm onSubmit={(event) => void submit(event)} noValidate>
        <Field>
          {TEXT.resetPassword}
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field>
          {TEXT.resetConfirmation}
          <input type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </Field>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {TEXT.resetSubmit}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

