import Cookies from 'js-cookie';
import {
  BILLING_PATHS,
  couponAnswer,
  cryptoAnswer,
  localCardToken,
  paypalOrderAnswer,
  purchaseAnswer,
  type LocalCardInput,
  type NewPrices,
} from '../contract/billing';
import { updateUserAnswer } from '../contract/account';
import { TEXT } from '../domain/text-fr';
import type { CardPaymentRequest, PaymentRequest, PurchaseOutcome } from '../machines/checkout-machine';
import type { ApiClient, ApiResult } from './api-client';

/** The offer a checkout buys (`/purchase/{box index}/{offer index}` resolved to ids). */
export type CheckoutTarget = { boxId: number; offerId: number };

/**
 * The checkout machine's server effects (spec 1 §7): coupon, TradingView account, purchase or
 * upgrade, crypto, PayPal order and capture, and the local card provider's calls. A request made
 * right after a visitor's account was created carries that account's token.
 */
export function createCheckoutEffects(api: ApiClient, target: CheckoutTarget | null) {
  /** The marketing and internal referral codes kept in cookies (spec 1 §9). */
  const references = () => ({ reference_cnv: Cookies.get('aff') ?? '', reference_int: Cookies.get('affint') ?? '' });
  const purchaseBody = (request: PaymentRequest) => {
    if (!target) throw new Error(TEXT.requestFailed);
    return {
      boxId: target.boxId,
      offerId: target.offerId,
      optionSelected: request.optionSelected,
      coupon: request.coupon,
      entreprise: request.entreprise,
      ...references(),
    };
  };
  const orThrow = <T,>(answer: ApiResult<T>): T => {
    if (!answer.ok) throw new Error(answer.error);
    return answer.data;
  };

  return {
    /** `POST /settings/coupon`: the new prices, or the server's error as the rejection. */
    async checkCoupon(coupon: string, token: string | null): Promise<{ newPrices: NewPrices }> {
      const answer = await api.request(couponAnswer, 'rest', BILLING_PATHS.coupon, { method: 'POST', body: { coupon }, token: token ?? undefined });
      return orThrow(answer);
    },

    /** The TradingView account, saved to the profile before an indicator is paid (spec 1 §5). */
    async saveTradingview(tradingview: string, token: string | null): Promise<void> {
      const answer = await api.request(updateUserAnswer, 'content', '/api/user/update', { method: 'PUT', body: { tradingview }, token: token ?? undefined });
      orThrow(answer);
    },

    /**
     * `POST /settings/purchase` (or `/settings/upgrade`). A refusal the server explains is shown as
     * returned; no answer at all is the purchase exception (the bank's message), so it rejects.
     */
    async purchase(request: CardPaymentRequest): Promise<PurchaseOutcome> {
      const options = { method: 'POST' as const, token: request.token ?? undefined };
      const answer =
        request.mode === 'upgrade'
          ? await api.request(purchaseAnswer, 'rest', BILLING_PATHS.upgrade, {
              ...options,
              body: { sourceToken: request.sourceToken, coupon: request.coupon, ...references() },
            })
          : await api.request(purchaseAnswer, 'rest', BILLING_PATHS.purchase, { ...options, body: { ...purchaseBody(request), sourceToken: request.sourceToken } });
      if (answer.ok) return answer.data.status === 'OK' ? { status: 'OK' } : { status: 'pending', clientSecret: answer.data.clientSecret };
      if (answer.status !== null && answer.status < 500 && answer.error !== TEXT.requestFailed) return { status: 'error', error: answer.error };
      throw new Error(answer.error);
    },

    /** `POST /settings/create_crypto_payment`: the hosted page to open. */
    async createCryptoPayment(request: PaymentRequest): Promise<{ hostedUrl: string }> {
      const answer = await api.request(cryptoAnswer, 'rest', BILLING_PATHS.cryptoPayment, {
        method: 'POST',
        body: purchaseBody(request),
        token: request.token ?? undefined,
      });
      return orThrow(answer);
    },

    /** `POST /settings/paypal/order`: the order to approve (and the local approval page). */
    async createPaypalOrder(request: PaymentRequest): Promise<{ orderId: string; approveUrl: string | null }> {
      const body =
        request.mode === 'upgrade' ? { kind: 'upgrade', coupon: request.coupon, ...references() } : { kind: 'purchase', ...purchaseBody(request) };
      const answer = await api.request(paypalOrderAnswer, 'rest', BILLING_PATHS.paypalOrder, { method: 'POST', body, token: request.token ?? undefined });
      return orThrow(answer);
    },

    /** `POST /settings/paypal/capture`: pays the approved order. */
    async capturePaypalOrder(orderId: string, token: string | null): Promise<void> {
      const answer = await api.request(purchaseAnswer, 'rest', BILLING_PATHS.paypalCapture, { method: 'POST', body: { orderId }, token: token ?? undefined });
      const data = orThrow(answer);
      if (data.status !== 'OK') throw new Error(TEXT.requestFailed);
    },
  };
}
export type CheckoutEffects = ReturnType<typeof createCheckoutEffects>;

/**
 * The local card provider (no card provider key configured): the server makes the tokens; a payment
 * needing confirmation is confirmed on its page (see local-pay-messages.ts).
 */
export function createLocalCardProvider(api: ApiClient) {
  return {
    /** `POST /local-pay/tokens`: the card's token, or the provider's message as the rejection. */
    async createToken(card: LocalCardInput): Promise<{ token: string }> {
      const answer = await api.request(localCardToken, 'rest', BILLING_PATHS.localCardToken, { method: 'POST', body: card });
      if (!answer.ok) throw new Error(answer.error);
      return answer.data;
    },
  };
}
export type LocalCardProvider = ReturnType<typeof createLocalCardProvider>;
