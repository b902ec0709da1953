import { combineLatest, map, type Observable } from 'rxjs';
import type { LoadedPages } from '../domain/paged-list';
import type { ComptoirDatabase } from './database';
import type { ContentDoc, ContentType } from './schemas';

/** kv: the pages of one filter of a list loaded so far (`list`: 'replays', 'news'). */
export const loadedPagesKey = (list: string, filterKey: string): string => `${list}:pages:${filterKey}`;

export type PagedList<T> = {
  /** The list's items, the newest first. */
  items: T[];
  /** null: no page of this filter was loaded yet (the list shows what the store has, for now). */
  pages: LoadedPages | null;
};

/**
 * A filter's list of one content type from the store, the newest first (`sortKey` is the date).
 * The type, and the date range if any, are read through the [type, sortKey] index ascending
 * (FACTS.md: a descending sort is not served by it) and walked from the end; below the oldest item
 * loaded by this filter nothing shows until its last page came. The rest of the filter
 * (`matches`) is checked here: the lists are small.
 */
export function pagedList$<K extends ContentType>(
  db: ComptoirDatabase,
  list: { type: K; pagesKey: string; matches: (item: DataOf<K>) => boolean; from?: number | null; to?: number | null },
): Observable<PagedList<DataOf<K>>> {
  const range: { $gte?: number; $lte?: number } = {};
  if (list.from != null) range.$gte = list.from;
  if (list.to != null) range.$lte = list.to;
  const selector = range.$gte !== undefined || range.$lte !== undefined ? { type: list.type, sortKey: range } : { type: list.type };
  const stored$ = db.content.find({ selector, sort: [{ sortKey: 'asc' }] }).$;
  const pages$ = db.kv.findOne(list.pagesKey).$;
  return combineLatest([stored$, pages$]).pipe(
    map(([docs, pagesDoc]) => {
      const pages = (pagesDoc?.toJSON().value as LoadedPages | undefined) ?? null;
      const floor = pages && !pages.end && pages.oldest !== null ? pages.oldest : -Infinity;
      const items: DataOf<K>[] = [];
      for (let k = docs.length - 1; k >= 0; k -= 1) {
        const doc = docs[k]!;
        if (doc.sortKey < floor) break;
        const item = doc.toJSON().data as unknown as DataOf<K>;
        if (list.matches(item)) items.push(item);
      }
      return { items, pages };
    }),
  );
}

/** The stored document of a type with this slug (null: none stored). */
export function contentBySlug$<K extends 'replay' | 'article'>(db: ComptoirDatabase, type: K, slug: string): Observable<DataOf<K> | null> {
  return db.content.find({ selector: { type } }).$.pipe(
    map((docs) => {
      const found = docs.map((d) => d.toJSON().data as unknown as DataOf<K>).find((data) => data.attributes.slug === slug);
      return found ?? null;
    }),
  );
}

/** The data a content type's documents hold. */
export type DataOf<K extends ContentType> = Extract<ContentDoc, { type: K }>['data'];
