/**
 * A room's keyword filter (issue 22): words or phrases a moderator lists for a room, each either
 * blocked (the message is refused, with why) or held for review (the message waits for a
 * moderator, who lets it through or refuses it). Matching ignores case and accents and takes whole
 * words only: 'arnaque' catches 'ARNAQUE !', 'arnaqué' and 'l'arnaque', not 'arnaques' (list both
 * when both are meant). Moderators and staff are never filtered.
 */
import { CHAT_TEXT } from './chat-text-fr';

import { KEYWORD_ACTIONS, type KeywordAction } from '../contract/reports';

export { KEYWORD_ACTIONS, type KeywordAction };
export type KeywordRule = { keyword: string; action: KeywordAction };

export const KEYWORD_MIN = 2;
export const KEYWORD_MAX = 60;
/** Rules a room holds at most: the filter runs on every post of the room. */
export const KEYWORD_RULES_MAX = 100;

/** Lower case, accents and other marks gone, every run of non-letters and non-digits one space. */
export function normaliseForFilter(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The rule a text falls under, or null: a blocking rule wins over a holding one, then the first
 * listed. A rule whose keyword normalises to nothing never matches.
 */
export function matchKeyword(text: string, rules: readonly KeywordRule[]): KeywordRule | null {
  if (rules.length === 0) return null;
  const padded = ` ${normaliseForFilter(text)} `;
  let held: KeywordRule | null = null;
  for (const rule of rules) {
    const keyword = normaliseForFilter(rule.keyword);
    if (keyword === '' || !padded.includes(` ${keyword} `)) continue;
    if (rule.action === 'block') return rule;
    held ??= rule;
  }
  return held;
}

/**
 * A moderator's list made tidy, or why it cannot be kept: keywords trimmed, each between
 * KEYWORD_MIN and KEYWORD_MAX characters, at most KEYWORD_RULES_MAX, one rule per normalised
 * keyword (the last one given wins), in the order given.
 */
export function tidyRules(rules: readonly KeywordRule[]): { rules: KeywordRule[] } | { error: string } {
  const byKey = new Map<string, KeywordRule>();
  for (const rule of rules) {
    const keyword = rule.keyword.trim().replace(/\s+/g, ' ');
    if (keyword.length < KEYWORD_MIN || keyword.length > KEYWORD_MAX) return { error: KEYWORD_TEXT.badLength };
    const key = normaliseForFilter(keyword);
    if (key === '') return { error: KEYWORD_TEXT.noLetters };
    byKey.delete(key);
    byKey.set(key, { keyword, action: rule.action });
  }
  if (byKey.size > KEYWORD_RULES_MAX) return { error: KEYWORD_TEXT.tooMany };
  return { rules: [...byKey.values()] };
}

export const KEYWORD_TEXT = {
  title: CHAT_TEXT.keywordFilter,
  open: 'Filtre de mots de la room',
  intro: 'Les messages contenant ces mots sont bloqués, ou retenus jusqu’à ce qu’un modérateur les valide. Les modérateurs ne sont pas filtrés.',
  keyword: 'Mot ou expression',
  action: 'Action',
  actions: { block: 'Bloquer', hold: 'Retenir pour validation' } satisfies Record<KeywordAction, string>,
  add: 'Ajouter',
  remove: (keyword: string) => `Retirer « ${keyword} »`,
  empty: 'Aucun mot filtré dans cette room.',
  save: 'Enregistrer',
  cancel: 'Annuler',
  retry: 'Réessayer',
  loading: 'Chargement du filtre…',
  saved: (room: string) => `Filtre de mots enregistré pour ${room}`,
  badLength: `Un mot filtré compte de ${KEYWORD_MIN} à ${KEYWORD_MAX} caractères.`,
  noLetters: 'Un mot filtré doit contenir des lettres ou des chiffres.',
  tooMany: `Une room filtre au plus ${KEYWORD_RULES_MAX} mots.`,
  duplicate: 'Ce mot est déjà dans la liste.',
  /** The refusal of a blocked message (the outbox row shows it). */
  blocked: 'Ce message contient un mot interdit dans cette room.',
  /** A held message's row, until a moderator decides. */
  held: CHAT_TEXT.heldForReview,
  /** A held message a moderator refused. */
  rejected: 'Message refusé par la modération.',
  queue: 'Messages retenus',
  queueEmpty: 'Aucun message retenu',
  heldBecause: (keyword: string) => `Retenu pour « ${keyword} »`,
  approve: 'Valider',
  reject: 'Refuser',
  approved: 'Le message a été publié',
  rejectedDone: 'Le message a été refusé',
  decidedElsewhere: 'Ce message a déjà été traité.',
} as const;
