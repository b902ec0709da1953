import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BILLING_TEXT, type LocalCardInput } from '../../src/contract/billing';
import type { CardProvider, ChargeResult } from './payment-providers';

/**
 * How a test card behaves, as the card provider's test cards do: `succeed` pays; `authenticate`
 * needs the member's confirmation (and fails off-session); `decline` is refused (even when saved);
 * `fail_charges` is saved but every charge is refused (a renewal that fails).
 */
export type CardBehaviour = 'succeed' | 'authenticate' | 'decline' | 'fail_charges';

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeed',
  '4000002760003184': 'authenticate',
  '4000000000000002': 'decline',
  '4000000000000341': 'fail_charges',
};

const BEHAVIOURS: readonly CardBehaviour[] = ['succeed', 'authenticate', 'decline', 'fail_charges'];
const TOKEN_PREFIX = 'tok_local_';
const CARD_PREFIX = 'pm_local_';

type TokenPayload = { brand: string; last4: string; expMonth: number; expYear: number; behaviour: CardBehaviour };

/** Luhn's check digit rule, which every real card number follows. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/**
 * The local card provider: the card field posts the card to `POST /local-pay/tokens` and gets a
 * signed token (no card number is kept anywhere); saved cards and charges follow the test cards.
 */
export function localCardProvider(secret: string, now: () => Date) {
  const sign = (payload: string) => createHmac('sha256', `local-card:${secret}`).update(payload).digest('base64url').slice(0, 22);

  /** The token of a card typed in the local card field, or null when the card cannot be used. */
  function tokenize(input: LocalCardInput): string | null {
    const digits = input.number.replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return null;
    const today = now();
    const expired = input.exp_year < today.getUTCFullYear() || (input.exp_year === today.getUTCFullYear() && input.exp_month < today.getUTCMonth() + 1);
    if (expired || input.name.trim() === '') return null;
    const payload: TokenPayload = {
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: input.exp_month,
      expYear: input.exp_year,
      behaviour: TEST_CARDS[digits] ?? 'succeed',
    };
    const body = Buffer.from(JSON.stringify({ ...payload, n: randomBytes(6).toString('base64url') })).toString('base64url');
    return `${TOKEN_PREFIX}${body}.${sign(body)}`;
  }

  function decode(token: string): TokenPayload | null {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const [body, signature] = token.slice(TOKEN_PREFIX.length).split('.');
    if (!body || !signature) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenPayload>;
      if (typeof value.brand !== 'string' || typeof value.last4 !== 'string' || typeof value.expMonth !== 'number' || typeof value.expYear !== 'number') return null;
      if (!BEHAVIOURS.includes(value.behaviour as CardBehaviour)) return null;
      return value as TokenPayload;
    } catch {
      return null;
    }
  }

  const behaviourOf = (providerRef: string): CardBehaviour | null => {
    const match = /^pm_local_([a-z_]+)\.[A-Za-z0-9_-]+$/.exec(providerRef);
    const behaviour = match?.[1] as CardBehaviour | undefined;
    return behaviour && BEHAVIOURS.includes(behaviour) ? behaviour : null;
  };

  const provider: CardProvider = {
    name: 'local-card',

    async saveCard({ token }) {
      const card = decode(token);
      if (!card) return { ok: false, error: BILLING_TEXT.tokenFailed };
      // The provider checks a card when it is saved: a declined card is refused there already.
      if (card.behaviour === 'decline') return { ok: false, error: BILLING_TEXT.cardDeclined };
      return {
        ok: true,
        customerId: null,
        card: {
          providerRef: `${CARD_PREFIX}${card.behaviour}.${randomBytes(9).toString('base64url')}`,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      };
    },

    async removeCard() {},

    async charge(request): Promise<ChargeResult> {
      const behaviour = behaviourOf(request.card.providerRef);
      const providerRef = `ch_local_${randomBytes(12).toString('base64url')}`;
      switch (behaviour) {
        case 'succeed':
          return { status: 'succeeded', providerRef };
        case 'authenticate':
          return request.offSession
            ? { status: 'declined', providerRef, error: BILLING_TEXT.authenticationFailed }
            : { status: 'requires_action', providerRef, clientSecret: `${request.paymentId}_secret_${randomBytes(18).toString('base64url')}` };
        default:
          return { status: 'declined', providerRef, error: BILLING_TEXT.cardDeclined };
      }
    },

    // Local confirmations are applied by the confirmation route itself.
    async refresh() {
      return null;
    },
  };
  return { provider, tokenize };
}
