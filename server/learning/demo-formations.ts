import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { StoredCategory, StoredFormation } from './formation-documents';

/*
 * The demo catalogue (DESIGN.md "Demo data"): one free category, two VIP ones and the three Prime
 * categories of spec 3 §6 (2, 5, 6). Coaches (subscription 6) open every category. Ids are stable:
 * chapter ids are formation × 10 + k, question ids formation × 100 + k, answer ids question × 10 + k.
 */

const COACH = SUBSCRIPTION.MODERATOR;

export const DEMO_FORMATION_CATEGORIES: StoredCategory[] = [
  { id: 1, title: 'Les fondamentaux', ordre: 1, subscriptions: [] },
  { id: 3, title: 'Analyse technique', ordre: 2, subscriptions: [SUBSCRIPTION.VIP, COACH] },
  { id: 4, title: 'Psychologie du trader', ordre: 3, subscriptions: [SUBSCRIPTION.VIP, COACH] },
  { id: 2, title: 'Prime : portefeuille long terme', ordre: 4, subscriptions: [SUBSCRIPTION.PRIME, COACH] },
  { id: 5, title: 'Prime : stratégies avancées', ordre: 5, subscriptions: [SUBSCRIPTION.PRIME, COACH] },
  { id: 6, title: 'Prime : masterclass', ordre: 6, subscriptions: [SUBSCRIPTION.PRIME, COACH] },
];

/** The demo videos of `server/demo-media` (made by `tools/make-demo-videos.ts`). */
export const DEMO_VIDEOS = ['chapitre-1.webm', 'chapitre-2.webm', 'chapitre-3.webm', 'chapitre-4.webm'] as const;

type ChapterDraft = { name: string; video?: boolean; text?: string };
type QuestionDraft = { question: string; answers: string[]; right: number[] };
type FormationDraft = { id: number; categoryId: number; title: string; description: string; chapters: ChapterDraft[]; quiz: QuestionDraft[] | null };

