import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { BILLING_TEXT } from '../../src/contract/billing';
import type { Database } from '../db/open-database';
import { payments } from '../db/schema';
import { ProviderUnavailable, type CaptureResult, type PaypalProvider } from './payment-providers';

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';
export type PaypalConfig = { clientId: string; clientSecret: string; apiUrl: string };

const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() });
const orderAnswer = z.object({ id: z.string(), status: z.string() });
const captureAnswer = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() }).optional() }))
    .optional(),
});
const paypalError = z.object({ name: z.string().optional(), details: z.array(z.object({ issue: z.string() })).optional() });

/**
 * PayPal's Orders API v2 (`PAYPAL_CLIENT_ID`, `PAYPAL_CLIENT_SECRET`): the server creates the order
 * in EUR without shipping (amount computed here, never by the client), the PayPal SDK approves it
 * in its window, the server captures it. `PayPal-Request-Id` makes each call idempotent.
 */
export function paypalProvider(config: PaypalConfig, fetchImpl: typeof fetch = fetch): PaypalProvider {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetchImpl(`${config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).catch((error: unknown) => {
      throw new ProviderUnavailable(String(error));
    });
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new ProviderUnavailable(`PayPal OAuth ${response.status}`);
    token = { value: parsed.data.access_token, until: Date.now() + (parsed.data.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(path: string, body: unknown, requestId: string): Promise<{ status: number; json: unknown }> {
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
      body: JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new ProviderUnavailable(String(error));
    });
    return { status: response.status, json: await response.json().catch(() => null) };
  }

  return {
    name: 'paypal',

    async createOrder(request) {
      const { status, json } = await call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.paymentId,
              custom_id: request.paymentId,
              description: request.description.slice(0, 127),
              amount: { currency_code: 'EUR', value: (request.amountCents / 100).toFixed(2) },
            },
          ],
          payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
        },
        request.idempotencyKey,
      );
      const order = orderAnswer.safeParse(json);
      if (status >= 300 || !order.success) throw new ProviderUnavailable(`PayPal order ${status}`);
      return { orderId: order.data.id, approveUrl: null };
    },

    async capture(orderId, idempotencyKey): Promise<CaptureResult> {
      const { status, json } = await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, idempotencyKey);
      if (status < 300) {
        const captured = captureAnswer.safeParse(json);
        const capture = captured.data?.purchase_units?.[0]?.payments?.captures?.[0];
        if (captured.success && captured.data.status === 'COMPLETED' && capture) return { status: 'succeeded', captureId: capture.id };
        return { status: 'failed', error: BILLING_TEXT.cardDeclined };
      }
      const issues = paypalError.safeParse(json).data?.details?.map((d) => d.issue) ?? [];
      if (issues.includes('ORDER_NOT_APPROVED')) return { status: 'not_approved' };
      if (issues.includes('ORDER_ALREADY_CAPTURED')) return { status: 'succeeded', captureId: orderId };
      if (status === 422) return { status: 'failed', error: BILLING_TEXT.cardDeclined };
      throw new ProviderUnavailable(`PayPal capture ${status}`);
    },
  };
}

/**
 * The local PayPal: an order is one of our payments; the local approval page (`/local-pay/paypal/{id}`)
 * marks it approved, and the capture pays an approved order.
 */
export function localPaypalProvider(db: Database): PaypalProvider {
  return {
    name: 'local-paypal',
    async createOrder(request) {
      const orderId = `LOCALPP-${randomBytes(9).toString('hex').toUpperCase()}`;
      return { orderId, approveUrl: request.approveUrl(orderId) };
    },
    async capture(orderId) {
      const [row] = await db
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.provider, 'local-paypal'), eq(payments.providerRef, orderId)))
        .limit(1);
      if (row?.status === 'approved' || row?.status === 'succeeded') return { status: 'succeeded', captureId: orderId };
      return { status: 'not_approved' };
    },
  };
}
