import { useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { Form } from './security-page';

export const CONTACT_SENT = 'Votre message a bien été envoyé';

/** `/contact`: subject, name, e-mail and message, all required; name and e-mail come from the account. */
export function ContactPage() {
  const { accounts } = useApp();
  const user = useCurrentUser();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = user ? `${user.metadata.firstName} ${user.metadata.lastName}`.trim() || user.username : '';
  const email = user?.email ?? '';
  usePageTitle('Contact');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ([subject, name, email, message].some((v) => v.trim() === '')) return setError(TEXT.requiredField);
    setError(null);
    setBusy(true);
    const failure = await accounts.contact({ subject: subject.trim(), name, email, message: message.trim() });
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    setSubject('');
    setMessage('');
    toast.success(CONTACT_SENT);
  }

  return (
    <div style={{ padding: '24px 32px', maxWidth: 640 }}>
      <h1>Contact</h1>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Field>
          Sujet
          <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
        </Field>
        <Field>
          Nom
          <input value={name} readOnly />
        </Field>
        <Field>
          E-mail
          <input type="email" value={email} readOnly />
        </Field>
        <Field>
          Message
          <textarea rows={6} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} />
        </Field>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          Envoyer
        </Button>
      </Form>
    </div>
  );
}
