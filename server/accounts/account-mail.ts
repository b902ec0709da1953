import type { OutgoingMail } from '../mail/mail-provider';

type Recipient = { id: number; email: string; firstName: string; username: string };

const hello = (user: Recipient) => `Bonjour ${user.firstName || user.username},`;

export function resetPasswordMail(user: Recipient, origin: string, code: string): OutgoingMail {
  const link = `${origin}/reset_password?code=${encodeURIComponent(code)}`;
  return {
    toUserId: user.id,
    to: user.email,
    subject: 'Réinitialisation de votre mot de passe',
    text: [
      hello(user),
      '',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
      link,
      '',
      `Code : ${code}`,
      '',
      "Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
    ].join('\n'),
  };
}

export function confirmEmailMail(user: Recipient, origin: string, code: string): OutgoingMail {
  const link = `${origin}/confirm_email?confirmation=${encodeURIComponent(code)}`;
  return {
    toUserId: user.id,
    to: user.email,
    subject: 'Confirmez votre adresse e-mail',
    text: [hello(user), '', 'Bienvenue sur Comptoir ! Confirmez votre adresse e-mail en ouvrant ce lien :', link, '', `Code : ${code}`].join('\n'),
  };
}
