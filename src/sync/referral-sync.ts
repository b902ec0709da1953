import { AFFILIATION_PATHS, affiliationAnswer, createAffiliationAnswer, referralsAnswer, transfersAnswer } from '../contract/referral';
import type { ComptoirDatabase } from '../store/database';
import { REFERRAL_KEYS } from '../store/referral-queries';
import type { ApiClient } from './api-client';

/**
 * The referral programme's data (spec 3 §7): the affiliation, the referrals and the transfers,
 * decoded with the contract and written to the store; the page reads the store. Every call answers
 * null when it worked, else the message to show (the server's own where it gives one).
 */
export function createReferralSync(deps: { api: ApiClient; db: ComptoirDatabase }) {
  const { api, db } = deps;
  const put = (key: string, value: unknown) => db.kv.upsert({ key, value });

  /** Reads `fetch`'s answer, picks what the store keeps of it and writes it under `key`. */
  async function load<T>(key: string, fetch: () => Promise<{ ok: true; data: T } | { ok: false; error: string }>, kept: (data: T) => unknown = (data) => data): Promise<string | null> {
    const answer = await fetch();
    if (!answer.ok) return answer.error;
    await put(key, kept(answer.data));
    return null;
  }

  return {
    /** The affiliation, the referrals and the transfers; the first failure's message, if any. */
    async refresh(): Promise<string | null> {
      const errors = await Promise.all([
        load(REFERRAL_KEYS.affiliation, () => api.request(affiliationAnswer, 'rest', AFFILIATION_PATHS.affiliation)),
        // The lists come wrapped as `{ data: [...] }` (spec 3 §7): the store keeps the list.
        load(REFERRAL_KEYS.referrals, () => api.request(referralsAnswer, 'rest', AFFILIATION_PATHS.referrals), (answer) => answer.data),
        load(REFERRAL_KEYS.transfers, () => api.request(transfersAnswer, 'rest', AFFILIATION_PATHS.transfers), (answer) => answer.data),
      ]);
      return errors.find((error) => error !== null) ?? null;
    },

    /** 'Créer une affiliation': null once created, else the server's error. */
    async createAffiliation(): Promise<string | null> {
      const answer = await api.request(createAffiliationAnswer, 'rest', AFFILIATION_PATHS.affiliation, { method: 'POST', body: {} });
      return answer.ok ? null : answer.error;
    },
  };
}
export type ReferralSync = ReturnType<typeof createReferralSync>;
