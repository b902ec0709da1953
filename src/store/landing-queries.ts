import { map, type Observable } from 'rxjs';
import type { Tool } from '../contract/home-content';
import type { LandingPage, SiteLinks, SocialMedia } from '../contract/landing';
import type { ComptoirDatabase } from './database';
import { toolKey } from './home-queries';

/*
 * The toolbox's, the socials', the landing pages' and the site links' reads (spec 3 §2): each an
 * observable of the store, kept fresh by the landing sync when their screens open.
 */

export const socialKey = (id: number) => `social:${id}`;
export const landingPageKey = (slug: string) => `landingPage:${slug}`;
export const SITE_LINKS_KEY = 'siteLinks';

/** Every stored tool by `ordre`, through the [type, sortKey] index. */
export const toolsQuery = (db: ComptoirDatabase) => db.content.find({ selector: { type: 'tool' }, sort: [{ sortKey: 'asc' }] });

export const tools$ = (db: ComptoirDatabase): Observable<Tool[]> => toolsQuery(db).$.pipe(map((docs) => docs.map((d) => d.toJSON().data as Tool)));

/** One stored tool (null: none stored under this id). */
export const tool$ = (db: ComptoirDatabase, id: number): Observable<Tool | null> =>
  db.content.findOne(toolKey(id)).$.pipe(map((doc) => (doc ? (doc.toJSON().data as Tool) : null)));

/** The socials in the server's order, through the [type, sortKey] index. */
export const socialsQuery = (db: ComptoirDatabase) => db.content.find({ selector: { type: 'social' }, sort: [{ sortKey: 'asc' }] });

export const socials$ = (db: ComptoirDatabase): Observable<SocialMedia[]> =>
  socialsQuery(db).$.pipe(map((docs) => docs.map((d) => d.toJSON().data as SocialMedia)));

/** A stored landing page (null: none stored under this slug). */
export const landingPage$ = (db: ComptoirDatabase, slug: string): Observable<LandingPage | null> =>
  db.content.findOne(landingPageKey(slug)).$.pipe(map((doc) => (doc ? (doc.toJSON().data as LandingPage) : null)));

/** The configured shop and review addresses (null until first fetched). */
export const siteLinks$ = (db: ComptoirDatabase): Observable<SiteLinks | null> =>
  db.content.findOne(SITE_LINKS_KEY).$.pipe(map((doc) => (doc ? (doc.toJSON().data as SiteLinks) : null)));
