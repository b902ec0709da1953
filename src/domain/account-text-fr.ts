/**
 * French text of the member's account screens — profile, security, notification preferences,
 * contact, the thank-you page and the payout account link (spec 1 §2, §5, §8) — exactly as the spec
 * writes it where it names it.
 */
export const PROFILE_TEXT = {
  title: 'Mon profil',
  firstName: 'Prénom',
  lastName: 'Nom',
  username: 'Pseudo',
  phoneNumber: 'Téléphone',
  description: 'Bio',
  submit: 'Valider',
  firstNameRequired: 'Veuillez renseigner votre prénom',
  usernameRequired: 'Veuillez renseigner votre pseudo',
  updated: 'Votre profil a été mis à jour',
  deleteAccount: 'Supprimer mon compte',
  deleteFirst: 'Voulez-vous vraiment supprimer votre compte ?',
  deleteSecond: 'Attention la suppression est définitive, êtes-vous sûr ?',
  deleteFailed: (error: string) => `Une erreur est survenue : ${error}`,
  deletePassword: 'Votre mot de passe',
  deletePasswordHint: 'Pour confirmer, saisissez à nouveau votre mot de passe (laissez vide si vous vous connectez avec Google).',
} as const;

export const SECURITY_TEXT = {
  title: 'Sécurité',
  formTitle: 'Changer de mot de passe',
  previous: 'Mot de passe actuel',
  next: 'Nouveau mot de passe',
  again: 'Confirmer le nouveau mot de passe',
  submit: 'Modifier le mot de passe',
  allRequired: 'Ces 3 champs sont requis',
  mismatch: 'Les deux nouveaux mot de passe ne sont pas identiques',
  changed: 'Votre mot de passe a été modifié',
  sessionsTitle: 'Sessions',
  sessionsHint: 'Un appareil perdu, un ordinateur partagé ? Fermez toutes les sessions ouvertes avec votre compte, celle-ci comprise.',
  signOutEverywhere: 'Se déconnecter de tous les appareils',
  signOutEverywhereQuestion: 'Fermer toutes vos sessions ? Vous devrez vous reconnecter sur chaque appareil, celui-ci compris.',
  signOutEverywhereFailed: (reason: string) => `Les sessions n'ont pas pu être fermées : ${reason}`,
} as const;

export const CONTACT_TEXT = {
  title: 'Contact',
  subject: 'Sujet',
  chooseSubject: 'Choisissez un sujet',
  name: 'Nom',
  email: 'E-mail',
  message: 'Message',
  lockedNote: 'Le nom et l’e-mail sont ceux de votre compte : l’équipe vous répondra à cette adresse.',
  send: 'Envoyer',
  sending: 'Envoi…',
  sent: 'Votre message a bien été envoyé',
} as const;

export const NOTIFICATION_SETTINGS_TEXT = {
  title: 'Préférences de notification',
  loading: 'Chargement…',
  channels: { mobile: 'Mobile', mail: 'E-mail', web: 'Web' },
  /** The matrix's first column: the kind of event each row is about. */
  eventColumn: 'Notification',
  general: 'Notifications générales',
  room: (name: string) => `Room ${name}`,
  global: {
    'private-message': 'Message privé',
    like: 'J’aime sur mes messages',
    thread: 'Réponse dans un fil de discussion',
    'commented-too': 'Commentaire sur une notification que j’ai commentée',
    'mentioned-you': 'Mention de mon pseudo',
    'new-post': 'Nouvelle publication',
  },
  coaches: 'Coachs suivis',
  coachesHint: 'Suivez un coach pour être prévenu de ses publications.',
  save: 'Enregistrer',
  saved: 'Mise à jour effectuée',
} as const;

export const THANKS_TEXT = {
  title: 'Bienvenue sur Comptoir !',
  countdown: (seconds: number) => `Redirection vers votre tableau de bord dans ${seconds} s.`,
  goNow: 'Accéder au tableau de bord',
} as const;

export const STRIPE_CONNECT_TEXT = {
  title: 'Compte de paiement',
  linking: 'Liaison de votre compte de paiement…',
  linked: 'Votre compte de paiement est lié : vos gains de parrainage y seront versés.',
  toReferral: 'Voir mon parrainage',
} as const;

export const GOOGLE_CALLBACK_TEXT = {
  title: 'Connexion Google',
  pending: 'Connexion en cours…',
  failed: 'Connexion Google impossible',
} as const;
