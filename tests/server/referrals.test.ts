import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BILLING_PATHS, couponAnswer } from '../../src/contract/billing';
import { REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { AFFILIATION_MESSAGES, AFFILIATION_PATHS, affiliationAnswer, createAffiliationAnswer, referralsAnswer, transfersAnswer } from '../../src/contract/referral';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { payments, referrals, users, userSubscriptions } from '../../server/db/schema';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { addMonths } from '../../src/domain/pricing';
import { billingClient, CARDS, newMember, newReferee, newReferrer, rest } from './billing-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let billing: ReturnType<typeof billingClient>;
beforeAll(async () => {
  server = await startTestServer({ app: { registerLimit: 1000 } });
  billing = billingClient(server);
}, 60_000);
afterAll(() => server.close());

let counter = 0;
const fresh = (stem: string) => `${stem}${++counter}${Date.now().toString(36).slice(-3)}`;

const get = async (account: string, path: string) => server.get(rest(path), await billing.token(account));
const affiliationOf = async (account: string) => affiliationAnswer.parse(await (await get(account, AFFILIATION_PATHS.affiliation)).json());
const referralsOf = async (account: string) => referralsAnswer.parse(await (await get(account, AFFILIATION_PATHS.referrals)).json()).data;
const transfersOf = async (account: string) => transfersAnswer.parse(await (await get(account, AFFILIATION_PATHS.transfers)).json()).data;

/** A referrer with an affiliation; returns its code. */
const referrer = () => newReferrer(server, fresh('parrain'));
/** A visitor who opened the referral link (its cookies) and registered. */
const referee = (code: string | null) => newReferee(server, fresh('filleul'), code);

const userId = async (username: string) => (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1))[0]!.id;
const runPayouts = (at: Date) => server.post(rest(AFFILIATION_PATHS.localPayouts), { at: at.toISOString() });
const nextMonthFirst = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
};
const connect = async (account: string) => {
  const response = await server.post(rest('/settings/set_stripe_connect'), { code: `ac_${fresh('compte').padEnd(12, 'x')}` }, await billing.token(account));
  expect(response.status).toBe(200);
};

describe('affiliation', () => {
  it('is created once: a unique code and a 20 % coupon of the same code; the link carries it', async () => {
    const account = await newMember(server, fresh('membre'));
    expect((await affiliationOf(account)).affiliation).toBeNull();
    const token = await billing.token(account);
    const created = createAffiliationAnswer.parse(await (await server.post(rest(AFFILIATION_PATHS.affiliation), {}, token)).json());
    expect(created.affiliation.code).toMatch(/^[A-Z0-9]+-[A-Z0-9]{4}$/);
    expect(created.affiliation.ref_coupon).toBe(created.affiliation.code);
    const again = await server.post(rest(AFFILIATION_PATHS.affiliation), {}, token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: AFFILIATION_MESSAGES.alreadyCreated });
    const read = await affiliationOf(account);
    expect(read.affiliation).toEqual(created.affiliation);
    expect(read.referralLink).toBe(`${server.url}/register-for-free?aff=${created.affiliation.code}`);
    expect(read.config.pourcent_abo_apport_conv).toBe(15);
    // Another member can use the coupon: 20 % off every product.
    const coupon = couponAnswer.parse(await (await server.post(rest(BILLING_PATHS.coupon), { coupon: created.affiliation.code.toLowerCase() }, await billing.token('membre'))).json());
    expect(coupon.newPrices).toEqual({ '*': 0.8 });
  });

  it('answers 401 signed out, and each member reads only their own referrals and transfers', async () => {
    expect((await server.get(rest(AFFILIATION_PATHS.affiliation))).status).toBe(401);
    expect((await server.get(rest(AFFILIATION_PATHS.referrals))).status).toBe(401);
    expect((await server.get(rest(AFFILIATION_PATHS.transfers))).status).toBe(401);
    const { account, code } = await referrer();
    const buyer = await referee(code);
    await billing.buy(buyer, CARDS.success);
    expect(await referralsOf(account)).toHaveLength(1);
    expect(await referralsOf(buyer)).toEqual([]);
    expect(await referralsOf('vip')).not.toContainEqual(expect.objectContaining({ user: { username: buyer } }));
  });
});

