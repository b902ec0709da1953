import { styled } from '@linaria/react';
import { useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { useApp } from '../app-context';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

export const SECURITY_TEXT = {
  allRequired: 'Ces 3 champs sont requis',
  mismatch: 'Les deux nouveaux mot de passe ne sont pas identiques',
  changed: 'Votre mot de passe a été modifié',
  deleteFirst: 'Voulez-vous vraiment supprimer votre compte ?',
  deleteSecond: 'Attention la suppression est définitive, êtes-vous sûr ?',
  deleteFailed: (error: string) => `Une erreur est survenue : ${error}`,
} as const;

/** `/profil/security`: the password change and the account deletion (spec 1 §2, §5, §8). */
export function SecurityPage() {
  usePageTitle('Sécurité');
  return (
    <Wrapper>
      <h1>Sécurité</h1>
      <PasswordForm />
      <DeleteAccount />
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
    <Form aria-label="Changer de mot de passe" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Changer de mot de passe</h2>
      <Field>
        Mot de passe actuel
        <input type="password" autoComplete="current-password" value={previous} onChange={(e) => setPrevious(e.target.value)} />
      </Field>
      <Field>
        Nouveau mot de passe
        <input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
      </Field>
      <Field>
        Confirmer le nouveau mot de passe
        <input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
      </Field>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Button type="submit" disabled={busy}>
        Modifier le mot de passe
      </Button>
    </Form>
  );
}

/** Two confirmations, then the account is deleted and the member signed out. */
function DeleteAccount() {
  const { accounts, session } = useApp();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  async function answer(yes: boolean) {
    if (!yes) return setStep(0);
    if (step === 1) return setStep(2);
    setStep(0);
    const failure = await accounts.deleteAccount();
    if (failure) toast.error(SECURITY_TEXT.deleteFailed(failure));
    else session.send({ type: 'session.signOut' });
  }
  return (
    <section aria-label="Supprimer mon compte">
      <h2>Supprimer mon compte</h2>
      <Button type="button" variant="danger" onClick={() => setStep(1)}>
        Supprimer mon compte
      </Button>
      <ConfirmDialog question={step === 1 ? SECURITY_TEXT.deleteFirst : step === 2 ? SECURITY_TEXT.deleteSecond : null} onAnswer={(yes) => void answer(yes)} />
    </section>
  );
}

const Wrapper = styled.div`
  padding: 24px 32px;
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
