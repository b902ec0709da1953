/**
 * The room switcher's fuzzy match (issue 21): the query's letters must appear in the name in order
 * (a subsequence), accents and case ignored, so 'frx' finds 'Forex' and 'debut' finds 'Débutants'.
 * The score prefers letters that follow each other and letters that start the name or a word, so
 * 'ind' puts 'Indices' before 'Finance des indices'. Pure: the view only sorts by it.
 */

/**
 * The form both sides are compared in: no accents, lower case. Folded one character at a time, so
 * the fold of a subsequence is a subsequence of the fold (a final Greek sigma stays a sigma).
 */
export function foldForMatch(text: string): string {
  let folded = '';
  for (const char of text) folded += char.toLocaleLowerCase('fr').normalize('NFD').replace(/\p{M}/gu, '');
  return folded;
}

/** The score of `query` against `name` (higher is better), or null when it does not match. */
export function fuzzyScore(query: string, name: string): number | null {
  const q = [...foldForMatch(query).replace(/\s+/g, '')];
  const n = [...foldForMatch(name)];
  if (q.length === 0) return 0;
  if (q.length > n.length) return null;
  // best[j]: the best score of the query so far with its last letter at name position j.
  let best: number[] = n.map((letter, j) => (letter === q[0] ? bonusAt(n, j) - j * LEADING_GAP : NONE));
  for (let i = 1; i < q.length; i++) {
    const next: number[] = new Array<number>(n.length).fill(NONE);
    for (let j = i; j < n.length; j++) {
      if (n[j] !== q[i]) continue;
      let top = NONE;
      for (let k = i - 1; k < j; k++) {
        const before = best[k]!;
        if (before === NONE) continue;
        const link = k === j - 1 ? CONSECUTIVE : -GAP * (j - k - 1);
        top = Math.max(top, before + link);
      }
      if (top !== NONE) next[j] = top + bonusAt(n, j);
    }
    best = next;
  }
  const top = Math.max(...best);
  // Among equal matches the shorter name is closer to what was typed.
  return top === NONE ? null : top - (n.length - q.length) * LENGTH;
}

/**
 * The items whose name matches, best first; equal scores keep the items' own order (the room
 * list's), so the order never jumps between two keystrokes that score alike.
 */
export function rankByFuzzy<T>(items: readonly T[], query: string, nameOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, score: fuzzyScore(query, nameOf(item)) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

const NONE = Number.NEGATIVE_INFINITY;
const MATCH = 1;
const CONSECUTIVE = 4;
const WORD_START = 3;
const NAME_START = 3;
const GAP = 0.5;
const LEADING_GAP = 0.1;
const LENGTH = 0.01;

function bonusAt(name: readonly string[], j: number): number {
  if (j === 0) return MATCH + WORD_START + NAME_START;
  return /[\p{L}\p{N}]/u.test(name[j - 1]!) ? MATCH : MATCH + WORD_START;
}