describe('a purchase through a referral link', () => {
  it('credits one reward, once, even when the confirmation comes twice; pending until the payout', async () => {
    const { account, code } = await referrer();
    const buyer = await referee(code);
    expect((await server.database.db.select({ by: users.referredBy }).from(users).where(eq(users.username, buyer)))[0]!.by).toBe(await userId(account));
    const answer = await billing.buy(buyer, CARDS.confirm);
    const confirm = () => server.post(rest(BILLING_PATHS.localConfirm), { clientSecret: answer.clientSecret, action: 'authenticate' });
    await Promise.all([confirm(), confirm()]);
    await confirm();
    // The provider's verdict applied again (a webhook after the confirmation): nothing changes.
    const [paid] = await server.database.db.select().from(payments).where(eq(payments.userId, await userId(buyer)));
    await server.billing.settle(paid!.id, { status: 'succeeded' });
    const list = await referralsOf(account);
    expect(list).toHaveLength(1);
    // VIP monthly, 49 € excluding VAT, 20 % VAT; the referrer has no payout account: one free month.
    expect(list[0]).toMatchObject({ user: { username: buyer }, recu: { montant: 49 }, tvaPercent: 20, affilationPaid: false, reward: { kind: 'freeMonths', months: 1 } });
    expect(await server.database.db.select().from(referrals).where(eq(referrals.refereeId, await userId(buyer)))).toHaveLength(1);
  });

  it('with a validated payout account: 15 % of the amount excluding VAT after coupon, first purchase only', async () => {
    const { account, code } = await referrer();
    await connect(account);
    // No cookie: the referral coupon alone records the referrer.
    const buyer = await referee(null);
    await billing.buy(buyer, CARDS.success, { coupon: code });
    const [first] = await referralsOf(account);
    // 49 × 0.8 = 39.20 € excluding VAT → 5.88 €.
    expect(first).toMatchObject({ recu: { montant: 39.2 }, reward: { kind: 'commission', amount: 5.88 }, affilationPaid: false });
    // A second purchase by the same referee earns nothing.
    await billing.buy(buyer, CARDS.success, { boxId: 3, offerId: 8 });
    expect(await referralsOf(account)).toHaveLength(1);
  });

  it('records the referrer from the checkout references when the registration had no cookie', async () => {
    const { account, code } = await referrer();
    const buyer = await referee(null);
    await billing.buy(buyer, CARDS.success, { reference_cnv: code, reference_int: '' });
    expect(await referralsOf(account)).toHaveLength(1);
  });

  it('refuses a member their own code: the coupon is refused and their own cookie records nothing', async () => {
    const { account, code } = await referrer();
    const own = await billing.purchase(account, billing.purchaseBody(await billing.cardToken(CARDS.success), { coupon: code }));
    expect(own).toMatchObject({ status: 400, error: AFFILIATION_MESSAGES.ownCode });
    await billing.buy(account, CARDS.success, { reference_cnv: code, reference_int: code });
    expect((await server.database.db.select({ by: users.referredBy }).from(users).where(eq(users.username, account)))[0]!.by).toBeNull();
    expect(await referralsOf(account)).toEqual([]);
  });

  it('keeps the first referrer, and gives nothing to a referrer met after the first purchase', async () => {
    const first = await referrer();
    const second = await referrer();
    const buyer = await referee(first.code);
    await billing.buy(buyer, CARDS.success, { reference_cnv: second.code });
    expect(await referralsOf(first.account)).toHaveLength(1);
    expect(await referralsOf(second.account)).toEqual([]);
    const late = await referee(null);
    await billing.buy(late, CARDS.success);
    await billing.buy(late, CARDS.success, { boxId: 3, offerId: 8, reference_cnv: second.code });
    expect(await referralsOf(second.account)).toEqual([]);
  });
});

describe('the monthly payout', () => {
  it('pays the previous month once, as a transfer to the connected account, even when run twice', async () => {
    const { account, code } = await referrer();
    await connect(account);
    const buyer = await referee(code);
    await billing.buy(buyer, CARDS.success);
    // This month's referral waits for next month's 1st.
    const early = await (await runPayouts(new Date())).json();
    expect(early).toMatchObject({ payouts: expect.any(Number) });
    expect((await referralsOf(account))[0]!.affilationPaid).toBe(false);
    const at = nextMonthFirst();
    const [one, two] = await Promise.all([runPayouts(at), runPayouts(at)]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    await runPayouts(at);
    const transfers = await transfersOf(account);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 7.35, stripeConnectId: expect.stringMatching(/^acct_local_/) });
    expect((await referralsOf(account))[0]!.affilationPaid).toBe(true);
  });

  it('adds the free months to the VIP once, recorded as a transfer in months', async () => {
    const { account, code } = await referrer();
    const buyer = await referee(code);
    await billing.buy(buyer, CARDS.success);
    const at = nextMonthFirst();
    await runPayouts(at);
    await runPayouts(at);
    const transfers = await transfersOf(account);
    expect(transfers).toEqual([expect.objectContaining({ amount: 1, stripeConnectId: null })]);
    const [vip] = await server.database.db
      .select({ expiresAt: userSubscriptions.expiresAt })
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, await userId(account)), eq(userSubscriptions.subscriptionId, SUBSCRIPTION.VIP)));
    expect(vip!.expiresAt.getTime()).toBe(addMonths(at, 1).getTime());
    expect((await referralsOf(account))[0]!.affilationPaid).toBe(true);
  });

  it('refuses a bad date with a French 400', async () => {
    const response = await server.post(rest(AFFILIATION_PATHS.localPayouts), { at: 'demain' });
    expect(response.status).toBe(400);
  });
});

describe('the payout account connection', () => {
  it('starts at the local provider page with the member id as state, which sends back a code', async () => {
    const account = await newMember(server, fresh('connecte'));
    const token = await billing.token(account);
    const start = await fetch(`${server.url}${rest(AFFILIATION_PATHS.connectStart)}`, { headers: { cookie: `access_token=${token}` }, redirect: 'manual' });
    expect(start.status).toBe(302);
    const location = start.headers.get('location')!;
    expect(location).toBe(`${rest(AFFILIATION_PATHS.localConnect)}?state=${await userId(account)}`);
    const page = await (await fetch(`${server.url}${location}`)).text();
    const code = /\/stripe_connect\?code=(ac_[a-f0-9]+)&amp;state=(\d+)/.exec(page);
    expect(code?.[2]).toBe(String(await userId(account)));
    const linked = await server.post(rest('/settings/set_stripe_connect'), { code: code![1], state: code![2] }, token);
    expect(linked.status).toBe(200);
    expect((await affiliationOf(account)).stripeConnectId).toMatch(/^acct_local_/);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const start = await fetch(`${server.url}${rest(AFFILIATION_PATHS.connectStart)}`, { redirect: 'manual' });
    expect(start.status).toBe(401);
    expect(await start.text()).toContain('Connectez-vous');
  });
});
