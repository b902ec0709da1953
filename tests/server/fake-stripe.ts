import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedCall = { method: string; path: string; idempotencyKey: string | null; form: URLSearchParams };
type Intent = { id: string; status: string; amount: number; currency: string; client_secret: string; metadata: Record<string, string>; payment_method: string };

/**
 * A stand-in for Stripe's API on a local port, enough for the card adapter: customers, attaching
 * and detaching PaymentMethods, PaymentIntents created and confirmed at once. Test PaymentMethods
 * behave like Stripe's: `pm_card_visa` pays, `pm_card_authenticationRequired` needs
 * authentication, `pm_card_chargeDeclined` is refused when attached. Every call is recorded with
 * its idempotency key; a repeated key answers the first answer, as Stripe does.
 */
export async function startFakeStripe(): Promise<{ port: number; calls: RecordedCall[]; intents: Map<string, Intent>; close(): Promise<void> }> {
  const calls: RecordedCall[] = [];
  const intents = new Map<string, Intent>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let sequence = 0;

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });
  const cardError = (code: string, paymentIntent?: Intent) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message: 'Your card was declined.', ...(paymentIntent ? { payment_intent: paymentIntent } : {}) } },
  });

  function answer(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: `cus_${++sequence}`, object: 'customer', email: form.get('email') } };
    const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (method === 'POST' && attach) {
      const id = attach[1]!;
      if (attach[2] === 'attach' && id === 'pm_card_chargeDeclined') return cardError('card_declined');
      if (!id.startsWith('pm_card_')) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      return { status: 200, body: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 } } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${++sequence}`;
      const paymentMethod = form.get('payment_method') ?? '';
      const metadata = { paymentId: form.get('metadata[paymentId]') ?? '' };
      const status = paymentMethod === 'pm_card_authenticationRequired' ? (form.get('off_session') === 'true' ? 'requires_payment_method' : 'requires_action') : 'succeeded';
      const intent: Intent = { id, status, amount: Number(form.get('amount')), currency: form.get('currency') ?? '', client_secret: `${id}_secret_x`, metadata, payment_method: paymentMethod };
      intents.set(id, intent);
      if (status === 'requires_payment_method') return cardError('authentication_required', intent);
      return { status: 200, body: { object: 'payment_intent', ...intent } };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? { status: 200, body: { object: 'payment_intent', ...intent } } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such intent' } } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } } };
  }

  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    const form = new URLSearchParams(body);
    calls.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, form });
    const replayKey = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : null;
    const result = (replayKey && replays.get(replayKey)) || answer(request.method ?? '', url.pathname, form);
    if (replayKey) replays.set(replayKey, result);
    response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
