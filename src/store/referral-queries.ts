import { map, type Observable } from 'rxjs';
import type { AffiliationAnswer, Referral, Transfer } from '../contract/referral';
import type { ComptoirDatabase } from './database';

/**
 * The member's referral programme (spec 3 §2 "Affiliation"), small keyed state (`kv`) written by
 * the referral sync: the affiliation with its link and payout mode, the referrals, the transfers.
 * Sign-out removes the database with them.
 */
export const REFERRAL_KEYS = {
  affiliation: 'referral:affiliation',
  referrals: 'referral:referrals',
  transfers: 'referral:transfers',
} as const;

const kvValue$ = <T>(db: ComptoirDatabase, key: string): Observable<T | null> =>
  db.kv.findOne(key).$.pipe(map((doc) => (doc ? (doc.toJSON().value as T) : null)));

/** null until the first answer. */
export const affiliation$ = (db: ComptoirDatabase) => kvValue$<AffiliationAnswer>(db, REFERRAL_KEYS.affiliation);
export const referrals$ = (db: ComptoirDatabase) => kvValue$<Referral[]>(db, REFERRAL_KEYS.referrals);
export const transfers$ = (db: ComptoirDatabase) => kvValue$<Transfer[]>(db, REFERRAL_KEYS.transfers);
