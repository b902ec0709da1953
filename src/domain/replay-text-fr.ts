/** The replays' French text (spec 3 §2, §8), exactly as the spec writes it where it names one. */
export const REPLAY_TEXT = {
  pageTitle: 'Replays',
  /** Spec 3 §2, §8: a filter that matches nothing. */
  emptyCategory: 'Pas de contenus dans cette catégorie',
  /** Spec 3 §2, §8: a locked replay, or `/replay/forbiden`. */
  accessRefused: 'Vous n\'avez pas accès à cette page. Vous devez avoir un compte VIP',
  becomeVip: 'Devenir VIP',
  accessTitle: 'Accès réservé',
  /** Spec 3 §2, §6: subscription 6 with the beta key. */
  editNew: 'Edit new',
  // Ours: what the spec leaves unnamed.
  filters: 'Filtres des replays',
  categories: 'Catégories de replays',
  allCategories: 'Toutes',
  category: 'Catégorie',
  author: 'Intervenant',
  allAuthors: 'Tous les intervenants',
  from: 'Du',
  to: 'Au',
  search: 'Rechercher un replay',
  searchPlaceholder: 'Titre ou adresse',
  clearFilters: 'Effacer les filtres',
  loading: 'Chargement des replays…',
  loadingMore: 'Chargement de la suite…',
  end: 'Vous avez tout vu.',
  locked: 'Réservé aux VIP',
  list: 'Liste des replays',
  watch: (title: string) => `Regarder : ${title}`,
  videoOf: (title: string) => `Vidéo : ${title}`,
  playbackRate: 'Vitesse de lecture',
  rate: (rate: number) => `×${String(rate).replace('.', ',')}`,
  close: 'Fermer',
  notFound: 'Ce replay n’existe pas ou n’est plus disponible.',
  by: (name: string) => `par ${name}`,
  retry: 'Réessayer',
} as const;
