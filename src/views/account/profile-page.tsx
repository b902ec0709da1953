import { useEffect, useState, type FormEvent } from 'react';
import type { Picture } from '../../contract/user';
import { Button, ErrorText, Field } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { AvatarPicker } from './avatar-picker';
import { useProfileUpdate } from './use-profile-update';
import { Form } from './security-page';

export const PROFILE_TEXT = {
  firstNameRequired: 'Veuillez renseigner votre prénom',
  usernameRequired: 'Veuillez renseigner votre pseudo',
  updated: 'Votre profil a été mis à jour',
  uploadFailed: 'Une erreur est survenue, veuillez réessayer',
} as const;

/** `/profil`: picture, first and last name, pseudo, phone and bio (spec 1 §5). */
export function ProfilePage() {
  const user = useCurrentUser();
  const [fields, setFields] = useState({ firstName: '', lastName: '', username: '', phoneNumber: '', description: '' });
  const [picture, setPicture] = useState<Picture | null>(null);
  const { error, setError, busy, update } = useProfileUpdate(PROFILE_TEXT.updated);
  usePageTitle('Mon profil');

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
    <div style={{ padding: '24px 32px', maxWidth: 640 }}>
      <h1>Mon profil</h1>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <AvatarPicker picture={picture} onChange={setPicture} />
        <Field>
          Prénom
          <input value={fields.firstName} onChange={set('firstName')} maxLength={100} />
        </Field>
        <Field>
          Nom
          <input value={fields.lastName} onChange={set('lastName')} maxLength={100} />
        </Field>
        <Field>
          Pseudo
          <input value={fields.username} onChange={set('username')} maxLength={40} />
        </Field>
        <Field>
          Téléphone
          <input type="tel" value={fields.phoneNumber} onChange={set('phoneNumber')} maxLength={40} />
        </Field>
        <Field>
          Bio
          <textarea rows={4} value={fields.description} onChange={set('description')} maxLength={2000} />
        </Field>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          Enregistrer
        </Button>
      </Form>
    </div>
  );
}
