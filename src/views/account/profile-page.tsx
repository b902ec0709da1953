import { styled } from '@linaria/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Picture } from '../../contract/user';
import { Link } from 'wouter';
import { PROFILE_TEXT } from '../../domain/account-text-fr';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { useApp } from '../app-context';
import { toast } from '../common/toast';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { TEXT } from '../../domain/text-fr';
import { deleteAccountMachine, type DeleteAccountState } from '../../machines/delete-account-machine';
import { Actions, ConfirmDialog } from '../chat/confirm-dialog';
import { Dialog } from '../common/dialog';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { AccountPage } from './account-page';
import { AvatarPicker } from './avatar-picker';
import { useProfileUpdate } from './use-profile-update';
import { Form } from './security-page';

/**
 * `/profil` (spec 1 §2, §5): picture, first and last name, pseudo, phone and bio, 'Valider', and
 * 'Supprimer mon compte' with its two confirmations.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  const [fields, setFields] = useState({ firstName: '', lastName: '', username: '', phoneNumber: '', description: '' });
  const [picture, setPicture] = useState<Picture | null>(null);
  const { error, setError, busy, update } = useProfileUpdate(PROFILE_TEXT.updated);
  usePageTitle(PROFILE_TEXT.title);

  useEffect(() => {
    if (!user) return;
    setFields({
      firstName: user.metadata.firstName,
      lastName: user.metadata.lastName,
      username: user.username,
      phoneNumber: user.metadata.phoneNumber,
      description: user.metadata.description,
    });
    setPicture(user.metadata.picture);
  }, [user]);

  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    if (fields.firstName.trim() === '') return setError(PROFILE_TEXT.firstNameRequired);
    if (fields.username.trim() === '') return setError(PROFILE_TEXT.usernameRequired);
    await update({
      metadata: { firstName: fields.firstName, lastName: fields.lastName, description: fields.description, phoneNumber: fields.phoneNumber, picture },
      // The pseudo is sent only when it changed (spec 1 §5).
      ...(fields.username.trim() !== user.username ? { username: fields.username.trim() } : {}),
    });
  }

  return (
    <Page>
      <h1>{PROFILE_TEXT.title}</h1>
      {/* The profile area's 'Mon avis' exists only when displayAvis is set (spec 1 §2). */}
      {user?.settings.displayAvis ? (
        <ReviewLink href="/profil/avis">{CONTENT_TEXT.reviewTab}</ReviewLink>
      ) : null}
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <AvatarPicker picture={picture} onChange={setPicture} />
        <Field>
          {PROFILE_TEXT.firstName}
          <input value={fields.firstName} onChange={set('firstName')} autoComplete="given-name" maxLength={100} required />
        </Field>
        <Field>
          {PROFILE_TEXT.lastName}
          <input value={fields.lastName} onChange={set('lastName')} autoComplete="family-name" maxLength={100} />
        </Field>
        <Field>
          {PROFILE_TEXT.username}
          <input value={fields.username} onChange={set('username')} autoComplete="nickname" maxLength={40} required />
        </Field>
        <Field>
          {PROFILE_TEXT.phoneNumber}
          <input type="tel" value={fields.phoneNumber} onChange={set('phoneNumber')} autoComplete="tel" maxLength={40} />
        </Field>
        <Field>
          {PROFILE_TEXT.description}
          <textarea rows={4} value={fields.description} onChange={set('description')} maxLength={2000} />
        </Field>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {PROFILE_TEXT.submit}
        </Button>
      </Form>
      <DeleteAccount />
    </Page>
  );
}

/**
 * Two confirmations (spec 1 §5), the second asking the password again (issue 23), then the
 * account is deleted and the member signed out: the flow is `deleteAccountMachine`'s.
 */
function DeleteAccount() {
  const { accounts, session } = useApp();
  const actor = useActorRef(
    deleteAccountMachine.provide({
      actors: { deleteAccount: fromPromise(({ input }: { input: { password: string } }) => accounts.deleteAccount(input.password)) },
      actions: { signOut: () => session.send({ type: 'session.signOut' }) },
    }),
  );
  const state = useSelector(actor, (s) => s.value as DeleteAccountState);
  const error = useSelector(actor, (s) => s.context.error);
  const [password, setPassword] = useState('');
  const cancel = () => {
    setPassword('');
    actor.send({ type: 'cancel' });
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'password.submit', password });
  }
  const asking = state === 'askingPassword' || state === 'deleting';
  return (
    <Danger aria-labelledby="supprimer-mon-compte">
      <h2 id="supprimer-mon-compte">{PROFILE_TEXT.deleteAccount}</h2>
      <Button type="button" variant="danger" disabled={state !== 'idle'} onClick={() => actor.send({ type: 'delete.start' })}>
        {PROFILE_TEXT.deleteAccount}
      </Button>
      <ConfirmDialog question={state === 'confirming' ? PROFILE_TEXT.deleteFirst : null} onAnswer={(yes) => (yes ? actor.send({ type: 'confirm.yes' }) : cancel())} />
      <Dialog title={PROFILE_TEXT.deleteSecond} open={asking} onClose={cancel}>
        <form onSubmit={submit} noValidate>
          <Field>
            {PROFILE_TEXT.deletePassword}
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error !== null || undefined}
              aria-describedby="delete-password-hint"
            />
          </Field>
          <Hint id="delete-password-hint">{PROFILE_TEXT.deletePasswordHint}</Hint>
          {error !== null ? <ErrorText role="alert">{error === '' ? PROFILE_TEXT.deleteFailed(TEXT.requestFailed) : error}</ErrorText> : null}
          <Actions>
            <Button type="button" variant="ghost" onClick={cancel}>
              {TEXT.no}
            </Button>
            <Button type="submit" variant="danger" disabled={state === 'deleting'}>
              {TEXT.yes}
            </Button>
          </Actions>
        </form>
      </Dialog>
    </Danger>
  );
}

const Hint = styled.p`
  margin: 4px 0 0;
  color: var(--muted);
  font-size: 14px;
`;

const ReviewLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  margin-bottom: 8px;
  color: var(--text);
  font-weight: 600;
`;

const Page = styled(AccountPage)`
  & textarea {
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    font-weight: 400;
  }
`;

const Danger = styled.section`
  margin-top: 40px;
  padding-top: 20px;
  border-top: 1px solid var(--border);
  display: grid;
  justify-items: start;
  gap: 8px;
  & h2 {
    margin: 0;
    font-size: 18px;
  }
`;
