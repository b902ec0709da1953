/*
 * The demo content of issue 18 (DESIGN.md "Demo data"): the team, about thirty replays over the
 * last two months in five categories and the poll. The articles are demo-articles.ts's, the tools
 * demo-tools.ts's, the socials and landing pages demo-landing.ts's. Dates are relative to the
 * seeding instant.
 */

/** The replay categories, in display order (GraphQL `replayCategories`). */
export const REPLAY_CATEGORIES = ['Analyse technique', 'Forex', 'Indices', 'Crypto', 'Psychologie'] as const;

/** The question the home page asks (content entry 'poll' 1). */
export const DEMO_POLL_QUESTION = 'Comment évaluez-vous la séance de trading de cette semaine ?';

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

/** 'Lecture des chandeliers japonais' → 'lecture-des-chandeliers-japonais'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
