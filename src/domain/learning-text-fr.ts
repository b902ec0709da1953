/**
 * The formations pages' own French text (catalogue, player, certificate): the spec's words are in
 * `formation-text-fr.ts`; these are ours, for what the spec leaves unnamed.
 */
export const LEARNING_TEXT = {
  /** Spec 3 §2 (replays, reused for an empty formation category). */
  emptyCategory: 'Pas de contenus dans cette catégorie',
  categories: 'Catégories de formations',
  lockedCategory: 'Vous n’avez pas accès à cette catégorie',
  seeOffers: 'Voir les abonnements',
  loading: 'Chargement des formations…',
  noCategories: 'Aucune formation pour le moment.',
  /** The quiz needs the server (it scores it): said when the network is away. */
  quizOffline: 'Hors ligne : le quiz sera à soumettre au retour du réseau.',
  chapterText: 'Texte du chapitre',
  videoOf: (name: string) => `Vidéo : ${name}`,
  completed: 'Formation terminée',
  yourScore: 'Votre score',
  seeCertificate: 'Voir le certificat',
  backToCourse: 'Retour à la formation',
  certificateUnavailable: 'Le certificat sera disponible une fois la formation terminée.',
  retry: 'Réessayer',
} as const;
