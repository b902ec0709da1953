import { z } from 'zod/mini';
import {
  BILLING_PATHS,
  BOXES_QUERY,
  boxesResponse,
  cancelSubscriptionAnswer,
  cardsResponse,
  checkNewAnswer,
  countriesResponse,
  invoicesResponse,
  paymentConfig,
  subscriptionsResponse,
  upgradeData,
  type Box,
  type CheckNewAnswer,
} from '../contract/billing';
import { STRIPE_CONNECT_MESSAGES, STRIPE_CONNECT_PATH, stripeConnectAnswer } from '../contract/stripe-connect';
import type { ComptoirDatabase } from '../store/database';
import { BILLING_KEYS, boxKey, type UpgradeState } from '../store/billing-queries';
import type { ContentDoc } from '../store/schemas';
import type { ApiClient } from './api-client';

/** Intents whose answer only matters for its `error`: what they change is reread after. */
const anyAnswer = z.unknown();

/**
 * The billing side of the sync layer (spec 1 §7): it fetches the catalogue and the member's
 * subscriptions, invoices and cards, decodes them with the contract, and writes the store; the
 * views read the store and call the intents here. Every intent answers null when it worked, else
 * the message to show (the server's own where it gives one).
 */
export function createBillingSync(deps: {
  api: ApiClient;
  db: ComptoirDatabase;
  /** Reloads the signed-in member (their subscriptions) into the store. */
  refreshUser: () => void;
}) {
  const { api, db } = deps;
  const put = (key: string, value: unknown) => db.kv.upsert({ key, value });

  async function loadBoxes(): Promise<string | null> {
    const answer = await api.graphql(boxesResponse, BOXES_QUERY);
    if (!answer.ok) return answer.error;
    await foldBoxes(db, answer.data.boxes);
    return null;
  }

  async function loadCountries(): Promise<string | null> {
    const answer = await api.request(countriesResponse, 'rest', BILLING_PATHS.countries);
    if (!answer.ok) return answer.error;
    await put(BILLING_KEYS.countries, answer.data);
    return null;
  }

  async function loadPaymentConfig(): Promise<string | null> {
    const answer = await api.request(paymentConfig, 'rest', BILLING_PATHS.paymentConfig);
    if (!answer.ok) return answer.error;
    await put(BILLING_KEYS.paymentConfig, answer.data);
    return null;
  }

  async function loadSubscriptions(): Promise<string | null> {
    const answer = await api.request(subscriptionsResponse, 'rest', BILLING_PATHS.subscriptions);
    if (!answer.ok) return answer.error;
    await put(BILLING_KEYS.subscriptions, answer.data);
    // The member's subscriptions come with it: the account document follows at once.
    const me = await db.account.findOne('me').exec();
    if (me) await me.incrementalPatch({ user: { ...me.toJSON().user, abonnements: answer.data.abonnements }, updatedAt: Date.now() });
    return null;
  }

  async function loadInvoices(): Promise<string | null> {
    const answer = await api.request(invoicesResponse, 'rest', BILLING_PATHS.invoices);
    if (!answer.ok) return answer.error;
    await put(BILLING_KEYS.invoices, answer.data);
    return null;
  }

  async function loadCards(): Promise<string | null> {
    const answer = await api.request(cardsResponse, 'rest', BILLING_PATHS.cards);
    if (!answer.ok) return answer.error;
    await put(BILLING_KEYS.cards, answer.data);
    return null;
  }

  const firstError = (results: (string | null)[]) => results.find((r) => r !== null) ?? null;

  const sync = {
    /** What anyone needs to buy: the boxes, the countries' VAT and the payment providers. */
    async loadCatalogue(): Promise<string | null> {
      return firstError(await Promise.all([loadBoxes(), loadCountries(), loadPaymentConfig()]));
    },

    /** The member's subscriptions, invoices and cards. */
    async loadAccount(): Promise<string | null> {
      return firstError(await Promise.all([loadSubscriptions(), loadInvoices(), loadCards()]));
    },

    loadCards,

    /** `GET /settings/upgrade`: what adding Live costs now, or why it is not offered. */
    async loadUpgrade(): Promise<void> {
      const answer = await api.request(upgradeData, 'rest', BILLING_PATHS.upgrade);
      const state: UpgradeState = answer.ok ? { ok: true, data: answer.data } : { ok: false, error: answer.error };
      await put(BILLING_KEYS.upgrade, state);
    },

    /** `POST /settings/cards/add` with a card token; the cards are reread. */
    async addCard(token: string): Promise<string | null> {
      const answer = await api.request(anyAnswer, 'rest', BILLING_PATHS.addCard, { method: 'POST', body: { token } });
      if (!answer.ok) return answer.error;
      return loadCards();
    },

    /** `DELETE /settings/cards` */
    async deleteCard(cardId: string): Promise<string | null> {
      const answer = await api.request(anyAnswer, 'rest', BILLING_PATHS.cards, { method: 'DELETE', body: { cardId } });
      if (!answer.ok) return answer.error;
      return loadCards();
    },

    /** `POST /settings/cancel_subscription`: the renewal stops; the summary is reread. */
    async cancelSubscription(stripeSubscriptionId: string): Promise<string | null> {
      const answer = await api.request(cancelSubscriptionAnswer, 'rest', BILLING_PATHS.cancelSubscription, {
        method: 'POST',
        body: { stripeSubscriptionId },
      });
      if (!answer.ok) return answer.error;
      await loadSubscriptions();
      return null;
    },

    /**
     * A payment was confirmed: the member, their subscriptions, invoices and cards are reread, so
     * what they bought shows without a reload; `checknew` takes the confirmation off the server's list.
     */
    async afterPayment(): Promise<CheckNewAnswer | null> {
      deps.refreshUser();
      const [news] = await Promise.all([sync.checkNew(), sync.loadAccount(), sync.loadUpgrade()]);
      return news;
    },

    /**
     * `POST /settings/set_stripe_connect`: the member's payout account linked from the provider's
     * code; the member is reread (their stripeConnectId).
     */
    async linkPayoutAccount(link: { code: string; state: string | null }): Promise<string | null> {
      // Without a code there is nothing to ask the server (spec 1 §8).
      if (link.code.trim() === '') return STRIPE_CONNECT_MESSAGES.missingCode;
      const body = link.state ? { code: link.code, state: link.state } : { code: link.code };
      const answer = await api.request(stripeConnectAnswer, 'rest', STRIPE_CONNECT_PATH, { method: 'POST', body });
      if (!answer.ok) return answer.error;
      deps.refreshUser();
      return null;
    },

    /** `GET /settings/checknew`: a payment confirmed elsewhere (a crypto page, a renewal). */
    async checkNew(): Promise<CheckNewAnswer | null> {
      const answer = await api.request(checkNewAnswer, 'rest', BILLING_PATHS.checkNew);
      if (!answer.ok) return null;
      const me = await db.account.findOne('me').exec();
      if (answer.data.new && me) await me.incrementalPatch({ user: { ...me.toJSON().user, abonnements: answer.data.abonnements }, updatedAt: Date.now() });
      return answer.data;
    },
  };
  return sync;
}
export type BillingSync = ReturnType<typeof createBillingSync>;

/** The boxes answer is the whole catalogue: boxes it no longer lists are removed. */
export async function foldBoxes(db: ComptoirDatabase, boxes: readonly Box[]): Promise<void> {
  const docs: ContentDoc[] = boxes.map((box, index) => ({ key: boxKey(index), type: 'box', sortKey: index, data: box }));
  const kept = new Set(docs.map((d) => d.key));
  const stale = (await db.content.find({ selector: { type: 'box' } }).exec()).map((d) => d.key).filter((key) => !kept.has(key));
  if (stale.length > 0) await db.content.bulkRemove(stale);
  if (docs.length > 0) await db.content.bulkUpsert(docs);
}
