import { styled } from '@linaria/react';
import { useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { SECURITY_TEXT } from '../../domain/account-text-fr';
import { useApp } from '../app-context';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

/** `/profil/security`: the password change form (spec 1 §2, §5, §8). */
export function SecurityPage() {
  usePageTitle(SECURITY_TEXT.title);
  return (
    <Wrapper>
      <h1>{SECURITY_TEXT.title}</h1>
      <PasswordForm />
    </Wrapper>
  );
}

function PasswordForm() {
  const { accounts } = useApp();
  const [previous, setPrevious] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (previous === '' || next === '' || again === '') return setError(SECURITY_TEXT.allRequired);
    if (next !== again) return setError(SECURITY_TEXT.mismatch);
    setError(null);
    setBusy(true);
    const answer = await accounts.updateUser({ previousPassword: previous, password: next });
    setBusy(false);
    if ('error' in answer) {
      setError(answer.error);
      toast.error(answer.error);
      return;
    }
    setPrevious('');
    setNext('');
    setAgain('');
    toast.success(SECURITY_TEXT.changed);
  }

  return (
    <Form aria-label={SECURITY_TEXT.formTitle} onSubmit={(event) => void submit(event)} noValidate>
      <h2>{SECURITY_TEXT.formTitle}</h2>
      <Field>
        {SECURITY_TEXT.previous}
        <input type="password" autoComplete="current-password" value={previous} onChange={(e) => setPrevious(e.target.value)} />
      </Field>
      <Field>
        {SECURITY_TEXT.next}
        <input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
      </Field>
      <Field>
        {SECURITY_TEXT.again}
        <input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
      </Field>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Button type="submit" disabled={busy}>
        {SECURITY_TEXT.submit}
      </Button>
    </Form>
  );
}

const Wrapper = styled.div`
  padding: 24px 32px;
  @media (max-width: 600px) {
    padding: 16px;
  }
  display: grid;
  gap: 28px;
  max-width: 560px;
  & h1 {
    margin: 0;
  }
  & h2 {
    margin: 0 0 8px;
    font-size: 18px;
  }
`;
export const Form = styled.form`
  display: grid;
  gap: 12px;
`;
