import { LIFE_PAGE_SLUG, type LandingPage, type SocialMedia } from '../../src/contract/landing';
import { articleMediaPath } from './article-media';

/*
 * The socials and the landing pages of the demo (spec 3 §2 "Socials", "Landing content"): stored
 * as content entries ('social', 'landingPage') and decoded by the contract when read. The life
 * page (`/life`) holds a section of every kind.
 */

/** The twitter one is flagged on the page (spec 3 §2); pictures are the generated covers. */
export const DEMO_SOCIALS: readonly SocialMedia[] = [
  {
    id: 1,
    title: 'twitter',
    description: 'Nos analyses express, les niveaux du jour et les alertes de marché en temps réel.',
    link: 'https://x.com/comptoir_trading',
    type: 'twitter',
    picture: null,
  },
  {
    id: 2,
    title: 'youtube',
    description: 'Les replays choisis de nos lives, des formations gratuites et nos analyses de la semaine.',
    link: 'https://www.youtube.com/@comptoir-trading',
    type: 'youtube',
    picture: null,
  },
  {
    id: 3,
    title: 'instagram',
    description: 'Les coulisses de l’école, nos rencontres entre membres et une idée de trading par jour.',
    link: 'https://www.instagram.com/comptoir.trading',
    type: 'instagram',
    picture: null,
  },
  {
    id: 4,
    title: 'tiktok',
    description: 'Une notion de trading expliquée en une minute : levier, stop, spread, drawdown…',
    link: 'https://www.tiktok.com/@comptoir.trading',
    type: 'tiktok',
    picture: null,
  },
  {
    id: 5,
    title: 'telegram',
    description: 'Le canal d’annonces : début des lives, nouveaux replays et actualités de l’école.',
    link: 'https://t.me/comptoir_trading',
    type: 'telegram',
    picture: null,
  },
  {
    id: 6,
    title: 'discord',
    description: 'Le serveur de la communauté pour échanger entre membres après les lives.',
    link: 'https://discord.gg/comptoir-trading',
    type: 'discord',
    picture: null,
  },
  {
    id: 7,
    title: 'linkedin',
    description: 'Les actualités de l’entreprise, nos recrutements et nos partenariats.',
    link: 'https://www.linkedin.com/company/comptoir-trading',
    type: 'linkedin',
    picture: null,
  },
  {
    id: 8,
    title: 'facebook',
    description: 'Le groupe historique de Comptoir : événements, questions et entraide.',
    link: 'https://www.facebook.com/comptoir.trading',
    type: 'facebook',
    picture: null,
  },
];

