import type { BrokerMarket } from './broker-table';
import type { SocialNetwork } from './socials';

/**
 * The French text of the toolbox, the socials, the shop, the life page, the review page and the
 * broker table (spec 3 §2, §8), exactly as the spec writes it where it names one.
 */
export const CONTENT_TEXT = {
  retry: 'Réessayer',
  /** Spec 3 §2, §8: tools for non-VIP members. */
  accessRefused: "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP",
  becomeVip: 'Devenir VIP',
  opensInNewTab: '(nouvel onglet)',

  // Toolbox (spec 3 §2 "Tools")
  toolsTitle: 'Toolbox',
  toolsIntro: 'Les outils de l’équipe Comptoir pour préparer, suivre et analyser vos trades.',
  toolsList: 'Outils',
  toolsLoading: 'Chargement des outils…',
  toolsEmpty: 'Aucun outil pour le moment.',
  view: 'Voir',
  viewTool: (name: string) => `Voir ${name}`,
  /** A tool without a price. */
  included: 'Inclus',
  toolLoading: 'Chargement de l’outil…',
  toolNotFoundTitle: 'Outil introuvable',
  toolNotFound: 'Cet outil n’existe pas ou n’est plus disponible.',
  backToTools: 'Retour à la Toolbox',
  files: 'Fichiers',
  noFiles: 'Aucun fichier à télécharger pour cet outil.',
  download: (file: string) => `Télécharger ${file}`,
  preparingLink: 'Préparation du lien…',
  downloadStarted: (file: string) => `Téléchargement de ${file} lancé.`,
  buy: (price: string) => `Acheter — ${price}`,
  toolPicture: (name: string) => `Visuel de ${name}`,

  // Broker table (spec 3 §2, §9)
  brokersCaption: 'Courtiers partenaires — capital minimum',
  brokersIntro: 'Le capital minimum pour ouvrir un compte chez nos courtiers partenaires.',
  brokerColumn: 'Courtier',
  minimumColumn: 'Capital minimum',
  broker: (rank: number) => `Courtier ${rank}`,
  market: { stocks: 'actions', futures: 'futures' } satisfies Record<BrokerMarket, string>,
  minimumFor: (amount: string, market: string) => `${amount} pour les ${market}`,

  // Socials (spec 3 §2 "Socials")
  socialsTitle: 'Réseaux sociaux',
  socialsIntro: 'Suivez Comptoir partout où nous publions.',
  socialsList: 'Nos réseaux sociaux',
  socialsLoading: 'Chargement des réseaux sociaux…',
  socialsEmpty: 'Aucun réseau social pour le moment.',
  follow: 'Suivre',
  followOn: (title: string, network: string) => `Suivre ${title} sur ${network} (nouvel onglet)`,
  network: {
    twitter: 'X (Twitter)',
    youtube: 'YouTube',
    instagram: 'Instagram',
    tiktok: 'TikTok',
    telegram: 'Telegram',
    discord: 'Discord',
    linkedin: 'LinkedIn',
    facebook: 'Facebook',
    other: 'Réseau social',
  } satisfies Record<SocialNetwork, string>,

  // Shop (spec 3 §2 "Shop")
  shopTitle: 'Boutique',
  shopIntro: 'Les produits aux couleurs de Comptoir.',
  shopFrame: 'Boutique Comptoir',
  shopOpen: 'Ouvrir la boutique dans un nouvel onglet',
  shopLoading: 'Chargement de la boutique…',
  shopBlocked: 'La boutique ne peut pas s’afficher ici. Ouvrez-la dans un nouvel onglet.',

  // Life and landing pages (spec 3 §2 "Landing content")
  lifeTitle: 'Life',
  pageLoading: 'Chargement de la page…',
  pageMissing: 'Cette page n’est pas disponible pour le moment.',
  signIn: 'Se connecter',
  home: 'Comptoir, accueil',

  // Review page (spec 3 §2 "Review page")
  reviewTitle: 'Votre avis compte !',
  /** The profile area's entry to the review page, shown only with displayAvis (spec 1 §2). */
  reviewTab: 'Mon avis',
  reviewIntro: 'Votre retour aide les autres traders à nous découvrir et nous aide à améliorer Comptoir.',
  reviewFrame: 'Avis des membres de Comptoir',
  reviewWrite: 'Écrire un avis',
  reviewOpen: 'Ouvrir les avis dans un nouvel onglet',
  reviewLoading: 'Chargement des avis…',
  reviewBlocked: 'Les avis ne peuvent pas s’afficher ici. Ouvrez-les dans un nouvel onglet.',
} as const;
