import { styled } from '@linaria/react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry: Stripe.js is fetched by `loadStripe` only, never on import (the main entry injects it as soon as
// the module loads, so every member's browser would call js.stripe.com even with the local card provider).
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { PaymentConfig } from '../../contract/billing';
import { CHECKOUT_TEXT, parseExpiry } from '../../domain/checkout';
import { useApp } from '../app-context';
import { Field } from '../common/ui';

/** What the checkout and the card form ask of the card field, whichever provider draws it. */
export type CardHandle = {
  /** A token for the typed card (Stripe: a PaymentMethod id); rejects with the provider's message. */
  createToken(cardholderName: string): Promise<{ token: string }>;
};

/**
 * The card provider's publishable key: the build's `VITE_STRIPE_PUBLISHABLE_KEY`, else the one the
 * server hands out; null means the server's local card provider.
 */
export function stripeKeyOf(config: PaymentConfig | null): string | null {
  const built: unknown = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;
  if (typeof built === 'string' && built !== '') return built;
  return config?.card.provider === 'stripe' ? config.card.publishableKey : null;
}

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per key, and only when a checkout needs it. */
export const stripeOf = (key: string): Promise<Stripe | null> => {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key, { locale: 'fr' });
    stripes.set(key, stripe);
  }
  return stripe;
};

/** A payment that needs confirmation (3-D Secure), through Stripe's own window. */
export async function confirmStripePayment(key: string, clientSecret: string): Promise<void> {
  const stripe = await stripeOf(key);
  if (!stripe) throw new Error(CHECKOUT_TEXT.tokenFailed);
  const result = await stripe.confirmCardPayment(clientSecret);
  if (result.error) throw new Error(result.error.message ?? CHECKOUT_TEXT.bankError);
}

/** Stripe Elements around a form when the key is set; the form as it is otherwise. */
export function CardScope(props: { stripeKey: string | null; children: ReactNode }) {
  if (!props.stripeKey) return <>{props.children}</>;
  return (
    <Elements stripe={stripeOf(props.stripeKey)} options={{ locale: 'fr' }}>
      {props.children}
    </Elements>
  );
}

type FieldProps = {
  handleRef: RefObject<CardHandle | null>;
  /** The field's own error as the member types (null when it is gone). */
  onError: (message: string | null) => void;
  disabled?: boolean;
};

/** The card field: Stripe's CardElement when a key is set, the local provider's fields otherwise. */
export function CardField(props: FieldProps & { stripeKey: string | null }) {
  return props.stripeKey ? <StripeCardField {...props} /> : <LocalCardField {...props} />;
}

function StripeCardField({ handleRef, onError }: FieldProps) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    handleRef.current = {
      async createToken(cardholderName) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error(CHECKOUT_TEXT.tokenFailed);
        const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardholderName } });
        if (result.error) throw new Error(result.error.message ?? CHECKOUT_TEXT.tokenFailed);
        return { token: result.paymentMethod.id };
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef]);
  return (
    <StripeBox aria-label="Carte bancaire">
      <CardElement options={{ hidePostalCode: true }} onChange={(event) => onError(event.error?.message ?? null)} />
    </StripeBox>
  );
}

function LocalCardField({ handleRef, onError, disabled }: FieldProps) {
  const { localCard } = useApp();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  useEffect(() => {
    handleRef.current = {
      async createToken(cardholderName) {
        const expiry = parseExpiry(card.expiry);
        if (!expiry || card.number.trim() === '' || card.cvc.trim() === '') throw new Error(CHECKOUT_TEXT.tokenFailed);
        return localCard.createToken({ number: card.number.replace(/\s+/g, ''), ...expiry, cvc: card.cvc.trim(), name: cardholderName });
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [card, localCard, handleRef]);
  const set = (field: keyof typeof card) => (event: { target: { value: string } }) => {
    setCard((c) => ({ ...c, [field]: event.target.value }));
    onError(null);
  };
  return (
    <LocalBox role="group" aria-label="Carte bancaire">
      <Field>
        Numéro de carte
        <input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} onChange={set('number')} disabled={disabled} />
      </Field>
      <Row>
        <Field>
          Date d'expiration
          <input autoComplete="cc-exp" placeholder="MM/AA" value={card.expiry} onChange={set('expiry')} disabled={disabled} />
        </Field>
        <Field>
          CVC
          <input inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={card.cvc} onChange={set('cvc')} disabled={disabled} />
        </Field>
      </Row>
    </LocalBox>
  );
}

const StripeBox = styled.div`
  padding: 12px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
`;

const LocalBox = styled.div`
  display: grid;
  gap: 12px;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;