/** Content entry ids of the demo pages; the life page is 1. */
export const DEMO_LANDING_PAGES: readonly (LandingPage & { id: number })[] = [
  {
    id: 1,
    slug: LIFE_PAGE_SLUG,
    title: 'La vie de Comptoir',
    sections: [
      {
        kind: 'hero',
        title: 'La vie de Comptoir',
        subtitle: 'Une école de trading, c’est d’abord une équipe et une communauté : voici ce qui s’y passe.',
      },
      {
        kind: 'richtext',
        richtext:
          '<p>Depuis 2019, Comptoir réunit des traders de tous niveaux autour d’une idée simple : <strong>apprendre ensemble, avec méthode</strong>. Chaque jour de bourse commence par un live à 8h45, chaque semaine se termine par un bilan collectif, et chaque trimestre nous nous retrouvons en vrai.</p><p>Cette page rassemble nos rendez-vous, l’équipe qui vous accompagne et ce que la communauté construit.</p>',
      },
      {
        kind: 'leftRight',
        title: 'Une semaine à Comptoir',
        richtextLeft:
          '<h3>Les rendez-vous fixes</h3><ul><li><strong>Du lundi au vendredi, 8h45</strong> : le live d’ouverture des marchés européens.</li><li><strong>Mardi et jeudi, 14h</strong> : le live Forex avec Sophie.</li><li><strong>Mercredi, 19h</strong> : l’atelier débutants.</li><li><strong>Vendredi, 18h</strong> : le bilan de la semaine.</li></ul>',
        richtextRight:
          '<h3>Entre deux lives</h3><p>Les salons restent ouverts toute la journée : on y partage ses analyses, on pose ses questions aux coachs et on relit ensemble les trades de la veille.</p><blockquote><p>« Ce qui m’a fait progresser, c’est de voir les autres expliquer leurs erreurs. » — Léa, membre depuis 2022</p></blockquote>',
      },
      {
        kind: 'cards',
        title: 'Nos prochains événements',
        cards: [
          {
            picture: articleMediaPath('rencontre-lyon.svg'),
            title: 'Rencontre à Lyon',
            text: 'Samedi 14 juin : ateliers, live en public et apéritif avec l’équipe. 80 places.',
            href: '/news/rencontre-comptoir-a-lyon-inscriptions-ouvertes',
            buttonText: 'Lire l’annonce',
          },
          {
            picture: articleMediaPath('atelier-debutants.svg'),
            title: 'Ateliers débutants',
            text: 'Chaque mercredi à 19h, une notion expliquée pas à pas, questions comprises.',
            href: '/formation',
            buttonText: 'Voir les formations',
          },
          {
            picture: articleMediaPath('communaute-discord.svg'),
            title: 'Challenge d’été',
            text: 'Quatre semaines en compte de démonstration, une règle : 1 % de risque par position.',
            href: '/news/challenge-de-printemps-les-resultats',
            buttonText: 'Résultats du printemps',
          },
        ],
      },
      {
        kind: 'feature',
        title: 'Ce qui fait Comptoir',
        features: [
          { title: 'Des coachs qui tradent', text: 'Cinq coachs et analystes présentent leurs positions en direct, gains comme pertes.' },
          { title: 'Une méthode commune', text: 'Plan de trading, 1 % de risque et journal : les mêmes règles pour tous, dès le premier jour.' },
          { title: 'Une communauté bienveillante', text: 'Plus de 3 000 membres, une modération présente et zéro promesse de gain facile.' },
          { title: 'Des rencontres en vrai', text: 'Une rencontre par trimestre, à Paris, Lyon ou Bordeaux.' },
        ],
      },
      {
        kind: 'cards',
        title: 'L’équipe',
        cards: [
          { picture: null, title: 'Camille Durand', text: 'Coach, analyse technique. Présente le live d’ouverture.', href: null, buttonText: null },
          { picture: null, title: 'Hugo Bernard', text: 'Analyste macro et indices. Le bilan du vendredi, c’est lui.', href: null, buttonText: null },
          { picture: null, title: 'Sophie Marchand', text: 'Analyste Forex, ancienne trader en salle de marché.', href: null, buttonText: null },
          { picture: null, title: 'Julien Roux', text: 'Spécialiste crypto, on-chain et produits dérivés.', href: null, buttonText: null },
          { picture: null, title: 'Nadia Benali', text: 'Coach en psychologie du trading.', href: null, buttonText: null },
        ],
      },
    ],
  },
  {
    id: 2,
    slug: 'accueil',
    title: 'Comptoir, l’école de trading',
    sections: [
      { kind: 'hero', title: 'Apprenez à trader avec méthode', subtitle: 'Des lives chaque matin, des formations complètes et une communauté qui avance avec vous.' },
      {
        kind: 'feature',
        title: 'Ce que vous trouverez',
        features: [
          { title: 'Lives quotidiens', text: 'Les marchés analysés et tradés en direct par nos coachs.' },
          { title: 'Replays', text: 'Toutes les séances, à revoir quand vous voulez.' },
          { title: 'Formations', text: 'Des bases à la gestion du risque, avec quiz et certificat.' },
          { title: 'Outils', text: 'Journal de trading, calculateur de position, indicateurs.' },
        ],
      },
      {
        kind: 'leftRight',
        title: 'Pour qui ?',
        richtextLeft: '<h3>Vous débutez</h3><p>Les formations et les ateliers du mercredi posent les bases, sans jargon.</p>',
        richtextRight: '<h3>Vous tradez déjà</h3><p>Les lives et les salons vous donnent un cadre et des retours sur vos trades.</p>',
      },
      {
        kind: 'cards',
        title: null,
        cards: [
          { picture: null, title: 'Créer un compte', text: 'L’inscription est gratuite : accédez aux salons et aux premières formations.', href: '/register-for-free', buttonText: 'S’inscrire' },
          { picture: null, title: 'La vie de Comptoir', text: 'Événements, équipe et communauté.', href: '/life', buttonText: 'Découvrir' },
        ],
      },
      { kind: 'richtext', richtext: '<p><small>Le trading comporte un risque de perte en capital. Les performances passées ne préjugent pas des performances futures.</small></p>' },
    ],
  },
];
