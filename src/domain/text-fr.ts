/**
 * The French text catalogue: every sentence the user reads, written exactly as the spec writes it,
 * so that views, tests and translators find one source.
 */
export const TEXT = {
  // Generic (spec 1 §8)
  requestFailed: 'Erreur lors de la requête',
  genericError: 'Une erreur est survenue',
  requiredField: 'Ce champs est requis',
  pageNotFound: 'Page introuvable',
  /** Ours: the title of a video embedded in rich content that came without one (an iframe needs a name). */
  embeddedVideo: 'Vidéo intégrée',
  /** Spec 3 §2, §6: subscription 6 with the beta key, beside the replay and news filters. */
  editNew: 'Edit new',
  storeUnavailable: "Impossible d'ouvrir l'application dans ce navigateur. Rechargez la page ; si cela se reproduit, fermez les autres onglets de Comptoir ou libérez de l'espace de stockage.",
  reload: 'Recharger la page',

  // Sign-in (spec 1 §2, §5, §8)
  invalidCredentials: 'Ces informations ne sont pas valides',
  signInTitle: 'Connexion',
  identifierLabel: 'E-mail ou pseudo',
  passwordLabel: 'Mot de passe',
  signInButton: 'Se connecter',
  forgotPasswordLink: 'Mot de passe oublié ?',
  backToSignIn: 'Retour à la connexion',
  /** A full-screen panel's way out on a phone. */
  back: 'Retour',
  forgotPasswordTitle: 'Mot de passe oublié',
  forgotPasswordEmailLabel: 'Adresse e-mail',
  forgotPasswordButton: 'Envoyer le lien',
  forgotPasswordEmailRequired: 'Veuillez entrer une adresse email valide',
  createAccountLink: 'Créer un compte',
  forgotPasswordSent: 'Un email vous a été envoyé pour réinitialiser votre mot de passe',
  resetFillAll: 'Veuillez remplir tout les champs',
  resetMismatch: 'Les mots de passe ne correspondent pas',
  resetFailed: 'Une erreur est survenue. Veuillez réessayer',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre',
  confirmInvalid: 'Code invalide',
  confirmDone: 'Votre compte a bien été confirmé ! Vous pouvez fermer cette fenêtre',
  googleSignIn: 'Se connecter avec Google',
  signingIn: 'Connexion…',
  or: 'ou',
  notMemberYet: 'Pas encore membre ?',
  resetTitle: 'Nouveau mot de passe',
  resetPassword: 'Nouveau mot de passe',
  resetConfirmation: 'Confirmer le mot de passe',
  resetSubmit: 'Enregistrer le mot de passe',
  confirmTitle: "Confirmation de l'e-mail",
  confirmPending: 'Vérification…',

  // Shell (spec 1 §2)
  logoutQuestion: 'Voulez-vous vraiment vous déconnecter ?',
  no: 'Non',
  yes: 'Oui',
  logout: 'Déconnexion',
  calendar: 'Calendrier',
  help: 'Aide',
  messaging: 'Messagerie',
  themeToLight: 'Passer au thème clair',
  themeToDark: 'Passer au thème sombre',
  firstSteps: 'Premiers pas',
  newNotification: 'Nouvelle notification',
  upsellVip: 'Devenir VIP',
  upsellLive: 'Passer au LIVE',
  liveAccess: 'Accéder',
  liveChooserTitle: 'Choisir un live',
  liveUnavailable: "Ce live n'a pas encore de lien d'accès.",
  noMessagingAccessTitle: 'Accès réservé',
  noMessagingAccess: 'La messagerie et les lives sont réservés aux membres abonnés.',
  seeOffers: 'Voir les offres',
  close: 'Fermer',
  emptyConversations:
    "Vous n'avez pas encore commencé de conversation, cherchez un contact pour en commencer une",
  calendarTitle: 'Calendrier des lives',
  mainNavigation: 'Navigation principale',
  socials: 'Réseaux sociaux',
  glossary: 'Glossaire',
  contact: 'Contact',
  myProfile: 'Mon profil',

  // Web notifications on /profil/notif (this browser's subscription; the preference is saved regardless)
  webPushAsking: 'Autorisez les notifications dans la fenêtre de votre navigateur…',
  webPushSubscribing: 'Activation des notifications Web sur ce navigateur…',
  webPushSubscribed: 'Les notifications Web sont activées sur ce navigateur.',
  webPushRefused:
    'Votre navigateur bloque les notifications de Comptoir : autorisez-les dans les réglages du site pour les recevoir. Votre choix reste enregistré.',
  webPushUnsupported: 'Ce navigateur ne permet pas de recevoir les notifications Web. Votre choix reste enregistré.',
  webPushFailed: "Les notifications Web n'ont pas pu être activées sur ce navigateur. Votre choix reste enregistré.",
} as const;
