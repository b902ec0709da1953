/**
 * The payment provider port: what the billing routes ask of a card provider and of PayPal. The
 * local providers (the default, and the tests) and the real adapters (Stripe, PayPal) implement
 * it; nothing else changes when real keys are configured.
 *
 * Every call that creates or changes something at the provider carries an idempotency key made
 * from our own ids, so a retried request (a timeout, a double click, a job run twice) never
 * charges twice.
 */

/** A card saved at the provider for a member. */
export type SavedCard = { providerRef: string; brand: string; last4: string; expMonth: number; expYear: number };

export type SaveCardResult = { ok: true; card: SavedCard; customerId: string | null } | { ok: false; error: string };

export type ChargeRequest = {
  /** Our payment id: the provider keeps it (metadata) so its events lead back to the payment. */
  paymentId: string;
  idempotencyKey: string;
  amountCents: number;
  description: string;
  card: Pick<SavedCard, 'providerRef'>;
  customerId: string | null;
  /** A renewal or an instalment charged without the member (no authentication window possible). */
  offSession: boolean;
};

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  /** The bank asks the member to authenticate: the client confirms with the client secret. */
  | { status: 'requires_action'; providerRef: string; clientSecret: string }
  | { status: 'declined'; providerRef: string | null; error: string };

/** What the provider says of a payment now (a confirmation the client made with the provider). */
export type PaymentState = { status: 'succeeded' } | { status: 'pending' } | { status: 'failed'; error: string };

export interface CardProvider {
  readonly name: 'local-card' | 'stripe';
  /** Checks a token of the card field and saves the card for the member (creating the customer if needed). */
  saveCard(input: { token: string; customerId: string | null; email: string; userId: number }): Promise<SaveCardResult>;
  removeCard(card: Pick<SavedCard, 'providerRef'>, idempotencyKey: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The state of a charge that needed a confirmation (null: only the provider's events will tell). */
  refresh(providerRef: string): Promise<PaymentState | null>;
}

export type OrderRequest = {
  paymentId: string;
  idempotencyKey: string;
  amountCents: number;
  description: string;
  /** The local approval page of an order. */
  approveUrl: (orderId: string) => string;
};
export type CaptureResult = { status: 'succeeded'; captureId: string } | { status: 'not_approved' } | { status: 'failed'; error: string };

export interface PaypalProvider {
  readonly name: 'local-paypal' | 'paypal';
  /** An order in EUR without shipping; `approveUrl` is where the member approves it (null: the PayPal SDK's window). */
  createOrder(request: OrderRequest): Promise<{ orderId: string; approveUrl: string | null }>;
  capture(orderId: string, idempotencyKey: string): Promise<CaptureResult>;
}

/** Any provider failure that is not a refusal of the card (network, configuration). */
export class ProviderUnavailable extends Error {}
