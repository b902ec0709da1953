import { ARTICLE_CATEGORY } from '../../src/contract/home-content';

/*
 * The demo content of issue 18 (DESIGN.md "Demo data"): the team, about thirty replays over the
 * last two months in five categories, the poll, landing articles (Morning Mood with its audio,
 * DailyBrief in HTML) and the platform tools. Dates are relative to the seeding instant.
 */

/** The replay categories, in display order (GraphQL `replayCategories`). */
export const REPLAY_CATEGORIES = ['Analyse technique', 'Forex', 'Indices', 'Crypto', 'Psychologie'] as const;

/** The question the home page asks (content entry 'poll' 1). */
export const DEMO_POLL_QUESTION = 'Comment évaluez-vous la séance de trading de cette semaine ?';

/** The Morning Mood articles' audio, served by the article audio route (the demo alerts' note). */
export const DEMO_ARTICLE_AUDIO = 'morning-mood.wav';

export type DemoTeamMember = { key: string; name: string; role: string; isPublic: boolean; priority: number };

/** Camille Durand presents the lives (seed.ts's planning); two members stay off the public list. */
export const DEMO_TEAM: readonly DemoTeamMember[] = [
  { key: 'camille', name: 'Camille Durand', role: 'Coach, analyse technique', isPublic: true, priority: 1 },
  { key: 'hugo', name: 'Hugo Bernard', role: 'Analyste macro et indices', isPublic: true, priority: 2 },
  { key: 'sophie', name: 'Sophie Marchand', role: 'Analyste Forex', isPublic: true, priority: 3 },
  { key: 'julien', name: 'Julien Roux', role: 'Spécialiste crypto', isPublic: true, priority: 4 },
  { key: 'nadia', name: 'Nadia Benali', role: 'Coach en psychologie du trading', isPublic: true, priority: 5 },
  { key: 'thomas', name: 'Thomas Lambert', role: 'Trader invité', isPublic: false, priority: 6 },
  { key: 'elodie', name: 'Élodie Fontaine', role: 'Modération et support', isPublic: false, priority: 7 },
];

type ReplayCategory = (typeof REPLAY_CATEGORIES)[number];
type ReplayTopic = { title: string; description: string };

