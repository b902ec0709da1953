/** The formations' French text (spec 3 §2, §4, §5, §8), exactly as the spec writes it where it names one. */
export const FORMATION_TEXT = {
  pageTitle: 'Formations',
  /** Spec 3 §2: the card's action by steps done. */
  start: 'Commencer',
  resume: 'Continuer',
  review: 'Revoir',
  /** Spec 3 §4: the step's button. */
  validateCourse: 'Valider le cours',
  validateQuiz: 'Valider le quiz',
  /** Spec 3 §5, §8: the quiz step before the other steps are validated. */
  quizLocked: 'Vous devez valider tous les cours du chapitre avant de faire le quiz',
  /** Spec 3 §5: the browser confirmation before submitting. */
  confirmQuiz: 'Confirmez-vous la soumission du quizz ? Vos réponses ne pourront être modifiées par la suite',
  /** Spec 3 §5: 'score/20'. */
  score: (score: number) => `${score}/20`,
  /** Spec 3 §2: categories 2, 5 and 6. */
  discoverOffers: 'Découvrir nos offres',
  primePrompt: 'Cette formation fait partie de la formation Prime : retrouvez l’offre Prime dans vos abonnements (Profil › Abonnements).',
  /** Spec 3 §2: the other non-free categories (the spec does not show this prompt's details). */
  lockedPrompt: 'Cette formation est réservée aux abonnés. Découvrez les offres qui l’incluent.',
  backToFormations: 'Retour aux formations',
  /** Spec 3 §2, §8. */
  unknownFormation: 'Erreur: Formation non existante',
  quizTitle: 'Quiz',
  correctAnswer: 'Bonne réponse',
  wrongAnswer: 'Mauvaise réponse',
  stepOf: (step: number, total: number) => `Étape ${step} sur ${total}`,
  /** 'score/20' as a member reads it: French decimals ('13,33/20'). */
  scoreShown: (score: number) => `${score.toLocaleString('fr-FR', { maximumFractionDigits: 2 })}/20`,
  /** The confirmation's answers (spec 3 §5 names a browser confirmation: its OK / Annuler, in words). */
  confirm: 'Confirmer',
  cancel: 'Annuler',
  steps: 'Étapes de la formation',
  stepsDone: (done: number, total: number) => `${done} étape${done > 1 ? 's' : ''} sur ${total} validée${done > 1 ? 's' : ''}`,
  stepDone: 'validée',
  stepLocked: 'verrouillé',
  yourAnswer: 'Votre réponse',
  quizScore: 'Note au quiz',
  certificateTitle: 'Certificat de réussite',
  awardedTo: 'décerné à',
  forFormation: 'pour avoir suivi la formation',
  awardedOn: (date: string) => `Le ${date}`,
  print: 'Imprimer',
} as const;

/**
 * Why the server refuses a progress update, in the member's words; the server answers them as
 * `{ error }` (status in `FORMATION_ERROR_STATUS`), the client shows them as they come.
 */
export const FORMATION_ERRORS = {
  unknownFormation: FORMATION_TEXT.unknownFormation,
  locked: 'Cette formation n’est pas incluse dans vos abonnements.',
  unknownStep: 'Étape inconnue pour cette formation.',
  unknownChapter: 'Chapitre inconnu dans cette formation.',
  quizLocked: FORMATION_TEXT.quizLocked,
  answersRequired: 'Les réponses du quiz sont requises pour le valider.',
  answersWithoutQuiz: 'Les réponses ne s’envoient qu’avec la validation du quiz.',
  unknownQuestion: 'Réponse à une question inconnue du quiz.',
  repeatedQuestion: 'Une question du quiz a été répondue deux fois.',
  unknownAnswer: 'Réponse inconnue pour une question du quiz.',
  quizAlreadySubmitted: 'Ce quiz a déjà été soumis : vos réponses ne peuvent plus être modifiées.',
  videoMissing: 'Vidéo introuvable.',
} as const;
export type FormationError = keyof typeof FORMATION_ERRORS;

/** 400 a payload that cannot be right, 403 a locked category, 404 nothing there, 409 the progress's state refuses it. */
export const FORMATION_ERROR_STATUS: Record<FormationError, 400 | 403 | 404 | 409> = {
  unknownFormation: 404,
  locked: 403,
  unknownStep: 400,
  unknownChapter: 400,
  quizLocked: 409,
  answersRequired: 400,
  answersWithoutQuiz: 400,
  unknownQuestion: 400,
  repeatedQuestion: 400,
  unknownAnswer: 400,
  quizAlreadySubmitted: 409,
  videoMissing: 404,
};
