import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  BILLING_PATHS,
  cardsResponse,
  invoicesResponse,
  localCardToken,
  purchaseAnswer,
  subscriptionsResponse,
  type PurchaseAnswer,
  type PurchaseInput,
} from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { users, userSubscriptions } from '../../server/db/schema';
import { REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { AFFILIATION_PATHS, createAffiliationAnswer } from '../../src/contract/referral';
import type { TestServer } from './test-server';

/** The card provider's test cards (spec: Stripe's). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  confirm: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
  chargesFail: '4000 0000 0000 0341',
} as const;

export const rest = (path: string) => `${REST_BASE}${path}`;

/** Billing calls of one test server, decoded with the contract. */
export function billingClient(server: TestServer) {
  const tokens = new Map<string, Promise<string>>();
  const token = (account: string): Promise<string> => {
    let pending = tokens.get(account);
    if (!pending) {
      pending = server.tokenOf(account);
      tokens.set(account, pending);
    }
    return pending;
  };

  /** A token of the local card field for a test card. */
  async function cardToken(number: string): Promise<string> {
    const response = await server.post(rest(BILLING_PATHS.localCardToken), { number, exp_month: 12, exp_year: 2040, cvc: '123', name: 'Marie Lefèvre' });
    expect(response.status).toBe(200);
    return localCardToken.parse(await response.json()).token;
  }

  /** VIP monthly (box 1, offer 1) unless told otherwise. */
  const purchaseBody = (sourceToken: string, over: Partial<PurchaseInput> = {}): PurchaseInput => ({ boxId: 1, offerId: 1, optionSelected: false, sourceToken, coupon: '', ...over });

  async function purchase(account: string, body: PurchaseInput): Promise<{ status: number; answer: PurchaseAnswer | null; error: string | null }> {
    const response = await server.post(rest(BILLING_PATHS.purchase), body, await token(account));
    const json = (await response.json()) as { error?: string };
    if (response.status === 200) return { status: 200, answer: purchaseAnswer.parse(json), error: null };
    return { status: response.status, answer: null, error: json.error ?? null };
  }

  async function buy(account: string, card: string, over: Partial<PurchaseInput> = {}): Promise<PurchaseAnswer> {
    const result = await purchase(account, purchaseBody(await cardToken(card), over));
    if (!result.answer) throw new Error(`achat refusé : ${result.status} ${result.error}`);
    return result.answer;
  }

  const getJson = async <T>(account: string, path: string, schema: { parse(value: unknown): T }): Promise<T> => {
    const response = await server.get(rest(path), await token(account));
    expect(response.status).toBe(200);
    return schema.parse(await response.json());
  };

  return {
    token,
    cardToken,
    purchaseBody,
    purchase,
    buy,
    subscriptions: (account: string) => getJson(account, BILLING_PATHS.subscriptions, subscriptionsResponse),
    invoices: (account: string) => getJson(account, BILLING_PATHS.invoices, invoicesResponse),
    cards: (account: string) => getJson(account, BILLING_PATHS.cards, cardsResponse),
    /** The expiry of a subscription id of a demo account, read from the database. */
    async expiryOf(account: string, subscriptionId: number): Promise<Date | null> {
      const [row] = await server.database.db
        .select({ expiresAt: userSubscriptions.expiresAt })
        .from(userSubscriptions)
        .innerJoin(users, eq(users.id, userSubscriptions.userId))
        .where(and(eq(users.username, account), eq(userSubscriptions.subscriptionId, subscriptionId)))
        .limit(1);
      return row?.expiresAt ?? null;
    },
  };
}

/**
 * A new member signed up through GraphQL with the demo password (so `tokenOf` signs them in): a
 * fresh account per test keeps the tests independent. The server needs a raised `registerLimit`.
 */
export async function newMember(server: TestServer, username: string): Promise<string> {
  const answer = await server.graphql(REGISTER_MUTATION, { input: { username, email: `${username}@exemple.test`, password: DEMO_PASSWORD } });
  expect(answer.errors).toBeUndefined();
  return username;
}

/** A member with an affiliation (the referral programme); returns the account and its code. */
export async function newReferrer(server: TestServer, username: string): Promise<{ account: string; code: string }> {
  const account = await newMember(server, username);
  const response = await server.post(rest(AFFILIATION_PATHS.affiliation), {}, await server.tokenOf(account));
  expect(response.status).toBe(200);
  return { account, code: createAffiliationAnswer.parse(await response.json()).affiliation.code };
}

/** A visitor who opened a referral link (its cookies, or none) and then registered. */
export async function newReferee(server: TestServer, username: string, code: string | null): Promise<string> {
  const response = await fetch(`${server.url}/content/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(code ? { cookie: `aff=${code}; affint=${code}` } : {}) },
    body: JSON.stringify({ query: REGISTER_MUTATION, variables: { input: { username, email: `${username}@exemple.test`, password: DEMO_PASSWORD } } }),
  });
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
  return username;
}