/** Six replays per category, newest first; the category's usual presenter gives most of them. */
const REPLAY_TOPICS: Record<ReplayCategory, { author: string; topics: ReplayTopic[] }> = {
  'Analyse technique': {
    author: 'camille',
    topics: [
      { title: 'Supports et résistances en direct', description: 'Tracer les niveaux qui comptent sur le DAX et l’EUR/USD, puis les trader en direct avec un stop sous la zone.' },
      { title: 'Lecture des chandeliers japonais', description: 'Marteau, avalement, étoile du soir : quand un chandelier suffit-il à prendre position, et quand faut-il attendre ?' },
      { title: 'Les figures chartistes en pratique', description: 'Épaule-tête-épaule, triangles et drapeaux sur des cas réels de la semaine, avec les objectifs de cours.' },
      { title: 'Moyennes mobiles : croisements et pièges', description: 'La MM20 et la MM50 en tendance, et pourquoi leurs croisements trompent dans un marché en range.' },
      { title: 'Fibonacci sur le DAX', description: 'Retracements de 38,2 et 61,8 % : placer ses entrées sur un pullback et ses objectifs sur les extensions.' },
      { title: 'Divergences RSI : quand les suivre', description: 'Une divergence n’est pas un signal d’entrée : on attend la cassure de structure. Exemples sur H1 et H4.' },
    ],
  },
  Forex: {
    author: 'sophie',
    topics: [
      { title: 'EUR/USD avant la BCE', description: 'Les scénarios de la décision de taux et la gestion du risque autour de la conférence de presse.' },
      { title: 'GBP/USD : le range de Londres', description: 'Trader la première heure de la session de Londres sur le câble, entrées et sorties commentées.' },
      { title: 'USD/JPY et les taux américains', description: 'Le lien entre le rendement à 10 ans et le yen, et ce qu’il change pour nos prises de position.' },
      { title: 'Les paires exotiques, faut-il y aller ?', description: 'Spreads, liquidité et swaps : ce que coûte vraiment une position sur USD/TRY ou EUR/ZAR.' },
      { title: 'Le carry trade expliqué', description: 'Gagner le différentiel de taux sans se faire surprendre par un retournement brutal du marché.' },
      { title: 'Stratégie de breakout sur EUR/USD', description: 'Cassure du plus haut de la veille : filtres de volatilité, stop et prise de profit partielle.' },
    ],
  },
  Indices: {
    author: 'hugo',
    topics: [
      { title: 'Ouverture du DAX : plan de trading', description: 'Le plan de la séance préparé avant 9h, puis exécuté en direct sur les premières bougies.' },
      { title: 'Nasdaq après les résultats tech', description: 'Comment les publications des grandes valeurs technologiques déplacent l’indice, et comment s’y placer.' },
      { title: 'CAC 40 : la séance commentée', description: 'Une séance entière du CAC 40 commentée : niveaux clés, news de la journée et gestion des positions.' },
      { title: 'S&P 500 et le CPI américain', description: 'Trader la publication de l’inflation américaine sans se faire piéger par le premier mouvement.' },
      { title: 'Le gap d’ouverture sur indices', description: 'Comblement ou continuation ? Les statistiques et les critères pour choisir son camp.' },
      { title: 'Dow Jones : trader la clôture', description: 'La dernière heure de Wall Street, ses flux institutionnels et nos setups de fin de séance.' },
    ],
  },
  Crypto: {
    author: 'julien',
    topics: [
      { title: 'Bitcoin : lecture du cycle', description: 'Où en est le cycle du Bitcoin, et comment adapter sa taille de position à la volatilité actuelle.' },
      { title: 'Ethereum et la dominance BTC', description: 'Le ratio ETH/BTC et la dominance du Bitcoin pour choisir entre les deux grandes cryptomonnaies.' },
      { title: 'Funding rates et liquidations', description: 'Lire le financement des contrats perpétuels pour anticiper les mouvements de liquidation.' },
      { title: 'Altcoins : gérer la volatilité', description: 'Des stops adaptés à des actifs qui bougent de 10 % par jour, et la part du portefeuille à leur laisser.' },
      { title: 'Solana casse sa tendance', description: 'Analyse de la cassure de la trendline journalière et des niveaux à surveiller pour la suite.' },
      { title: 'Stablecoins et flux on-chain', description: 'Ce que les entrées et sorties de stablecoins sur les plateformes disent de l’appétit pour le risque.' },
    ],
  },
  Psychologie: {
    author: 'nadia',
    topics: [
      { title: 'Gérer une série de pertes', description: 'Réduire la taille, revenir au plan, faire une pause : la méthode pour traverser un drawdown.' },
      { title: 'Le journal de trading, mode d’emploi', description: 'Ce qu’il faut noter à chaque trade et comment relire son journal chaque semaine pour progresser.' },
      { title: 'FOMO : reconnaître et éviter', description: 'La peur de rater le mouvement coûte cher : les signaux qui doivent vous faire lever les mains du clavier.' },
      { title: 'La discipline du stop', description: 'Pourquoi on déplace son stop, ce que cela coûte, et les règles simples pour ne plus le faire.' },
      { title: 'Taille de position et sérénité', description: 'Risquer 1 % par trade, c’est aussi trader l’esprit tranquille : démonstration chiffrée.' },
      { title: 'Préparer sa semaine de trading', description: 'Le rituel du dimanche : calendrier économique, niveaux clés et objectifs de la semaine.' },
    ],
  },
};

/** The demo videos of `server/demo-media`, 15 seconds each (the formations' ones). */
export const DEMO_REPLAY_VIDEOS = ['chapitre-1.webm', 'chapitre-2.webm', 'chapitre-3.webm', 'chapitre-4.webm'] as const;
export const DEMO_VIDEO_SECONDS = 15;

export type DemoReplay = {
  title: string;
  slug: string;
  hoursAgo: number;
  description: string;
  category: ReplayCategory;
  author: string;
  video: string;
};

/**
 * Thirty replays, one every two days over the last two months, the categories interleaved so
 * every page holds all five; every seventh is given by the guest trader (not on the public list).
 */