const DRAFTS: FormationDraft[] = [
  {
    id: 1,
    categoryId: 1,
    title: 'Débuter en trading : les bases',
    description: 'Marchés, ordres, effet de levier : tout ce qu’il faut savoir avant de passer son premier ordre.',
    chapters: [
      { name: 'Bienvenue dans la formation', video: true },
      {
        name: 'Les marchés et leurs horaires',
        text: 'Le Forex est ouvert 24 heures sur 24, du dimanche soir au vendredi soir. Trois sessions rythment la journée : Tokyo, Londres et New York. Le chevauchement de Londres et New York, de 14h à 17h (heure de Paris), concentre la plus grande partie des volumes.\n\nLes indices (CAC 40, DAX, S&P 500, Nasdaq) suivent les horaires de leur bourse, avec des séances étendues sur les contrats à terme. Les cryptomonnaies, elles, ne ferment jamais.\n\nRetenez qu’un marché liquide offre des écarts (spreads) faibles : tradez de préférence aux heures où votre actif est le plus échangé.',
      },
      {
        name: 'Types d’ordres : marché, limite et stop',
        video: true,
        text: 'Un ordre au marché s’exécute immédiatement au meilleur prix disponible. Un ordre limite attend un prix plus favorable que le cours actuel ; un ordre stop se déclenche quand le cours franchit un niveau moins favorable, ce qui sert à entrer sur une cassure ou à couper une perte.\n\nChaque position doit avoir un stop de protection posé dès l’entrée.',
      },
    ],
    quiz: [
      { question: 'Quel ordre s’exécute immédiatement au meilleur prix disponible ?', answers: ['Un ordre limite', 'Un ordre au marché', 'Un ordre stop'], right: [1] },
      { question: 'Quelles sessions se chevauchent l’après-midi, heure de Paris ?', answers: ['Tokyo et Sydney', 'Londres et New York', 'Tokyo et Londres'], right: [1] },
      { question: 'Quels marchés sont ouverts le week-end ?', answers: ['Les cryptomonnaies', 'Le Forex', 'Le CAC 40'], right: [0] },
      { question: 'À quoi sert un ordre stop ? (plusieurs réponses)', answers: ['Couper une perte', 'Entrer sur une cassure', 'Obtenir un meilleur prix que le cours actuel'], right: [0, 1] },
    ],
  },
  {
    id: 2,
    categoryId: 1,
    title: 'Lire un graphique en chandeliers',
    description: 'Comprendre ce que raconte chaque bougie et reconnaître les figures les plus fiables.',
    chapters: [
      { name: 'Anatomie d’une bougie', video: true },
      {
        name: 'Les figures de retournement',
        text: 'Le marteau apparaît en bas de tendance : un petit corps et une longue mèche basse montrent que les vendeurs ont été repoussés. Son inverse, l’étoile filante, se forme en haut de tendance.\n\nL’avalement (engulfing) haussier voit une bougie verte englober entièrement le corps de la bougie rouge précédente. Il gagne en fiabilité sur un support et avec des volumes en hausse.\n\nUne figure seule ne suffit jamais : attendez la clôture de la bougie et cherchez une confluence avec un niveau clé.',
      },
      { name: 'Choisir son unité de temps', video: true, text: 'Commencez par l’unité de temps supérieure (journalier, H4) pour lire la tendance, puis descendez en H1 ou M15 pour affiner l’entrée.' },
    ],
    quiz: [
      { question: 'Que montre la longue mèche basse d’un marteau ?', answers: ['Les acheteurs ont été repoussés', 'Les vendeurs ont été repoussés', 'Le marché est fermé'], right: [1] },
      { question: 'Quand une figure de chandelier est-elle plus fiable ? (plusieurs réponses)', answers: ['Sur un support ou une résistance', 'Avec des volumes en hausse', 'Avant la clôture de la bougie'], right: [0, 1] },
      { question: 'Par quelle unité de temps commencer l’analyse ?', answers: ['La plus petite', 'L’unité de temps supérieure'], right: [1] },
    ],
  },
  {
    id: 3,
    categoryId: 1,
    title: 'Gestion du risque : protéger son capital',
    description: 'La règle du 1 %, le calcul de la taille de position et le ratio risque/rendement.',
    chapters: [
      {
        name: 'La règle du 1 %',
        text: 'Ne risquez jamais plus de 1 % de votre capital sur un seul trade. Avec 10 000 €, la perte maximale acceptée est de 100 €.\n\nAinsi, même une série de dix pertes consécutives ne coûte qu’environ 10 % du compte : vous restez en mesure de trader le lendemain.',
      },
      {
        name: 'Calculer la taille de position',
        video: true,
        text: 'Taille de position = montant risqué ÷ distance au stop. Si vous risquez 100 € avec un stop à 50 points valant 1 € le point par lot de 1, vous pouvez prendre 2 lots.',
      },
      {
        name: 'Le ratio risque/rendement',
        text: 'Visez des trades dont l’objectif rapporte au moins deux fois le risque (ratio 1:2). Avec ce ratio, un taux de réussite de 40 % suffit à être rentable.\n\nCalculez le ratio avant d’entrer, jamais après.',
      },
      { name: 'Le stop suiveur', video: true },
    ],
    quiz: [
      { question: 'Avec 10 000 € de capital, quelle perte maximale par trade la règle du 1 % autorise-t-elle ?', answers: ['10 €', '100 €', '1 000 €'], right: [1] },
      { question: 'Comment calcule-t-on la taille de position ?', answers: ['Montant risqué ÷ distance au stop', 'Capital × levier', 'Objectif ÷ stop'], right: [0] },
      { question: 'Avec un ratio 1:2, quel taux de réussite suffit pour être rentable ?', answers: ['20 %', '40 %', '70 %'], right: [1] },
      { question: 'Quand faut-il poser son stop ? (plusieurs réponses)', answers: ['Dès l’entrée en position', 'Quand la perte devient gênante', 'Avant même de passer l’ordre, dans son plan'], right: [0, 2] },
    ],
  },
  {
    id: 4,
    categoryId: 3,
    title: 'Price action : supports et résistances',
    description: 'Tracer les niveaux qui comptent et trader leurs cassures et leurs rejets.',
    chapters: [
      { name: 'Tracer un support', video: true },
      {
        name: 'Le changement de polarité',
        text: 'Une résistance cassée devient souvent un support, et inversement. Ce changement de polarité offre une entrée à faible risque sur le retour du prix (pullback) vers le niveau cassé.\n\nUn niveau est d’autant plus solide qu’il a été touché plusieurs fois et qu’il se voit sur plusieurs unités de temps.',
      },
      { name: 'Fausses cassures', video: true, text: 'Une cassure sans volume, qui réintègre le range à la clôture, est une fausse cassure : elle piège les traders entrés trop tôt.' },
    ],
    quiz: [
      { question: 'Que devient souvent une résistance cassée ?', answers: ['Un support', 'Une tendance', 'Rien de particulier'], right: [0] },
      { question: 'Qu’est-ce qui rend un niveau solide ? (plusieurs réponses)', answers: ['Plusieurs contacts', 'Visible sur plusieurs unités de temps', 'Tracé sur une seule bougie'], right: [0, 1] },
      { question: 'Quels signes trahissent une fausse cassure ? (plusieurs réponses)', answers: ['Pas de volume', 'Réintégration du range à la clôture', 'Clôture franche au-delà du niveau'], right: [0, 1] },
    ],
  },
  {
    id: 5,
    categoryId: 3,
    title: 'Tendances et structures de marché',
    description: 'Sommets, creux et cassures de structure : lire la tendance sans indicateur.',
    chapters: [
      { name: 'Sommets et creux', video: true },
      {
        name: 'La cassure de structure',
        text: 'Une tendance haussière enchaîne des sommets et des creux de plus en plus hauts. Le premier creux plus bas casse la structure : c’est une alerte, pas encore un retournement.\n\nAttendez un sommet plus bas pour confirmer le changement de tendance.',
      },
    ],
    quiz: [
      { question: 'Qu’enchaîne une tendance haussière ?', answers: ['Des sommets et des creux plus hauts', 'Des sommets plus bas', 'Des creux plus bas'], right: [0] },
      { question: 'Que confirme un sommet plus bas après une cassure de structure ?', answers: ['La poursuite de la hausse', 'Le changement de tendance'], right: [1] },
    ],
  },
  {
    id: 6,
    categoryId: 3,
    title: 'Indicateurs : RSI, MACD et moyennes mobiles',
    description: 'Trois indicateurs classiques, leurs réglages et leurs pièges.',
    chapters: [
      { name: 'Les moyennes mobiles', video: true, text: 'La moyenne mobile à 200 périodes sépare les marchés haussiers des marchés baissiers aux yeux de nombreux intervenants.' },
      { name: 'Le RSI et ses divergences', text: 'Le RSI oscille entre 0 et 100. Au-dessus de 70 le marché est dit suracheté, sous 30 survendu.\n\nUne divergence apparaît quand le prix fait un nouveau sommet alors que le RSI n’en fait pas : l’élan s’essouffle.' },
      { name: 'Le MACD', video: true },
    ],
    quiz: [
      { question: 'Au-dessus de quel niveau le RSI signale-t-il un marché suracheté ?', answers: ['30', '50', '70'], right: [2] },
      { question: 'Qu’est-ce qu’une divergence ?', answers: ['Prix et indicateur vont dans le même sens', 'Le prix fait un nouveau sommet, pas l’indicateur'], right: [1] },
      { question: 'Quelle moyenne mobile est la plus suivie pour la tendance de fond ?', answers: ['20 périodes', '200 périodes'], right: [1] },
    ],
  },
  {
    id: 7,
    categoryId: 4,
    title: 'Psychologie : discipline et biais',
    description: 'Peur, avidité, revanche : reconnaître ses biais pour ne plus les subir.',
    chapters: [
      { name: 'Les émotions du trader', video: true },
      {
        name: 'Les biais cognitifs',
        text: 'Le biais de confirmation pousse à ne voir que les informations qui donnent raison à notre position. L’aversion à la perte fait garder trop longtemps les trades perdants et couper trop tôt les gagnants.\n\nLe trading de revanche, après une perte, consiste à reprendre aussitôt une position plus grosse pour « se refaire » : c’est la première cause des grosses séances perdantes.',
      },
      { name: 'Une routine avant chaque séance', text: 'Relisez votre plan, notez les annonces économiques du jour, fixez la perte maximale de la séance et arrêtez-vous quand elle est atteinte.' },
    ],
    quiz: [
      { question: 'Que fait l’aversion à la perte ? (plusieurs réponses)', answers: ['Garder trop longtemps les perdants', 'Couper trop tôt les gagnants', 'Respecter ses stops'], right: [0, 1] },
      { question: 'Que faire quand la perte maximale de la séance est atteinte ?', answers: ['Doubler la taille pour se refaire', 'Arrêter de trader pour la journée'], right: [1] },
      { question: 'Comment appelle-t-on le fait de ne voir que ce qui nous donne raison ?', answers: ['Le biais de confirmation', 'L’effet de levier', 'La diversification'], right: [0] },
    ],
  },
  {
    id: 8,
    categoryId: 4,
    title: 'Le journal de trading',
    description: 'Noter, mesurer, progresser : tenir un journal qui sert vraiment.',
    chapters: [
      { name: 'Que noter ?', text: 'Pour chaque trade : la date, l’actif, le sens, le prix d’entrée, le stop, l’objectif, la taille, le résultat et une capture du graphique. Ajoutez votre état d’esprit : fatigué, confiant, pressé.' },
      { name: 'Analyser ses statistiques', video: true },
    ],
    quiz: [
      { question: 'Que faut-il noter pour chaque trade ? (plusieurs réponses)', answers: ['Le stop et l’objectif', 'Son état d’esprit', 'La météo'], right: [0, 1] },
      { question: 'À quoi sert le journal ?', answers: ['À mesurer et corriger ses erreurs', 'À rien, seul le résultat compte'], right: [0] },
    ],
  },
  {
    id: 9,
    categoryId: 2,
    title: 'Allocation d’actifs et macroéconomie',
    description: 'Construire un portefeuille long terme qui résiste aux cycles économiques.',
    chapters: [
      { name: 'Les cycles économiques', video: true },
      { name: 'L’or comme couverture', text: 'L’or protège le portefeuille quand les taux réels baissent et lors des crises de confiance envers les banques centrales. Une part de 10 à 20 % est courante dans une allocation défensive.' },
      { name: 'Rééquilibrer son portefeuille', video: true },
    ],
    quiz: [
      { question: 'Quand l’or protège-t-il le portefeuille ? (plusieurs réponses)', answers: ['Quand les taux réels baissent', 'Lors d’une crise de confiance', 'Quand les taux réels montent fortement'], right: [0, 1] },
      { question: 'Pourquoi rééquilibrer un portefeuille ?', answers: ['Revenir à l’allocation cible', 'Suivre le dernier actif à la mode'], right: [0] },
    ],
  },
  {
    id: 10,
    categoryId: 5,
    title: 'Trader les annonces économiques',
    description: 'CPI, NFP, décisions de taux : se préparer à la volatilité des annonces.',
    chapters: [
      { name: 'Le calendrier économique', text: 'Les annonces à fort impact (CPI, NFP, décisions de la Fed et de la BCE) font bouger les indices et les devises en quelques secondes. Repérez-les chaque matin et réduisez votre taille ou restez à l’écart juste avant.' },
      { name: 'Stratégie après l’annonce', video: true },
    ],
    quiz: [
      { question: 'Quelles annonces sont à fort impact ? (plusieurs réponses)', answers: ['Le CPI américain', 'Le NFP', 'La météo à Paris'], right: [0, 1] },
      { question: 'Que faire juste avant une annonce majeure ?', answers: ['Augmenter sa taille', 'Réduire sa taille ou rester à l’écart'], right: [1] },
    ],
  },
  {
    id: 11,
    categoryId: 6,
    title: 'Construire son plan de trading',
    description: 'La masterclass : de vos objectifs à des règles écrites que vous suivez chaque jour.',
    chapters: [
      { name: 'Définir ses objectifs', video: true },
      { name: 'Écrire ses règles', text: 'Un plan écrit répond à quatre questions : quoi trader, quand entrer, où sortir (stop et objectif) et combien risquer. Tant qu’une règle n’est pas écrite, elle n’existe pas.' },
      { name: 'Tester et ajuster', video: true, text: 'Testez le plan sur l’historique, puis en compte démo pendant au moins vingt trades avant de l’appliquer avec de l’argent réel.' },
    ],
    quiz: [
      { question: 'À quelles questions répond un plan de trading ? (plusieurs réponses)', answers: ['Quoi trader', 'Combien risquer', 'Quel broker a la plus belle publicité'], right: [0, 1] },
      { question: 'Combien de trades en démo avant de passer en réel ?', answers: ['Aucun', 'Au moins vingt'], right: [1] },
    ],
  },
];

export const DEMO_FORMATIONS: StoredFormation[] = DRAFTS.map((draft, index) => ({
  id: draft.id,
  categoryId: draft.categoryId,
  ordre: index + 1,
  title: draft.title,
  description: draft.description,
  chapitres: draft.chapters.map((chapter, k) => ({
    id: draft.id * 10 + k + 1,
    name: chapter.name,
    video: chapter.video ? DEMO_VIDEOS[k % DEMO_VIDEOS.length]! : null,
    text: chapter.text ?? null,
  })),
  quiz: draft.quiz && {
    id: draft.id,
    name: `Quiz : ${draft.title}`,
    questions: draft.quiz.map((question, k) => {
      const questionId = draft.id * 100 + k + 1;
      return {
        id: questionId,
        question: question.question,
        answers: question.answers.map((answer, j) => ({ id: questionId * 10 + j + 1, answer, isCorrect: question.right.includes(j) })),
      };
    }),
  },
}));
