/**
 * The filters written inside a chat search (issue 21): `de:<pseudo>` (author), `a:fichier|image|lien`
 * (has a document, an image or a link), `avant:AAAA-MM-JJ` and `après:AAAA-MM-JJ` (also `apres:`),
 * combined with free text. Pure: the server parses the query it decoded with the contract schema;
 * a bad filter is a French error for the member, never a failure.
 */
export const SEARCH_HAS = ['fichier', 'image', 'lien'] as const;
export type SearchHas = (typeof SEARCH_HAS)[number];

export type SearchFilters = {
  /** The free text, its words joined by single spaces ('' when only filters were given). */
  text: string;
  /** A pseudo, without its '@'. */
  author: string | null;
  /** Each kind the message must carry (all of them), in the order first written, without repeats. */
  has: SearchHas[];
  /** Days (AAAA-MM-JJ): messages strictly before `before` and strictly after `after`. */
  before: string | null;
  after: string | null;
};

export type ParsedSearch = { ok: true; filters: SearchFilters } | { ok: false; error: string };

export const SEARCH_FILTER_ERRORS = {
  empty: 'La recherche est vide',
  noAuthor: 'Le filtre de: attend un pseudo (de:coach)',
  unknownHas: (value: string) => `Le filtre a: attend fichier, image ou lien (pas « ${value} »)`,
  badDate: (key: string, value: string) => `Le filtre ${key}: attend une date AAAA-MM-JJ (pas « ${value} »)`,
  twice: (key: string) => `Le filtre ${key}: est donné deux fois`,
  emptyRange: 'La date après: doit précéder la date avant:',
} as const;

const KEYS: Record<string, 'author' | 'has' | 'before' | 'after'> = { de: 'author', a: 'has', à: 'has', avant: 'before', après: 'after', apres: 'after' };
/** How each filter is written back (`formatSearch`). */
const WRITTEN = { author: 'de', has: 'a', before: 'avant', after: 'après' } as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads the filters out of a search; every word that is not a known filter is free text. */
export function parseSearch(query: string): ParsedSearch {
  const filters: SearchFilters = { text: '', author: null, has: [], before: null, after: null };
  const words: string[] = [];
  for (const word of query.split(/\s+/)) {
    if (word === '') continue;
    const colon = word.indexOf(':');
    const field = colon > 0 ? KEYS[word.slice(0, colon).toLowerCase()] : undefined;
    if (field === undefined) {
      words.push(word);
      continue;
    }
    const key = word.slice(0, colon).toLowerCase();
    const value = word.slice(colon + 1);
    if (field === 'author') {
      const pseudo = value.replace(/^@/, '');
      if (pseudo === '') return fail(SEARCH_FILTER_ERRORS.noAuthor);
      if (filters.author !== null) return fail(SEARCH_FILTER_ERRORS.twice(key));
      filters.author = pseudo;
    } else if (field === 'has') {
      const kind = SEARCH_HAS.find((k) => k === value.toLowerCase());
      if (kind === undefined) return fail(SEARCH_FILTER_ERRORS.unknownHas(value));
      if (!filters.has.includes(kind)) filters.has.push(kind);
    } else {
      if (!isDay(value)) return fail(SEARCH_FILTER_ERRORS.badDate(key, value));
      if (filters[field] !== null) return fail(SEARCH_FILTER_ERRORS.twice(key));
      filters[field] = value;
    }
  }
  filters.text = words.join(' ');
  if (filters.text === '' && filters.author === null && filters.has.length === 0 && filters.before === null && filters.after === null) {
    return fail(SEARCH_FILTER_ERRORS.empty);
  }
  if (filters.before !== null && filters.after !== null && filters.after >= filters.before) return fail(SEARCH_FILTER_ERRORS.emptyRange);
  return { ok: true, filters };
}

/** The filters written as a search again (the parser reads back the same filters). */
export function formatSearch(filters: SearchFilters): string {
  const parts = [filters.text];
  if (filters.author !== null) parts.push(`${WRITTEN.author}:${filters.author}`);
  for (const kind of filters.has) parts.push(`${WRITTEN.has}:${kind}`);
  if (filters.before !== null) parts.push(`${WRITTEN.before}:${filters.before}`);
  if (filters.after !== null) parts.push(`${WRITTEN.after}:${filters.after}`);
  return parts.filter((part) => part !== '').join(' ');
}

/** A real calendar day written AAAA-MM-JJ (no 2026-02-30). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const fail = (error: string): ParsedSearch => ({ ok: false, error });