export const DEMO_REPLAYS: readonly DemoReplay[] = Array.from({ length: 30 }, (_, i) => {
  const category = REPLAY_CATEGORIES[i % REPLAY_CATEGORIES.length]!;
  const { author, topics } = REPLAY_TOPICS[category];
  const topic = topics[Math.floor(i / REPLAY_CATEGORIES.length)]!;
  return {
    title: topic.title,
    slug: slugify(topic.title),
    hoursAgo: 20 + i * 47,
    description: topic.description,
    category,
    author: i % 7 === 6 ? 'thomas' : author,
    video: DEMO_REPLAY_VIDEOS[i % DEMO_REPLAY_VIDEOS.length]!,
  };
});

export const DEMO_ARTICLE_CATEGORIES = [
  { id: 3, name: 'Marchés' },
  { id: 4, name: 'Éducation' },
  { id: 5, name: 'Vie de Comptoir' },
  { id: ARTICLE_CATEGORY.MORNING_MOOD, name: 'Morning Mood' },
  { id: ARTICLE_CATEGORY.DAILY_BRIEF, name: 'DailyBrief' },
] as const;

export type DemoArticle = {
  title: string;
  hoursAgo: number;
  categoryId: number;
  content: string;
  withHtml: boolean;
  audio: boolean;
};

/** Newest first per category; the last one is dated in three days: not shown before then. */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Morning Mood : les marchés attendent la Fed',
    hoursAgo: 3,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Bonjour à tous ! Les indices européens ouvrent prudemment avant la décision de la Fed ce soir. Le dollar se renforce, l’or reste stable sous ses plus hauts. Notre plan : patience jusqu’à 20h, pas de position lourde avant la conférence.',
    withHtml: false,
    audio: true,
  },
  {
    title: 'Morning Mood : rebond technique sur le DAX',
    hoursAgo: 27,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Le DAX rebondit sur son support des 18 000 points après trois séances de baisse. Le pétrole recule, les valeurs automobiles en profitent. On surveille la résistance des 18 250 pour un éventuel renforcement.',
    withHtml: false,
    audio: true,
  },
  {
    title: 'Morning Mood : le Bitcoin reprend des couleurs',
    hoursAgo: 51,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Le Bitcoin repasse au-dessus des 60 000 dollars avec des volumes en hausse. Sur le Forex, l’EUR/USD reste coincé dans son range. Journée calme côté calendrier : idéale pour travailler ses setups.',
    withHtml: false,
    audio: true,
  },
  {
    title: 'DailyBrief : inflation, banques centrales et pétrole',
    hoursAgo: 5,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>À retenir aujourd’hui</h2><ul><li><strong>14h30</strong> : inflation américaine (CPI), consensus à 3,1 % sur un an.</li><li><strong>16h00</strong> : stocks de pétrole brut.</li><li><strong>20h00</strong> : minutes de la Fed.</li></ul><h2>Notre lecture</h2><p>Un chiffre au-dessus des attentes renforcerait le dollar et pèserait sur le Nasdaq. Nous réduisons la taille de nos positions avant 14h30.</p>',
    withHtml: true,
    audio: false,
  },
  {
    title: 'DailyBrief : la BCE au centre de l’attention',
    hoursAgo: 29,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>À retenir aujourd’hui</h2><ul><li><strong>14h15</strong> : décision de taux de la BCE.</li><li><strong>14h45</strong> : conférence de presse.</li></ul><h2>Notre lecture</h2><p>Le marché attend un statu quo ; le ton de la conférence fera bouger l’<em>EUR/USD</em>. Pas de position ouverte pendant l’annonce.</p>',
    withHtml: true,
    audio: false,
  },
  {
    title: 'DailyBrief : semaine chargée pour les résultats',
    hoursAgo: 53,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>Cette semaine</h2><p>Les grandes valeurs technologiques publient leurs résultats : attendez-vous à des gaps sur le Nasdaq.</p><ol><li>Mardi : logiciels et cloud.</li><li>Mercredi : semi-conducteurs.</li><li>Jeudi : e-commerce.</li></ol>',
    withHtml: true,
    audio: false,
  },
  {
    title: 'Le point sur l’or après la réunion de la Fed',
    hoursAgo: 30,
    categoryId: 3,
    content: 'L’or a gagné 2 % sur la semaine, porté par la baisse des rendements réels. Notre scénario reste haussier tant que le support des 2 300 dollars tient.',
    withHtml: false,
    audio: false,
  },
  {
    title: 'Pétrole : l’OPEP+ maintient ses quotas',
    hoursAgo: 100,
    categoryId: 3,
    content: 'L’OPEP+ prolonge ses réductions de production. Le Brent reste dans son canal entre 80 et 90 dollars ; nous jouons les bornes du range.',
    withHtml: false,
    audio: false,
  },
  {
    title: 'Comprendre l’effet de levier en cinq minutes',
    hoursAgo: 76,
    categoryId: 4,
    content: 'Un levier de 10 multiplie vos gains comme vos pertes par dix. La règle de Comptoir : la taille de position se calcule à partir du stop, jamais à partir du levier disponible.',
    withHtml: false,
    audio: false,
  },
  {
    title: 'Les ordres stop et limite expliqués',
    hoursAgo: 170,
    categoryId: 4,
    content: 'Un ordre limite achète moins cher ou vend plus cher que le prix actuel ; un ordre stop se déclenche au-delà. Bien les choisir évite les mauvaises surprises en période de volatilité.',
    withHtml: false,
    audio: false,
  },
  {
    title: 'Nouveau : les replays reprennent où vous vous êtes arrêté',
    hoursAgo: 10,
    categoryId: 5,
    content: 'Commencez un replay sur votre ordinateur, terminez-le sur votre téléphone : Comptoir retient désormais la seconde où vous vous êtes arrêté.',
    withHtml: false,
    audio: false,
  },
  {
    title: 'Bientôt : un nouveau cycle de formations',
    hoursAgo: -72,
    categoryId: 5,
    content: 'Un nouveau cycle de formations consacré aux options arrive sur Comptoir. Inscriptions ouvertes dès sa publication.',
    withHtml: false,
    audio: false,
  },
];

