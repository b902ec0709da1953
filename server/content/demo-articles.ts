import { ARTICLE_CATEGORY } from '../../src/contract/home-content';
import { articleMediaPath } from './article-media';

/*
 * The news articles of the demo (issues 18 and 19): Morning Mood with its audio (category 9) and
 * the DailyBrief in HTML (12) for the home page, then the news: markets, education, crypto,
 * psychology and the school's life, in text or rich HTML with pictures, video and audio of the
 * article media, a YouTube embed, tables, lists and quotes. Dates are relative to the seeding
 * instant; the last article is dated in three days and not shown before then.
 */

/** The Morning Mood articles' audio, served by the article audio route (the demo alerts' note). */
export const DEMO_ARTICLE_AUDIO = 'morning-mood.wav';

export const DEMO_ARTICLE_CATEGORIES = [
  { id: 3, name: 'Marchés' },
  { id: 4, name: 'Éducation' },
  { id: 5, name: 'Vie de Comptoir' },
  { id: 6, name: 'Crypto' },
  { id: 7, name: 'Psychologie' },
  { id: ARTICLE_CATEGORY.MORNING_MOOD, name: 'Morning Mood' },
  { id: ARTICLE_CATEGORY.DAILY_BRIEF, name: 'DailyBrief' },
] as const;

export type DemoArticle = {
  title: string;
  hoursAgo: number;
  categoryId: number;
  content: string;
  withHtml: boolean;
  /** A file the article's audio route serves (`DEMO_ARTICLE_AUDIO` or one of the article media). */
  audio: string | null;
  /** The preview picture; the generated cover when null. */
  picture: string | null;
};

