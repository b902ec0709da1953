import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { paypalProvider } from '../../server/billing/paypal-provider';
import { ProviderUnavailable } from '../../server/billing/payment-providers';

type Call = { url: string; method: string; headers: Record<string, string>; body: string };

/** PayPal's Orders API as a fetch function: answers chosen per path, every call recorded. */
function fakePaypal(answers: Record<string, { status: number; body: unknown }[]>) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    calls.push({ url, method: init?.method ?? 'GET', headers, body: String(init?.body ?? '') });
    const path = new URL(url).pathname;
    const queue = answers[path];
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!next) return new Response(JSON.stringify({ name: 'NOT_FOUND' }), { status: 404 });
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchImpl };
}

const config = { clientId: 'client', clientSecret: 'secret', apiUrl: 'https://api-m.sandbox.paypal.test' };
const token = { '/v1/oauth2/token': [{ status: 200, body: { access_token: 'A21', expires_in: 3600 } }] };

describe('the PayPal adapter (Orders API v2)', () => {
  it('creates an order in EUR without shipping, with the OAuth token and a PayPal-Request-Id', async () => {
    const paypal = fakePaypal({ ...token, '/v2/checkout/orders': [{ status: 201, body: { id: 'ORDER1', status: 'CREATED' } }] });
    const provider = paypalProvider(config, paypal.fetchImpl);
    const order = await provider.createOrder({ paymentId: 'pay_1', idempotencyKey: 'pay_1:order', amountCents: 5880, description: 'VIP mensuel', approveUrl: () => 'inutile' });
    expect(order).toEqual({ orderId: 'ORDER1', approveUrl: null });
    const [auth, create] = paypal.calls;
    expect(auth?.headers.Authorization).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(create?.headers).toMatchObject({ Authorization: 'Bearer A21', 'PayPal-Request-Id': 'pay_1:order' });
    const body = JSON.parse(create!.body) as { intent: string; purchase_units: { custom_id: string; amount: unknown }[]; payment_source: { paypal: { experience_context: { shipping_preference: string } } } };
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]).toMatchObject({ custom_id: 'pay_1', amount: { currency_code: 'EUR', value: '58.80' } });
    expect(body.payment_source.paypal.experience_context.shipping_preference).toBe('NO_SHIPPING');
  });

  it('reuses the OAuth token until it expires', async () => {
    const paypal = fakePaypal({ ...token, '/v2/checkout/orders': [{ status: 201, body: { id: 'O', status: 'CREATED' } }] });
    const provider = paypalProvider(config, paypal.fetchImpl);
    for (let i = 0; i < 3; i += 1) await provider.createOrder({ paymentId: `p${i}`, idempotencyKey: `p${i}`, amountCents: 100, description: 'x', approveUrl: () => '' });
    expect(paypal.calls.filter((c) => c.url.endsWith('/v1/oauth2/token'))).toHaveLength(1);
  });

  it.each([
    ['a completed capture pays', { status: 201, body: { id: 'O', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'CAP1', status: 'COMPLETED' }] } }] } }, { status: 'succeeded', captureId: 'CAP1' }],
    ['an order not approved', { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } }, { status: 'not_approved' }],
    ['an order captured already (a retry)', { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } }, { status: 'succeeded', captureId: 'O' }],
    ['a refused instrument', { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] } }, { status: 'failed', error: expect.any(String) }],
  ])('capture: %s', async (_case, answer, expected) => {
    const paypal = fakePaypal({ ...token, '/v2/checkout/orders/O/capture': [answer] });
    const result = await paypalProvider(config, paypal.fetchImpl).capture('O', 'pay_1:capture');
    expect(result).toEqual(expected);
    expect(paypal.calls.at(-1)?.headers['PayPal-Request-Id']).toBe('pay_1:capture');
  });

  it('a PayPal that does not answer is a provider failure, not a refusal', async () => {
    const paypal = fakePaypal({ '/v1/oauth2/token': [{ status: 500, body: {} }] });
    await expect(paypalProvider(config, paypal.fetchImpl).capture('O', 'k')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('payment configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-billing-config-'));
  it('uses the local providers by default, and not in production unless LOCAL_PAYMENTS=1', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ stripe: undefined, paypal: undefined, localPayments: true, renewalIntervalMinutes: 60 });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).localPayments).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', LOCAL_PAYMENTS: '1' }).localPayments).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, LOCAL_PAYMENTS: '0' }).localPayments).toBe(false);
  });

  it('selects Stripe and PayPal with their keys', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
    expect(config.paypal).toEqual({ clientId: 'id', clientSecret: 'secret', apiUrl: 'https://api-m.sandbox.paypal.com' });
  });

  it('refuses keys of the wrong kind, and a secret key without its publishable key', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});
