/** The news' French text (spec 3 §2, §8), exactly as the spec writes it where it names one. */
export const NEWS_TEXT = {
  pageTitle: 'Actualités',
  /** Spec 3 §2: an article younger than 3 days. */
  newBadge: 'NOUVEAU',
  /** Spec 3 §2: the article page's way back. */
  backToNews: 'Retour aux news',
  /** Spec 3 §8: a filter that matches nothing. */
  emptyCategory: 'Pas de contenus dans cette catégorie',
  // Ours: what the spec leaves unnamed.
  categories: 'Catégories d’actualités',
  allCategories: 'Toutes',
  list: 'Liste des actualités',
  loading: 'Chargement des actualités…',
  loadingMore: 'Chargement de la suite…',
  loadingArticle: 'Chargement de l’article…',
  notFound: 'Cet article est introuvable.',
  articleTitle: 'Article',
  category: 'Catégorie',
  publishedOn: 'Publié le',
  listen: 'Écouter l’article',
  retry: 'Réessayer',
} as const;