/** Newest first per category; the last one is dated in three days: not shown before then (seeded last). */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Morning Mood : les marchés attendent la Fed',
    hoursAgo: 3,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Bonjour à tous ! Les indices européens ouvrent prudemment avant la décision de la Fed ce soir. Le dollar se renforce, l’or reste stable sous ses plus hauts. Notre plan : patience jusqu’à 20h, pas de position lourde avant la conférence.',
    withHtml: false,
    audio: DEMO_ARTICLE_AUDIO,
    picture: null,
  },
  {
    title: 'Morning Mood : rebond technique sur le DAX',
    hoursAgo: 27,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Le DAX rebondit sur son support des 18 000 points après trois séances de baisse. Le pétrole recule, les valeurs automobiles en profitent. On surveille la résistance des 18 250 pour un éventuel renforcement.',
    withHtml: false,
    audio: DEMO_ARTICLE_AUDIO,
    picture: null,
  },
  {
    title: 'Morning Mood : le Bitcoin reprend des couleurs',
    hoursAgo: 51,
    categoryId: ARTICLE_CATEGORY.MORNING_MOOD,
    content: 'Le Bitcoin repasse au-dessus des 60 000 dollars avec des volumes en hausse. Sur le Forex, l’EUR/USD reste coincé dans son range. Journée calme côté calendrier : idéale pour travailler ses setups.',
    withHtml: false,
    audio: DEMO_ARTICLE_AUDIO,
    picture: null,
  },
  {
    title: 'DailyBrief : inflation, banques centrales et pétrole',
    hoursAgo: 5,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>À retenir aujourd’hui</h2><ul><li><strong>14h30</strong> : inflation américaine (CPI), consensus à 3,1 % sur un an.</li><li><strong>16h00</strong> : stocks de pétrole brut.</li><li><strong>20h00</strong> : minutes de la Fed.</li></ul><h2>Notre lecture</h2><p>Un chiffre au-dessus des attentes renforcerait le dollar et pèserait sur le Nasdaq. Nous réduisons la taille de nos positions avant 14h30.</p>',
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'DailyBrief : la BCE au centre de l’attention',
    hoursAgo: 29,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>À retenir aujourd’hui</h2><ul><li><strong>14h15</strong> : décision de taux de la BCE.</li><li><strong>14h45</strong> : conférence de presse.</li></ul><h2>Notre lecture</h2><p>Le marché attend un statu quo ; le ton de la conférence fera bouger l’<em>EUR/USD</em>. Pas de position ouverte pendant l’annonce.</p>',
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'DailyBrief : semaine chargée pour les résultats',
    hoursAgo: 53,
    categoryId: ARTICLE_CATEGORY.DAILY_BRIEF,
    content:
      '<h2>Cette semaine</h2><p>Les grandes valeurs technologiques publient leurs résultats : attendez-vous à des gaps sur le Nasdaq.</p><ol><li>Mardi : logiciels et cloud.</li><li>Mercredi : semi-conducteurs.</li><li>Jeudi : e-commerce.</li></ol>',
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Le point sur l’or après la réunion de la Fed',
    hoursAgo: 30,
    categoryId: 3,
    content: 'L’or a gagné 2 % sur la semaine, porté par la baisse des rendements réels. Notre scénario reste haussier tant que le support des 2 300 dollars tient.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Pétrole : l’OPEP+ maintient ses quotas',
    hoursAgo: 100,
    categoryId: 3,
    content: 'L’OPEP+ prolonge ses réductions de production. Le Brent reste dans son canal entre 80 et 90 dollars ; nous jouons les bornes du range.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Comprendre l’effet de levier en cinq minutes',
    hoursAgo: 76,
    categoryId: 4,
    content: 'Un levier de 10 multiplie vos gains comme vos pertes par dix. La règle de Comptoir : la taille de position se calcule à partir du stop, jamais à partir du levier disponible.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Les ordres stop et limite expliqués',
    hoursAgo: 170,
    categoryId: 4,
    content: 'Un ordre limite achète moins cher ou vend plus cher que le prix actuel ; un ordre stop se déclenche au-delà. Bien les choisir évite les mauvaises surprises en période de volatilité.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Nouveau : les replays reprennent où vous vous êtes arrêté',
    hoursAgo: 10,
    categoryId: 5,
    content: 'Commencez un replay sur votre ordinateur, terminez-le sur votre téléphone : Comptoir retient désormais la seconde où vous vous êtes arrêté.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Analyse hebdo : le DAX sous sa résistance',
    hoursAgo: 8,
    categoryId: 3,
    content: `<h2>Le contexte</h2><p>Le DAX a passé la semaine coincé entre son support et sa résistance, dans un marché qui attend les banques centrales. Voici les niveaux que nous suivons en live.</p><p><img src="${articleMediaPath('graphique-dax.svg')}" alt="Graphique du DAX en H4 avec le support et la résistance de la semaine" width="640" height="360"></p><h2>Les niveaux clés</h2><table><thead><tr><th>Niveau</th><th>Rôle</th><th>Notre plan</th></tr></thead><tbody><tr><td>18 330</td><td>Résistance</td><td>Vente sur rejet, stop au-dessus de 18 380</td></tr><tr><td>18 150</td><td>Pivot</td><td>Zone neutre : on attend</td></tr><tr><td>18 000</td><td>Support</td><td>Achat sur rebond confirmé en H1</td></tr></tbody></table><blockquote><p>« Le niveau ne suffit pas : on attend la réaction du prix au niveau. » — Camille, coach Comptoir</p></blockquote><p>Le plan détaillé est présenté chaque matin dans le <a href="/replay">replay de l’ouverture</a>.</p>`,
    withHtml: true,
    audio: null,
    picture: articleMediaPath('graphique-dax.svg'),
  },
  {
    title: 'EUR/USD : le scénario de la semaine',
    hoursAgo: 33,
    categoryId: 3,
    content: `<h2>Un range qui dure</h2><p>La paire évolue depuis trois semaines entre 1,0780 et 1,0950. Tant que ces bornes tiennent, nous jouons le range plutôt que la cassure.</p><p><img src="${articleMediaPath('graphique-eurusd.svg')}" alt="Graphique de l’EUR/USD en journalier avec sa moyenne mobile à dix jours" width="640" height="360"></p><h3>Ce qui pourrait tout changer</h3><ul><li>Un ton plus restrictif de la BCE jeudi ;</li><li>un emploi américain nettement sous le consensus vendredi ;</li><li>une clôture journalière hors du range, confirmée le lendemain.</li></ul><p>Notre risque reste de <strong>1 % par position</strong>, stop de l’autre côté de la borne.</p>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Nasdaq : les résultats des géants de la tech',
    hoursAgo: 58,
    categoryId: 3,
    content: `<p>La saison des résultats a fait bouger le Nasdaq secteur par secteur : les semi-conducteurs ont porté l’indice, l’e-commerce l’a freiné.</p><h2>Nos trois enseignements</h2><ol><li>Les gaps du lendemain se comblent rarement dans la séance : on ne joue pas contre.</li><li>La volatilité implicite retombe après la publication : les options coûtent moins cher.</li><li>Les prévisions comptent plus que les chiffres du trimestre.</li></ol><p>Retrouvez l’analyse complète dans le live du jeudi soir.</p>`,
    withHtml: true,
    audio: null,
    picture: articleMediaPath('nasdaq-resultats.svg'),
  },
  {
    title: 'Bitcoin après le halving : ce que disent les cycles',
    hoursAgo: 14,
    categoryId: 6,
    content: `<h2>Quatre cycles, une tendance</h2><p>Après chaque halving, le Bitcoin a progressé dans l’année qui suivait, mais de moins en moins fort. Les chiffres, arrondis :</p><p><img src="${articleMediaPath('bitcoin-cycles.svg')}" alt="Histogramme de la hausse du Bitcoin dans l’année suivant chaque halving, de 2012 à 2024" width="640" height="360"></p><table><thead><tr><th>Halving</th><th>Récompense par bloc</th><th>Hausse sur un an</th></tr></thead><tbody><tr><td>2012</td><td>25 BTC</td><td>× 93</td></tr><tr><td>2016</td><td>12,5 BTC</td><td>× 29</td></tr><tr><td>2020</td><td>6,25 BTC</td><td>× 7</td></tr><tr><td>2024</td><td>3,125 BTC</td><td>× 2,1</td></tr></tbody></table><blockquote><p>Un cycle passé n’est pas une promesse : il donne un cadre, pas un objectif de cours.</p></blockquote><p>Julien détaille sa gestion de position dans le <a href="/replay">replay crypto</a> de la semaine.</p>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Ethereum, staking et ETF : le point',
    hoursAgo: 82,
    categoryId: 6,
    content: `<h2>Ce qui a changé</h2><p>L’arrivée des ETF sur l’Ethereum a ouvert l’actif aux investisseurs institutionnels, pendant que le staking immobilise près d’un quart de l’offre.</p><ul><li><strong>Offre</strong> : moins d’ETH disponible sur les plateformes.</li><li><strong>Demande</strong> : des flux réguliers par les ETF, plus stables que ceux des particuliers.</li><li><strong>Risque</strong> : une dépendance accrue aux annonces réglementaires.</li></ul><p>Pour aller plus loin, lisez la <a href="https://ethereum.org/fr/staking/" target="_blank" rel="noopener noreferrer">page officielle sur le staking</a>.</p>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Altcoins : la saison est-elle ouverte ?',
    hoursAgo: 130,
    categoryId: 6,
    content: 'La dominance du Bitcoin recule légèrement mais reste au-dessus de 50 %. Historiquement, une vraie saison des altcoins commence quand elle passe sous 45 % avec des volumes en hausse. D’ici là, nous gardons les altcoins à moins de 20 % du portefeuille crypto et des stops plus larges, adaptés à leur volatilité.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Découvrez Comptoir en vidéo',
    hoursAgo: 20,
    categoryId: 5,
    content: `<p>Nouveau sur Comptoir ? Cette courte vidéo présente l’école : les lives du matin, les replays, les formations et la communauté.</p><p><video controls preload="metadata" width="640" src="${articleMediaPath('presentation-comptoir.webm')}">Votre navigateur ne lit pas cette vidéo.</video></p><h2>Par où commencer</h2><ol><li>Suivez la formation <a href="/formation">Les bases du trading</a>.</li><li>Rejoignez un live du matin.</li><li>Présentez-vous dans le salon de la communauté.</li></ol>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Rencontre Comptoir à Lyon : inscriptions ouvertes',
    hoursAgo: 45,
    categoryId: 5,
    content: `<h2>Une journée entre membres</h2><p>Le samedi 14 juin, nous nous retrouvons à Lyon pour une journée d’ateliers, un live en public et un apéritif avec l’équipe.</p><h3>Au programme</h3><ul><li><strong>10h</strong> : atelier « Construire son plan de trading » avec Camille ;</li><li><strong>14h</strong> : live en public sur les indices avec Hugo ;</li><li><strong>16h30</strong> : table ronde sur la psychologie avec Nadia ;</li><li><strong>18h</strong> : apéritif.</li></ul><p>Les places sont limitées à 80. Tous les détails sont sur la page <a href="/life">La vie de Comptoir</a>.</p>`,
    withHtml: true,
    audio: null,
    picture: articleMediaPath('rencontre-lyon.svg'),
  },
  {
    title: 'Bienvenue à Sophie, notre analyste Forex',
    hoursAgo: 150,
    categoryId: 5,
    content: 'Sophie Marchand rejoint l’équipe des analystes. Ancienne trader dans une salle de marché parisienne, elle présentera le live Forex du mardi et du jeudi et répondra à vos questions dans le salon Forex. Souhaitez-lui la bienvenue !',
    withHtml: false,
    audio: null,
    picture: articleMediaPath('equipe-comptoir.svg'),
  },
  {
    title: 'Challenge de printemps : les résultats',
    hoursAgo: 200,
    categoryId: 5,
    content: `<p>Quatre semaines de trading en compte de démonstration, 212 participants, une seule règle : jamais plus de 1 % de risque par position. Merci à tous !</p><table><thead><tr><th>Rang</th><th>Membre</th><th>Performance</th><th>Drawdown maximal</th></tr></thead><tbody><tr><td>1</td><td>Léa M.</td><td>+ 14,2 %</td><td>3,1 %</td></tr><tr><td>2</td><td>Victor P.</td><td>+ 11,8 %</td><td>2,4 %</td></tr><tr><td>3</td><td>Bruno G.</td><td>+ 9,5 %</td><td>4,0 %</td></tr></tbody></table><blockquote><p>Le classement récompense aussi la régularité : le drawdown compte autant que la performance.</p></blockquote>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Notre méthode de gestion du risque en vidéo',
    hoursAgo: 40,
    categoryId: 4,
    content: `<p>Le risque se décide avant d’entrer en position. Dans cette vidéo, nous reprenons notre méthode en trois étapes.</p><p><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Kd9JkqWcPjE" title="Gestion du risque : la méthode Comptoir" allow="accelerometer; encrypted-media; picture-in-picture" allowfullscreen></iframe></p><h2>Les trois étapes</h2><ol><li>Placer le stop là où le scénario est invalidé.</li><li>Fixer le risque à 1 % du capital.</li><li>En déduire la taille de position avec le <a href="/tools/57">Calculateur de position</a>.</li></ol>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Les cinq erreurs du trader débutant',
    hoursAgo: 105,
    categoryId: 4,
    content: `<h2>Ce que nous voyons le plus souvent</h2><ol><li><strong>Trader sans stop</strong>, en espérant que le marché revienne.</li><li><strong>Augmenter la taille</strong> après une perte pour se « refaire ».</li><li><strong>Changer de stratégie</strong> chaque semaine.</li><li><strong>Ignorer le calendrier économique</strong> et se faire surprendre par une annonce.</li><li><strong>Ne rien noter</strong> : sans journal, impossible de progresser.</li></ol><blockquote><p>« Le marché ne vous doit rien. Votre seul travail est de respecter votre plan. »</p></blockquote>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Lexique : les mots de nos lives',
    hoursAgo: 180,
    categoryId: 4,
    content: `<p>Vous débutez et certains mots des lives vous échappent ? Voici les plus fréquents.</p><table><thead><tr><th>Mot</th><th>Définition</th></tr></thead><tbody><tr><td>Pip</td><td>La plus petite variation d’une paire de devises, 0,0001 sur l’EUR/USD.</td></tr><tr><td>Spread</td><td>L’écart entre le prix d’achat et le prix de vente.</td></tr><tr><td>Drawdown</td><td>La baisse du capital depuis son plus haut.</td></tr><tr><td>Breakout</td><td>La cassure d’un niveau ou d’une figure.</td></tr><tr><td>Pullback</td><td>Le retour du prix sur un niveau cassé.</td></tr><tr><td>Ratio R/R</td><td>Le gain visé divisé par le risque pris.</td></tr></tbody></table>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Calculer sa taille de position pas à pas',
    hoursAgo: 250,
    categoryId: 4,
    content: `<h2>Un exemple chiffré</h2><p>Capital de 10 000 €, risque de 1 %, achat du DAX à 18 050 avec un stop à 18 000.</p><ul><li>Risque accepté : 10 000 × 1 % = <strong>100 €</strong>.</li><li>Distance du stop : 50 points.</li><li>Taille : 100 € ÷ 50 points = <strong>2 € par point</strong>.</li></ul><p>Le <a href="/tools/57">Calculateur de position</a> fait ce calcul pour vous, en lots ou en contrats.</p>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Podcast : la discipline, premier indicateur',
    hoursAgo: 26,
    categoryId: 7,
    content: `<p>Vingt secondes pour ancrer une habitude : trois questions à se poser avant chaque position.</p><p><audio controls preload="metadata" src="${articleMediaPath('podcast-discipline.ogg')}">Votre navigateur ne lit pas cet audio.</audio></p><h2>Les trois questions</h2><ol><li>Où est mon stop ?</li><li>Combien je risque ?</li><li>Pourquoi maintenant ?</li></ol><p>Si une seule réponse manque, on ne trade pas.</p>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'FOMO : trois règles pour ne plus courir après le marché',
    hoursAgo: 95,
    categoryId: 7,
    content: `<h2>Reconnaître la FOMO</h2><p>Le prix part sans vous, vous cliquez quand même. La peur de rater le mouvement est la première cause d’entrées tardives.</p><h2>Nos trois règles</h2><ul><li>Pas d’entrée à plus d’un ATR du niveau prévu.</li><li>Un mouvement raté est un mouvement raté : on attend le pullback.</li><li>Après deux pertes dans la journée, on ferme la plateforme.</li></ul><blockquote><p>Il y aura toujours un autre trade. Il n’y aura pas toujours un autre capital.</p></blockquote>`,
    withHtml: true,
    audio: null,
    picture: null,
  },
  {
    title: 'Pourquoi tenir un journal de trading',
    hoursAgo: 220,
    categoryId: 7,
    content: 'Un journal de trading transforme vos erreurs en règles. Notez pour chaque position le setup, l’émotion du moment et le respect du plan. Relisez-le chaque dimanche : les mêmes fautes reviennent, et on les voit enfin. Le Carnet de Bord de la boîte à outils est fait pour ça.',
    withHtml: false,
    audio: null,
    picture: null,
  },
  {
    title: 'Bientôt : un nouveau cycle de formations',
    hoursAgo: -72,
    categoryId: 5,
    content: 'Un nouveau cycle de formations consacré aux options arrive sur Comptoir. Inscriptions ouvertes dès sa publication.',
    withHtml: false,
    audio: null,
    picture: null,
  },
];

