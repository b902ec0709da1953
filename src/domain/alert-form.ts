import type { Trade, TradeFields } from '../contract/alerts';

/** Alert titles offered by the authoring form (spec 2 §2: about 33, e.g. briefing, pédagogie, live…). */
export const ALERT_TITLES = [
  'Briefing du matin',
  'Briefing de la semaine',
  'Débriefing',
  'Pédagogie',
  'Live',
  'Replay',
  'Scalping',
  'Swing',
  'Trade du jour',
  'Idée de trade',
  'Position ouverte',
  'Prise de profits partielle',
  'Stop au point mort',
  'Clôture de position',
  'Stop touché',
  'Objectif atteint',
  'Alerte volatilité',
  'Annonce économique',
  'Calendrier économique',
  'Analyse technique',
  'Analyse fondamentale',
  'Forex',
  'Indices',
  'Crypto',
  'Matières premières',
  'Actions',
  'Gestion du risque',
  'Psychologie du trader',
  'Point marché',
  'Niveaux clés',
  'Mise à jour',
  'Information importante',
  'Question de la communauté',
] as const;

export const ALERT_TEXT = {
  /** Issue 22: an urgent alert rings and stays on top until each member acknowledges it. */
  urgent: 'Urgent',
  urgentField: 'Alerte urgente (sonne et reste en tête jusqu’à confirmation de lecture)',
  acknowledge: 'Bien reçu',
  acknowledged: 'Reçu',
  acksCount: (n: number) => `${n} membre${n > 1 ? 's ont' : ' a'} bien reçu`,
  acksTitle: 'Ils ont bien reçu',
  noAcks: 'Personne n’a encore confirmé la lecture.',
  created: "La notification a bien été envoyée. Elle sera visible d'ici 2 minutes max",
  createdVideo: "La vidéo de votre notification doit être traitée. Elle sera disponible et affichée d'ici 5 minutes max",
  edited: 'La notification a bien été modifiée',
  failed: "Erreur lors de l'envoie de la notification",
  required: 'Ce champs est requis',
  invalidPrice: 'Prix invalide',
  loading: 'Chargement des notifications...',
  empty: 'Aucune notification disponible pour cette room.',
  locked: 'Cette notification est réservée aux membres VIP. Deviens VIP pour y accéder !',
  deleteQuestion: 'Confirmez-vous la suppression de cette notification ?',
  deleteCommentQuestion: 'Souhaites-tu supprimer ce message ?',
  seeMore: 'Voir plus',
  seeLess: 'Voir moins',
  pageTitle: (room: string) => `Notif. ${room}`,
  newAlert: 'Nouvelle notification',
  editAlert: 'Modifier la notification',
} as const;

export const TRADE_PRICE_FIELDS = ['enter', 'sl', 'be', 'tp1', 'tp2', 'tp3'] as const;
export type TradePriceField = (typeof TRADE_PRICE_FIELDS)[number];
export type TradeDraft = { name: string; order: Trade['order'] } & Record<TradePriceField, string>;

/** A typed price: empty is no price, French or English decimals are numbers, anything else is invalid. */
export function parsePrice(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

/** The trade block's numeric fields converted to numbers (spec 2 §3 Trade), or the invalid fields. */
export function tradeOf(draft: TradeDraft): { trade: TradeFields } | { invalid: TradePriceField[] } {
  const invalid: TradePriceField[] = [];
  const prices = {} as Record<TradePriceField, number | null>;
  for (const field of TRADE_PRICE_FIELDS) {
    const price = parsePrice(draft[field]);
    if (price === 'invalid') invalid.push(field);
    else prices[field] = price;
  }
  return invalid.length > 0 ? { invalid } : { trade: { name: draft.name.trim(), order: draft.order, ...prices } };
}

export const emptyTrade = (): TradeDraft => ({ name: '', order: '', enter: '', sl: '', be: '', tp1: '', tp2: '', tp3: '' });

/** The alert form's text of a trade, for editing. */
export function tradeDraftOf(trade: TradeFields | Trade | null): TradeDraft {
  if (!trade) return emptyTrade();
  const text = (n: number | null) => (n === null ? '' : String(n));
  return { name: trade.name, order: trade.order, enter: text(trade.enter), sl: text(trade.sl), be: text(trade.be), tp1: text(trade.tp1), tp2: text(trade.tp2), tp3: text(trade.tp3) };
}

/** Trade updates (issue 22): each kind's line in the trade's timeline, and the form's words. */
export const TRADE_UPDATE_TEXT = {
  button: 'Mettre à jour le trade',
  title: 'Mise à jour du trade',
  kind: 'Mise à jour',
  price: 'Prix',
  publish: 'Publier la mise à jour',
  cancel: 'Annuler',
  published: 'La mise à jour du trade a bien été publiée',
  timeline: 'Suivi du trade',
  kinds: { sl: 'Stop déplacé', be: 'Stop au point mort', tp1: 'TP1 atteint', tp2: 'TP2 atteint', tp3: 'TP3 atteint', closed: 'Position clôturée' },
  priceRequired: 'Le prix est requis pour déplacer le stop.',
  noTrade: 'Cette notification n’a pas de trade.',
  tooMany: 'Ce trade a déjà reçu trop de mises à jour.',
  closed: 'Ce trade est déjà clôturé.',
} as const;

/** One update's line: 'Stop déplacé à 1,083', 'TP1 atteint', 'Position clôturée à 1,09'. */
export function tradeUpdateLine(update: { kind: keyof typeof TRADE_UPDATE_TEXT.kinds; price: number | null }, format: (price: number) => string): string {
  const label = TRADE_UPDATE_TEXT.kinds[update.kind];
  return update.price === null ? label : `${label} à ${format(update.price)}`;
}
