/*
 * A list's filter remembered on this device (spec 3 §3: the replay category and the news filters
 * are kept in local storage). A full or refused storage remembers nothing and breaks nothing.
 */

export function readChoice(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key) || null;
  } catch {
    return null;
  }
}

export function rememberChoice(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Nothing remembered, nothing broken.
  }
}

/** A remembered category the server no longer lists shows everything (null) once the list is known. */
export const listedOrAll = (chosen: string | null, categories: readonly string[] | null): string | null =>
  chosen !== null && categories !== null && categories.length > 0 && !categories.includes(chosen) ? null : chosen;
