import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { stripeConnectAnswer } from '../../src/contract/stripe-connect';
import { users } from '../../server/db/schema';
import { ProviderUnavailable } from '../../server/billing/payment-providers';
import { localPayoutAccounts, stripePayoutAccounts } from '../../server/billing/stripe-connect';
import { STRIPE_CONNECT_PER_HOUR } from '../../server/billing/stripe-connect-routes';
import { jsonOf } from './account-helpers';
import { startTestServer, type TestServer } from './test-server';

const INVALID = 'Ce lien de compte de paiement est invalide ou a expiré : recommencez la liaison depuis votre parrainage.';
const PATH = '/rest/settings/set_stripe_connect';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

const stripeConnectIdOf = async (username: string) =>
  (await server.database.db.select({ id: users.stripeConnectId }).from(users).where(eq(users.username, username)))[0]?.id ?? null;

describe('POST /settings/set_stripe_connect (local provider)', () => {
  it('links the payout account from the code, the same account again for the same code, and shows it on the member', async () => {
    const token = await server.tokenOf('live');
    const first = await jsonOf(await server.post(PATH, { code: 'ac_CodeDeTest123' }, token));
    expect(first.status).toBe(200);
    const answer = stripeConnectAnswer.parse(first.body);
    expect(answer.stripeConnectId).toMatch(/^acct_local_[0-9a-f]{16}$/);
    expect(await stripeConnectIdOf('live')).toBe(answer.stripeConnectId);
    expect(await jsonOf(await server.post(PATH, { code: ' ac_CodeDeTest123 ' }, token))).toEqual(first);
    const me = (await (await server.get('/content/api/users/me', token)).json()) as { stripeConnectId: string | null };
    expect(me.stripeConnectId).toBe(answer.stripeConnectId);
  });

  it("answers 'Paramètre manquant' without a code, refuses a malformed or unknown code, and anyone signed out", async () => {
    const token = await server.tokenOf('coach');
    for (const body of [{}, { code: '' }, { code: '   ' }, null]) {
      expect(await jsonOf(await server.post(PATH, body, token))).toEqual({ status: 400, body: { error: 'Paramètre manquant' } });
    }
    for (const code of ['pas un code', 'ac_court', 'xx_CodeDeTest123', 'a'.repeat(300)]) {
      expect(await jsonOf(await server.post(PATH, { code }, token))).toEqual({ status: 400, body: { error: INVALID } });
    }
    expect(await stripeConnectIdOf('coach')).toBeNull();
    expect((await server.post(PATH, { code: 'ac_CodeDeTest123' })).status).toBe(401);
  });

  it("refuses a link opened for another member (the state is the member's id)", async () => {
    const token = await server.tokenOf('analyste');
    const [analyste] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'analyste'));
    expect(await jsonOf(await server.post(PATH, { code: 'ac_CodeDeTest123', state: String(analyste!.id + 1) }, token))).toEqual({
      status: 400,
      body: { error: 'Ce lien de compte de paiement a été ouvert pour un autre compte : connectez-vous avec celui-ci, puis recommencez' },
    });
    expect(await stripeConnectIdOf('analyste')).toBeNull();
    expect((await server.post(PATH, { code: 'ac_CodeDeTest123', state: String(analyste!.id) }, token)).status).toBe(200);
  });

  it('limits the attempts of one member', async () => {
    const token = await server.tokenOf('vip');
    const statuses: number[] = [];
    for (let i = 0; i <= STRIPE_CONNECT_PER_HOUR; i += 1) statuses.push((await server.post(PATH, { code: `ac_Essai${i}abcdefgh` }, token)).status);
    expect(statuses.slice(0, STRIPE_CONNECT_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('without a payout provider', () => {
  it('says linking is unavailable, still checking the code first', async () => {
    const bare = await startTestServer({ app: { localPayments: false } });
    try {
      const token = await bare.tokenOf('live');
      expect(await jsonOf(await bare.post(PATH, {}, token))).toEqual({ status: 400, body: { error: 'Paramètre manquant' } });
      expect(await jsonOf(await bare.post(PATH, { code: 'ac_CodeDeTest123' }, token))).toEqual({
        status: 400,
        body: { error: "La liaison d'un compte de paiement n'est pas disponible sur ce serveur" },
      });
    } finally {
      await bare.close();
    }
  });
});

describe('the Stripe Connect adapter', () => {
  const stripeError = (Kind: typeof Stripe.errors.StripeError) => new Kind({ type: 'invalid_grant', message: 'Authorization code does not exist' } as never);

  it('exchanges the code with grant_type authorization_code for the connected account id', async () => {
    const seen: unknown[] = [];
    const payouts = stripePayoutAccounts({ token: async (params) => (seen.push(params), { stripe_user_id: 'acct_123' }) as never });
    expect(await payouts.link('ac_abc')).toEqual({ ok: true, accountId: 'acct_123' });
    expect(seen).toEqual([{ grant_type: 'authorization_code', code: 'ac_abc' }]);
  });

  it('turns a refused code into the member’s message and an outage into ProviderUnavailable', async () => {
    const refusing = stripePayoutAccounts({ token: async () => Promise.reject(stripeError(Stripe.errors.StripeInvalidGrantError)) });
    expect(await refusing.link('ac_used')).toEqual({ ok: false, error: INVALID });
    const down = stripePayoutAccounts({ token: async () => Promise.reject(stripeError(Stripe.errors.StripeConnectionError)) });
    await expect(down.link('ac_any')).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('the local stand-in gives one account per code', async () => {
    const local = localPayoutAccounts();
    const a = await local.link('ac_AAAAAAAA1');
    const b = await local.link('ac_BBBBBBBB2');
    expect(a.ok && b.ok && a.accountId !== b.accountId).toBe(true);
    expect(await local.link('ac_AAAAAAAA1')).toEqual(a);
  });
});
