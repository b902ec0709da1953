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
  progressLabel: (done: number, total: number) => `${done} étape${done > 1 ? 's' : ''} validée${done > 1 ? 's' : ''} sur ${total}`,
  /** The quiz needs the server (it scores it): said when the network is away. */
  quizOffline: 'Hors ligne : le quiz sera à soumettre au retour du réseau.',
  chapterText: 'Texte du chapitre',
  videoOf: (name: string) => `Vidéo : ${name}`,
  completed: 'Formation terminée',
  yourScore: 'Votre score',
  seeCertificate: 'Voir le certificat',
  certificateTitle: 'Certificat de réussite',
  print: 'Imprimer',
  backToCourse: 'Retour à la formation',
  certificateUnavailable: 'Le certificat sera disponible une fois la formation terminée.',
  steps: 'Étapes',
  stepDone: ' (validé)',
  retry: 'Réessayer',
  certifies: 'Ce certificat atteste que',
  finished: 'a suivi et terminé la formation',
  quizScore: 'Score au quiz :',
  onDate: (date: string) => `Le ${date}`,
  brand: 'Comptoir',
} as const;
