import { isValidEmail } from './validation';

/** Registration rules and messages of spec 1 §5 and §8, in the spec's order. */
export const REGISTRATION_TEXT = {
  fillAll: 'Veuillez remplir tous les champs',
  invalidEmail: "L'adresse email fourni n'est pas valide",
  shortPassword: 'Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre',
  emailTaken: "Cette adresse e-mail n'est pas disponible",
  acceptTerms: "Vous devez accepter nos conditions générales d'utilisation pour terminer votre inscription",
  usernameTaken: "Ce nom d'utilisateur est déjà pris",
  onePageTerms: 'Vous devez accepter les CGV',
  onePageCredentials: 'Veuillez remplir les champs Email et Mot de passe',
  onePageProfile: 'Veuillez remplir les champs prénom et pseudo',
  captchaFailed: 'Échec de la vérification reCAPTCHA. Veuillez réessayer.',
} as const;

/** The registration screens' labels (spec 1 §2), in one place for both forms. */
export const REGISTRATION_LABELS = {
  twoStepTitle: 'Créer un compte',
  onePageTitle: 'Inscription',
  step: (n: number) => `Étape ${n} sur 2`,
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  firstName: 'Prénom',
  username: 'Pseudo',
  termsCgu: "J'accepte les conditions générales d'utilisation",
  termsCgv: "J'accepte les conditions générales de vente",
  next: 'Continuer',
  back: 'Retour',
  create: 'Créer mon compte',
  creating: 'Création…',
  captcha: (question: string) => `Vérification : ${question}`,
  captchaLoading: 'La vérification reCAPTCHA se charge…',
  alreadyMember: 'Déjà membre ?',
  signIn: 'Se connecter',
  trustTitle: 'Ils nous font confiance',
  trust: [
    { icon: 'lock', title: 'Paiement sécurisé', text: 'Carte bancaire, PayPal ou crypto, par des prestataires certifiés' },
    { icon: 'star', title: '4,8/5 sur 2 000 avis', text: 'Des membres qui recommandent nos coachs' },
    { icon: 'formation', title: '+10 000 membres formés', text: 'Formations, lives et alertes des coachs' },
  ],
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** The registration marker cookie lives 180 days; referral cookies 30 days (aff) and 1 day (affint). */
export const REGISTERED_COOKIE = { name: 'registered', days: 180 } as const;
export const REFERRAL_COOKIES = { aff: 30, affint: 1 } as const;

export type AccountFields = { email: string; password: string };
export type ProfileFields = { firstName: string; username: string; acceptedTerms: boolean };

/** Step 1: e-mail and password (only the password's length is checked on the client). */
export function accountStepError(fields: AccountFields): string | null {
  if (fields.email.trim() === '' || fields.password === '') return REGISTRATION_TEXT.fillAll;
  if (!isValidEmail(fields.email.trim())) return REGISTRATION_TEXT.invalidEmail;
  if (fields.password.length < PASSWORD_MIN_LENGTH) return REGISTRATION_TEXT.shortPassword;
  return null;
}

/** Step 2: first name, pseudo and the accepted terms. */
export function profileStepError(fields: ProfileFields): string | null {
  if (fields.firstName.trim() === '' || fields.username.trim() === '') return REGISTRATION_TEXT.fillAll;
  if (!fields.acceptedTerms) return REGISTRATION_TEXT.acceptTerms;
  return null;
}

/** The one-page form, checked in the spec's order: terms, credentials, profile (captcha comes after). */
export function onePageError(fields: AccountFields & ProfileFields): string | null {
  if (!fields.acceptedTerms) return REGISTRATION_TEXT.onePageTerms;
  if (fields.email.trim() === '' || fields.password === '') return REGISTRATION_TEXT.onePageCredentials;
  if (fields.firstName.trim() === '' || fields.username.trim() === '') return REGISTRATION_TEXT.onePageProfile;
  if (!isValidEmail(fields.email.trim())) return REGISTRATION_TEXT.invalidEmail;
  if (fields.password.length < PASSWORD_MIN_LENGTH) return REGISTRATION_TEXT.shortPassword;
  return null;
}

/**
 * What the member reads when the server refuses a registration (spec 1 §8): a message mentioning
 * Email or 'An error occured' means the pseudo is taken; a plain alphanumeric message is shown as is.
 */
export function registrationErrorText(serverMessage: string): string {
  if (serverMessage.includes('Email') || serverMessage.includes('An error occured')) return REGISTRATION_TEXT.usernameTaken;
  return /^[\p{L}\p{N}\s'’.,!?-]+$/u.test(serverMessage) ? serverMessage : 'Une erreur est survenue';
}
