/*
 * The toolbox of the demo (spec 3 §2 "Tools"): eight tools, 55 'Carnet de Bord' and 56 'Crypto
 * Board' first for the home page. Each file is a real file of `server/tool-files` (never served
 * statically: only the signed download route reads it); `name` is what the member downloads.
 */

export type DemoToolFile = { name: string; path: string };

export type DemoTool = {
  id: number;
  name: string;
  subtitle: string;
  price: number | null;
  paymentLink: string | null;
  page: string;
  ordre: number;
  files: DemoToolFile[];
};

export const DEMO_TOOLS: readonly DemoTool[] = [
  {
    id: 55,
    name: 'Carnet de Bord',
    subtitle: 'Le journal de trading de Comptoir',
    price: 29,
    paymentLink: 'https://paiement.comptoir.test/carnet-de-bord',
    page: '<p>Notez chaque trade, suivez vos statistiques et relisez votre semaine en quelques minutes. Le Carnet de Bord calcule votre taux de réussite, votre espérance de gain et votre drawdown.</p><h3>Contenu</h3><ul><li>Le tableau des trades 2026, à ouvrir dans Excel, LibreOffice ou Google Sheets ;</li><li>le guide d’utilisation en PDF.</li></ul>',
    ordre: 1,
    files: [
      { name: 'Carnet de Bord 2026.csv', path: 'carnet-de-bord-2026.csv' },
      { name: 'Guide du Carnet de Bord.pdf', path: 'guide-carnet-de-bord.pdf' },
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
    files: [{ name: 'Crypto Board.csv', path: 'crypto-board.csv' }],
  },
  {
    id: 57,
    name: 'Calculateur de position',
    subtitle: 'La bonne taille pour 1 % de risque',
    price: null,
    paymentLink: null,
    page: '<p>Indiquez votre capital, votre risque et la distance de votre stop : le calculateur donne la taille de position, en lots ou en contrats.</p><p>Offert à tous les membres VIP.</p>',
    ordre: 3,
    files: [{ name: 'Calculateur de position.csv', path: 'calculateur-position.csv' }],
  },
  {
    id: 58,
    name: 'Indicateur Comptoir Trend',
    subtitle: 'Notre indicateur de tendance pour TradingView',
    price: 49,
    paymentLink: 'https://paiement.comptoir.test/comptoir-trend',
    page: '<p>L’indicateur que nos coachs utilisent en live : tendance de fond, zones de retournement et alertes, sur toutes les unités de temps.</p><ol><li>Téléchargez le script Pine.</li><li>Collez-le dans l’éditeur Pine de TradingView.</li><li>Ajoutez-le au graphique.</li></ol>',
    ordre: 4,
    files: [
      { name: 'Installation de l’indicateur.pdf', path: 'installation-comptoir-trend.pdf' },
      { name: 'Comptoir Trend.pine', path: 'comptoir-trend.pine' },
    ],
  },
  {
    id: 59,
    name: 'Calendrier économique',
    subtitle: 'Les annonces qui font bouger les marchés',
    price: 9,
    paymentLink: 'https://paiement.comptoir.test/calendrier-economique',
    page: '<p>Les publications économiques majeures de la semaine, avec leur heure de Paris, leur importance et les actifs concernés. Mis à jour chaque dimanche.</p>',
    ordre: 5,
    files: [
      { name: 'Calendrier économique de la semaine.csv', path: 'calendrier-economique.csv' },
      { name: 'Lire le calendrier.txt', path: 'lire-le-calendrier.txt' },
    ],
  },
  {
    id: 60,
    name: 'Checklist avant trade',
    subtitle: 'Dix questions avant de cliquer',
    price: null,
    paymentLink: null,
    page: '<p>La liste que nos coachs relisent avant chaque position : contexte, niveau, stop, risque, annonce à venir. À imprimer et garder près de l’écran.</p>',
    ordre: 6,
    files: [{ name: 'Checklist avant trade.pdf', path: 'checklist-avant-trade.pdf' }],
  },
  {
    id: 61,
    name: 'Alertes Niveaux Clés',
    subtitle: 'Les niveaux du live dans votre TradingView',
    price: 15,
    paymentLink: 'https://paiement.comptoir.test/alertes-niveaux',
    page: '<p>Un script qui trace les plus hauts et plus bas de la veille et de la semaine et déclenche une alerte à leur approche.</p>',
    ordre: 7,
    files: [
      { name: 'Niveaux Clés.pine', path: 'niveaux-cles.pine' },
      { name: 'Réglages conseillés.txt', path: 'reglages-niveaux-cles.txt' },
    ],
  },
  {
    id: 62,
    name: 'Plan de trading',
    subtitle: 'Le modèle pour écrire le vôtre',
    price: 12,
    paymentLink: 'https://paiement.comptoir.test/plan-de-trading',
    page: '<p>Le modèle de plan de trading de l’atelier « Construire son plan » : style, marchés, horaires, règles d’entrée et de sortie, gestion du risque et routine de la semaine.</p>',
    ordre: 8,
    files: [
      { name: 'Modèle de plan de trading.txt', path: 'modele-plan-de-trading.txt' },
      { name: 'Exemple de plan complété.pdf', path: 'exemple-plan-de-trading.pdf' },
    ],
  },
];
