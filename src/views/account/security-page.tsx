import { styled } from '@linaria/react';
import { useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { SECURITY_TEXT } from '../../domain/account-text-fr';
import { useApp } from '../app-context';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signOutEverywhereMachine, type SignOutEverywhereState } from '../../machines/sign-out-everywhere-machine';
import { TEXT } from '../../domain/text-fr';
import { Button, ErrorText, Field } from '../common/ui';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { usePageTitle } from '../common/use-page-title';

/** `/profil/security`: the password change form (spec 1 §2, §5, §8). */
export function SecurityPage() {
  usePageTitle(SECURITY_TEXT.title);
  return (
    <Wrapper>
      <h1>{SECURITY_TEXT.title}</h1>
      <PasswordForm />
      <SignOutEverywhere />
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

/** 'Se déconnecter de tous les appareils': one confirmation, then every session ends, this one too. */
function SignOutEverywhere() {
  const { accounts, session } = useApp();
  const actor = useActorRef(
    signOutEverywhereMachine.provide({
      actors: { endSessions: fromPromise(() => accounts.signOutEverywhere()) },
      actions: { signOut: () => session.send({ type: 'session.signOut' }) },
    }),
  );
  const state = useSelector(actor, (s) => s.value as SignOutEverywhereState);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Section aria-labelledby="sessions">
      <h2 id="sessions">{SECURITY_TEXT.sessionsTitle}</h2>
      <p>{SECURITY_TEXT.sessionsHint}</p>
      <Button type="button" variant="danger" disabled={state !== 'idle'} onClick={() => actor.send({ type: 'start' })}>
        {SECURITY_TEXT.signOutEverywhere}
      </Button>
      {error !== null ? <ErrorText role="alert">{SECURITY_TEXT.signOutEverywhereFailed(error === '' ? TEXT.requestFailed : error)}</ErrorText> : null}
      <ConfirmDialog
        question={state === 'confirming' ? SECURITY_TEXT.signOutEverywhereQuestion : null}
        onAnswer={(yes) => actor.send({ type: yes ? 'confirm.yes' : 'cancel' })}
      />
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  justify-items: start;
  gap: 8px;
  & p {
    margin: 0;
    color: var(--muted);
  }
`;

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
