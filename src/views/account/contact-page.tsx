import { styled } from '@linaria/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../common/toast';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../contract/account';
import { CONTACT_TEXT } from '../../domain/account-text-fr';
import { contactProblems, memberContactName, type ContactField, type ContactFields } from '../../domain/contact-form';
import { useApp } from '../app-context';
import { Icon } from '../common/icons';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { AccountPage } from './account-page';
import { Form } from './security-page';

const T = CONTACT_TEXT;

/**
 * `/contact` (spec 1 §2, §5): a subject from the list, name, e-mail and message, all four required.
 * A signed-in member's name and e-mail are the account's, shown read-only (the server keeps them).
 */
export function ContactPage() {
  const { accounts } = useApp();
  const user = useCurrentUser();
  const [typed, setTyped] = useState<ContactFields>({ subject: '', name: '', email: '', message: '' });
  const [problems, setProblems] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(T.title);
  const locked = user !== null;
  const fields: ContactFields = locked
    ? { ...typed, name: memberContactName({ ...user.metadata, username: user.username }), email: user.email }
    : typed;

  const set = (field: ContactField) => (value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = contactProblems(fields);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const error = await accounts.contact({
      subject: fields.subject as ContactSubject,
      name: fields.name.trim(),
      email: fields.email.trim(),
      message: fields.message.trim(),
    });
    setBusy(false);
    if (error) {
      setFailure(error);
      toast.error(error);
      return;
    }
    setTyped((current) => ({ ...current, subject: '', message: '' }));
    toast.success(T.sent);
  }

  return (
    <AccountPage>
      <h1>{T.title}</h1>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label={T.title}>
        <Labelled label={T.subject} problem={problems.subject}>
          {(props) => (
            <select {...props} value={fields.subject} onChange={(e) => set('subject')(e.target.value)} required>
              <option value="" disabled>
                {T.chooseSubject}
              </option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={T.name} problem={problems.name}>
          {(props) => <input {...props} autoComplete="name" value={fields.name} readOnly={locked} onChange={(e) => set('name')(e.target.value)} maxLength={100} required />}
        </Labelled>
        <Labelled label={T.email} problem={problems.email}>
          {(props) => (
            <input {...props} type="email" autoComplete="email" value={fields.email} readOnly={locked} onChange={(e) => set('email')(e.target.value)} maxLength={254} required />
          )}
        </Labelled>
        {locked ? (
          <Locked>
            <Icon name="lock" size={16} />
            {T.lockedNote}
          </Locked>
        ) : null}
        <Labelled label={T.message} problem={problems.message}>
          {(props) => <textarea {...props} rows={6} value={fields.message} onChange={(e) => set('message')(e.target.value)} maxLength={5000} required />}
        </Labelled>
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {busy ? T.sending : T.send}
        </Button>
      </Form>
    </AccountPage>
  );
}

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/** A labelled control with its own 'Ce champs est requis' below it, tied to it for screen readers. */
function Labelled(props: { label: string; problem: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const problemId = `${id}-probleme`;
  return (
    <div>
      <Field htmlFor={id}>{props.label}</Field>
      <Control>{props.children({ id, 'aria-invalid': props.problem !== undefined, 'aria-describedby': props.problem ? problemId : undefined })}</Control>
      {props.problem ? (
        <ErrorText id={problemId} role="alert">
          {props.problem}
        </ErrorText>
      ) : null}
    </div>
  );
}

const Control = styled.div`
  margin: 6px 0 4px;
  & input,
  & select,
  & textarea {
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    font: inherit;
  }
  & [aria-invalid='true'] {
    border-color: var(--danger);
  }
  & input[readonly] {
    background: var(--surface-2);
    color: var(--muted);
    cursor: default;
  }
`;

const Locked = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  font-size: 13px;
  color: var(--muted);
`;
