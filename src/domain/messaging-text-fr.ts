/**
 * French text of the private messaging, the profile panel, the blocked users page and the voice
 * notes (spec 2 §2, §5, §8; spec 3 §2, §8), exactly as the specs write it where they name it.
 */
export const MESSAGING_TEXT = {
  title: 'Messagerie',
  close: 'Fermer la messagerie',
  conversations: 'Conversations',
  searchContact: 'Rechercher un contact',
  searchResults: 'Contacts trouvés',
  noContact: 'Aucun membre trouvé',
  contactSupport: 'Contacter le support',
  empty: "Vous n'avez pas encore commencé de conversation, cherchez un contact pour en commencer une",
  loadMore: 'Charger plus de données...',
  back: 'Retour',
  unread: (n: number) => `${n} message${n > 1 ? 's' : ''} non lu${n > 1 ? 's' : ''}`,
  attachmentOnly: 'Pièce jointe',
  noMessageYet: 'Écrivez votre premier message.',
  coachNote:
    "Ce coach ne répond pas aux demandes de support. Pour toute question sur votre compte ou votre abonnement, utilisez le formulaire de contact ou la messagerie du support.",
  supportNote: "Pour une demande non urgente, merci d'utiliser le formulaire de contact.",
  contactForm: 'Formulaire de contact',
  blockedChat: 'Vous ne pouvez pas écrire à ce membre.',
  /** The top bar badge's label. */
  unreadConversations: (n: number) => `${n} conversation${n > 1 ? 's' : ''} non lue${n > 1 ? 's' : ''}`,
} as const;

export const PROFILE_TEXT = {
  title: (username: string) => `Profil de ${username}`,
  close: 'Fermer le profil',
  loading: 'Chargement du profil…',
  message: 'Message',
  follow: 'Suivre',
  unfollow: 'Ne plus suivre',
  block: 'Bloquer',
  unblock: 'Débloquer',
  report: 'Signaler',
  reportQuestion: 'Confirmez-vous le signalement de cette utilisateur ?',
  reportThanks: "Merci votre signalement. Nous allons analyser le profil de l'utilisateur.",
  notFound: "Ce profil n'existe pas",
  error: 'Une erreur est survenue',
  you: 'vous',
} as const;

export const BLOCKED_TEXT = {
  title: 'Utilisateurs bloqués',
  empty: "Vous n'avez aucun utilisateur bloqué",
  unblock: 'Débloquer',
  unblocked: (name: string) => `${name} a été débloqué`,
  since: (date: string) => `Bloqué le ${date}`,
} as const;

export const VOICE_TEXT = {
  record: 'Enregistrer un message vocal',
  requesting: 'Autorisation du micro…',
  recording: 'Enregistrement en cours',
  save: 'Terminer l’enregistrement',
  cancel: 'Annuler l’enregistrement',
  finishing: 'Finalisation…',
  uploading: 'Envoi de la note vocale',
  retry: 'Réessayer',
  discard: 'Supprimer la note vocale',
  fileName: (elapsed: string) => `note-vocale-${elapsed.replace(':', '-')}.webm`,
} as const;

export const AUDIO_TEXT = {
  play: 'Lire la note vocale',
  pause: 'Mettre en pause',
  speed: (rate: number) => `Vitesse de lecture : ${String(rate).replace('.', ',')}x`,
  time: 'Position de lecture',
} as const;