export type DemoTool = {
  id: number;
  name: string;
  subtitle: string;
  price: number | null;
  paymentLink: string | null;
  page: string;
  ordre: number;
  files: { name: string; path: string }[];
};

/** Tools 55 and 56 are the home page's (spec 3 §2); the others fill the toolbox. */
export const DEMO_TOOLS: readonly DemoTool[] = [
  {
    id: 55,
    name: 'Carnet de Bord',
    subtitle: 'Le journal de trading de Comptoir',
    price: 29,
    paymentLink: 'https://paiement.comptoir.test/carnet-de-bord',
    page: '<p>Notez chaque trade, suivez vos statistiques et relisez votre semaine en quelques minutes. Le Carnet de Bord calcule votre taux de réussite, votre espérance de gain et votre drawdown.</p>',
    ordre: 1,
    files: [
      { name: 'Carnet de Bord 2026.xlsx', path: 'tools/carnet-de-bord-2026.xlsx' },
      { name: 'Guide du Carnet de Bord.pdf', path: 'tools/guide-carnet-de-bord.pdf' },
    ],
  },
  {
    id: 56,
    name: 'Crypto Board',
    subtitle: 'Le suivi de votre portefeuille crypto',
    price: 19,
    paymentLink: 'https://paiement.comptoir.test/crypto-board',
    page: '<p>Suivez vos positions crypto sur toutes vos plateformes, avec le prix de revient, la plus-value latente et la répartition du portefeuille.</p>',
    ordre: 2,
    files: [{ name: 'Crypto Board.xlsx', path: 'tools/crypto-board.xlsx' }],
  },
  {
    id: 57,
    name: 'Calculateur de position',
    subtitle: 'La bonne taille pour 1 % de risque',
    price: null,
    paymentLink: null,
    page: '<p>Indiquez votre capital, votre risque et la distance de votre stop : le calculateur donne la taille de position, en lots ou en contrats.</p>',
    ordre: 3,
    files: [{ name: 'Calculateur de position.xlsx', path: 'tools/calculateur-position.xlsx' }],
  },
  {
    id: 58,
    name: 'Indicateur Comptoir Trend',
    subtitle: 'Notre indicateur de tendance pour TradingView',
    price: 49,
    paymentLink: 'https://paiement.comptoir.test/comptoir-trend',
    page: '<p>L’indicateur que nos coachs utilisent en live : tendance de fond, zones de retournement et alertes, sur toutes les unités de temps.</p>',
    ordre: 4,
    files: [
      { name: 'Installation de l’indicateur.pdf', path: 'tools/installation-comptoir-trend.pdf' },
      { name: 'Comptoir Trend.pine', path: 'tools/comptoir-trend.pine' },
    ],
  },
];

/** 'Lecture des chandeliers japonais' → 'lecture-des-chandeliers-japonais'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
