import { map, type Observable } from 'rxjs';
import type { Box, Card, Country, Invoice, PaymentConfig, SubscriptionsResponse, UpgradeData } from '../contract/billing';
import type { ComptoirDatabase } from './database';

/**
 * The billing documents: the boxes are content (`content`, type 'box', in display order); the
 * rest is small keyed state (`kv`): the countries, the payment providers, and the member's
 * subscriptions, invoices, cards and upgrade price. Sign-out removes the database, so nothing of
 * one member's billing outlives their session.
 */
export const BILLING_KEYS = {
  countries: 'billing:countries',
  paymentConfig: 'billing:payment-config',
  subscriptions: 'billing:subscriptions',
  invoices: 'billing:invoices',
  cards: 'billing:cards',
  upgrade: 'billing:upgrade',
} as const;

/** The upgrade price, or why it is not offered (the server's error as is). */
export type UpgradeState = { ok: true; data: UpgradeData } | { ok: false; error: string };

export const boxKey = (index: number) => `box:${index}`;

const kvValue$ = <T>(db: ComptoirDatabase, key: string): Observable<T | null> =>
  db.kv.findOne(key).$.pipe(map((doc) => (doc ? (doc.toJSON().value as T) : null)));

export const boxesQuery = (db: ComptoirDatabase) => db.content.find({ selector: { type: 'box' }, sort: [{ sortKey: 'asc' }] });

export const boxes$ = (db: ComptoirDatabase): Observable<Box[]> =>
  boxesQuery(db).$.pipe(map((docs) => docs.map((doc) => doc.toJSON().data as Box)));

export const countries$ = (db: ComptoirDatabase) => kvValue$<Country[]>(db, BILLING_KEYS.countries);
export const paymentConfig$ = (db: ComptoirDatabase) => kvValue$<PaymentConfig>(db, BILLING_KEYS.paymentConfig);
export const subscriptions$ = (db: ComptoirDatabase) => kvValue$<SubscriptionsResponse>(db, BILLING_KEYS.subscriptions);
export const invoices$ = (db: ComptoirDatabase) => kvValue$<Invoice[]>(db, BILLING_KEYS.invoices);
export const cards$ = (db: ComptoirDatabase) => kvValue$<Card[]>(db, BILLING_KEYS.cards);
export const upgrade$ = (db: ComptoirDatabase) => kvValue$<UpgradeState>(db, BILLING_KEYS.upgrade);
