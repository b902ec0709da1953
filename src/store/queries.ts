import { map, type Observable } from 'rxjs';
import type { User } from '../contract/user';
import type { PlanningItem } from '../contract/planning';
import type { AdBanner, UpsellBanner } from '../contract/banners';
import type { ComptoirDatabase } from './database';

/** Query builders: each returns an observable the views subscribe to. Names end in `$`. */

export const currentUser$ = (db: ComptoirDatabase): Observable<User | null> =>
  db.account.findOne('me').$.pipe(map((doc) => (doc ? (doc.toJSON().user as User) : null)));

export const planningQuery = (db: ComptoirDatabase) =>
  db.content.find({ selector: { type: 'planning' }, sort: [{ sortKey: 'asc' }] });

export const planning$ = (db: ComptoirDatabase): Observable<PlanningItem[]> =>
  planningQuery(db).$.pipe(map((docs) => docs.map((d) => d.toJSON().data as PlanningItem)));

export const adBanner$ = (db: ComptoirDatabase): Observable<AdBanner | null> =>
  db.content.findOne('banner:ad').$.pipe(map((d) => (d ? (d.toJSON().data as AdBanner) : null)));

export const upsellBanner$ = (db: ComptoirDatabase): Observable<UpsellBanner | null> =>
  db.content
    .findOne('banner:upsell')
    .$.pipe(map((d) => (d ? (d.toJSON().data as UpsellBanner) : null)));

export const unreadConversationsQuery = (db: ComptoirDatabase) =>
  db.conversations.count({ selector: { unreadMessages: { $gt: 0 } } });

/** The top bar badge: the number of conversations with unread messages (spec 2 §3). */
export const unreadConversationCount$ = (db: ComptoirDatabase): Observable<number> =>
  unreadConversationsQuery(db).$;
