import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import type { Article, Poll, PollAnswer, Tool } from '../contract/home-content';
import type { ComptoirDatabase } from './database';

/** kv: the ids of the articles the home page lists, newest first. */
export const HOME_ARTICLES_KEY = 'home:articles';
export const POLL_KEY = 'poll:current';
export const articleKey = (id: number) => `article:${id}`;
export const toolKey = (id: number) => `tool:${id}`;

/** A poll answer's key: the question's FNV-1a hash, as questions may be longer than a key. */
export function pollAnswerKey(question: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < question.length; i += 1) hash = Math.imul(hash ^ question.charCodeAt(i), 0x01000193);
  return `pollAnswer:${(hash >>> 0).toString(36)}`;
}

/*
 * The home dashboard's reads (spec 3 §2): each an observable of the store, kept fresh by the
 * content sync and the subscriptions.
 */

/** The running poll and the member's answer to it (null: not answered); null when no poll runs. */
export const poll$ = (db: ComptoirDatabase): Observable<{ poll: Poll; answer: PollAnswer | null } | null> =>
  db.content.findOne(POLL_KEY).$.pipe(
    switchMap((doc) => {
      if (!doc) return of(null);
      const poll = doc.toJSON().data as Poll;
      return db.content.findOne(pollAnswerKey(poll.question)).$.pipe(map((answer) => ({ poll, answer: answer ? (answer.toJSON().data as PollAnswer) : null })));
    }),
  );

/** The newest article of a category (Morning Mood 9, DailyBrief 12), null while none is stored. */
export const latestArticleOf$ = (db: ComptoirDatabase, categoryId: number): Observable<Article | null> =>
  db.content
    .find({ selector: { type: 'article' }, sort: [{ sortKey: 'desc' }] })
    .$.pipe(map((docs) => (docs.map((d) => d.toJSON().data as Article).find((a) => a.attributes.category.id === categoryId) ?? null)));

/** The articles the home page lists, newest first (null until the first answer). */
export const homeArticles$ = (db: ComptoirDatabase): Observable<Article[] | null> =>
  combineLatest([db.kv.findOne(HOME_ARTICLES_KEY).$, db.content.find({ selector: { type: 'article' } }).$]).pipe(
    map(([ids, docs]) => {
      if (!ids) return null;
      const byKey = new Map(docs.map((d) => [d.key, d.toJSON().data as Article]));
      return (ids.toJSON().value as number[]).flatMap((id) => byKey.get(articleKey(id)) ?? []);
    }),
  );

/** The given tools, in the order asked, those stored. */
export const toolsByIds$ = (db: ComptoirDatabase, ids: readonly number[]): Observable<Tool[]> =>
  db.content
    .findByIds(ids.map(toolKey))
    .$.pipe(map((found) => ids.flatMap((id) => { const doc = found.get(toolKey(id)); return doc ? [doc.toJSON().data as Tool] : []; })));
