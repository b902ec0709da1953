import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { BILLING_PATHS, type Box, type Card, type Country, type NewPrices, type Offer, type PaymentConfig } from '../../contract/billing';
import { REST_BASE } from '../../contract/hosts';
import type { User } from '../../contract/user';
import { CHECKOUT_TEXT, type CheckoutField, type PaymentMethod } from '../../domain/checkout';
import { formatPrice, roundPrice, vatRate } from '../../domain/pricing';
import { holds } from '../../domain/subscriptions';
import { SUBSCRIPTION } from '../../domain/subscription-ids';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { OFFERS_PATH } from '../../domain/upsell';
import {
  checkoutMachine,
  type AccountField,
  type BillingField,
  type CardPaymentRequest,
  type CheckoutInput,
  type PaymentRequest,
  type PurchaseOutcome,
} from '../../machines/checkout-machine';
import type { NewAccount } from '../../machines/registration-machine';
import { awaitLocalConfirmation, onLocalPayMessage } from '../../sync/local-pay-messages';
import { useApp, useLazySync } from '../app-context';
import { Dialog } from '../common/dialog';
import { Button, buttonClass, Card as Panel, ErrorText, Field } from '../common/ui';
import { useNow } from '../use-now';
import { BillingFields } from './billing-form';
import { CardField, CardScope, confirmStripePayment, stripeKeyOf, type CardHandle } from './card-field';
import { OfferPrice } from './offer-price';
import { PaypalSdkButtons } from './paypal-buttons';

/** What a checkout sells; `upgradeAmount` is the upgrade's price now (VAT included) from the server. */
export type CheckoutSubject = { box: Box; offer: Offer; upgradeAmount: number | null };

type Props = {
  subject: CheckoutSubject;
  input: CheckoutInput;
  cards: Card[];
  countries: Country[];
  config: PaymentConfig;
  user: User | null;
};

/** The checkout form over its machine (spec 1 §2 "Checkout", §4, §5). */
export function CheckoutForm(props: Props) {
  const stripeKey = stripeKeyOf(props.config);
  return (
    <CardScope stripeKey={stripeKey}>
      <CheckoutFormBody {...props} stripeKey={stripeKey} />
    </CardScope>
  );
}

function CheckoutFormBody({ subject, input, cards, countries, config, user, stripeKey }: Props & { stripeKey: string | null }) {
  const { accounts, session, checkout: effectsFor } = useApp();
  const billing = useLazySync((services) => services.billing);
  const [, navigate] = useLocation();
  const now = useNow();
  const cardRef = useRef<CardHandle | null>(null);
  const effects = effectsFor(input.mode === 'purchase' ? { boxId: subject.box.id, offerId: subject.offer.id } : null);

  const checkout = useActorRef(checkoutMachine.provide({
    actors: {
      checkCoupon: fromPromise<{ newPrices: NewPrices }, { coupon: string; token: string | null }>(({ input }) => effects.checkCoupon(input.coupon, input.token)),
      checkEmail: fromPromise<{ available: boolean }, { email: string }>(({ input }) => accounts.checkEmail(input.email)),
      createAccount: fromPromise<{ jwt: string }, NewAccount>(({ input }) => accounts.createAccount(input)),
      saveTradingview: fromPromise<void, { tradingview: string; token: string | null }>(({ input }) => effects.saveTradingview(input.tradingview, input.token)),
      createCardToken: fromPromise<{ token: string }, { cardholderName: string }>(async ({ input }) => {
        const handle = cardRef.current;
        if (!handle) throw new Error(CHECKOUT_TEXT.tokenFailed);
        return handle.createToken(input.cardholderName);
      }),
      purchase: fromPromise<PurchaseOutcome, CardPaymentRequest>(({ input }) => effects.purchase(input)),
      confirmCardPayment: fromPromise<void, { clientSecret: string }>(({ input, signal }) =>
        stripeKey ? confirmStripePayment(stripeKey, input.clientSecret) : awaitLocalConfirmation(input.clientSecret, signal),
      ),
      createCryptoPayment: fromPromise<{ hostedUrl: string }, PaymentRequest>(({ input }) => effects.createCryptoPayment(input)),
      createPaypalOrder: fromPromise<{ orderId: string; approveUrl: string | null }, PaymentRequest>(({ input }) => effects.createPaypalOrder(input)),
      capturePaypalOrder: fromPromise<void, { orderId: string; token: string | null }>(({ input }) => effects.capturePaypalOrder(input.orderId, input.token)),
    },
    actions: {
      notifySuccess: (_, { message }) => void toast.success(message),
      notifyError: (_, { message }) => void toast.error(message),
      cryptoStarted: (_, { url }) => void window.open(url, '_blank'),
      paid: (_, { page, jwt }) => {
        const path = `${OFFERS_PATH}/${page}`;
        // A visitor's new account is signed in only now, so the checkout is not torn down before.
        if (jwt) session.send({ type: 'session.tokenReceived', jwt, redirectUri: path });
        else {
          void billing.afterPayment();
          navigate(path);
        }
      },
    },
  }), { input });

  // The local PayPal approval page opens in its own window, as PayPal's does (the click that
  // asked for the order is recent enough for the browser to allow it).
  const approveUrl = useSelector(checkout, (s) => (s.matches({ processing: 'awaitingPaypal' }) ? s.context.approveUrl : null));
  useEffect(() => {
    if (approveUrl) window.open(approveUrl, 'comptoir-paypal', 'popup,width=480,height=640');
  }, [approveUrl]);

  // The local pages (PayPal approval, crypto) report back to this tab.
  useEffect(
    () =>
      onLocalPayMessage((message) => {
        if (message.type === 'paypal.approve') checkout.send({ type: 'paypal.approve', orderId: message.orderId });
        else if (message.type === 'paypal.cancel') checkout.send({ type: 'paypal.cancel' });
        else if (message.type === 'crypto.paid') checkout.send({ type: 'crypto.paid' });
      }),
    [checkout],
  );

  const c = useSelector(checkout, (s) => s.context);
  const state = useSelector(checkout, (s) =>
    s.matches('editing') ? 'editing' : s.matches('checkingCoupon') ? 'coupon' : s.matches('cryptoOpened') ? 'crypto' : s.matches('paid') ? 'paid' : 'processing',
  );
  const confirming = useSelector(checkout, (s) => s.matches({ processing: 'confirming' }));
  const awaitingPaypal = useSelector(checkout, (s) => s.matches({ processing: 'awaitingPaypal' }));
  const busy = state !== 'editing';

  // A company's billing typed here decides the VAT; otherwise the profile's does (France by default).
  const vat = vatRate(countries, input.mode === 'purchase' && c.company ? c.billing : user?.billing);
  const newPrices = c.appliedCoupon?.newPrices ?? null;
  const priceOne = user !== null && holds(user, SUBSCRIPTION.PRICE_ONE, now);
  const upgradePrice = subject.upgradeAmount === null ? null : upgradeAmountAfter(subject.upgradeAmount, subject.offer.produit_principal.id, newPrices);

  const change = (field: AccountField | 'tradingview' | 'cardholderName' | 'coupon') => (event: ChangeEvent<HTMLInputElement>) =>
    checkout.send({ type: 'checkout.change', field, value: event.target.value });
  const problemFor = (field: CheckoutField) => (c.problem?.field === field ? <ErrorText role="alert">{c.problem.message}</ErrorText> : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkout.send({ type: 'checkout.submit' });
  };
  const methodsShown = !c.waiverRequired || c.waiver;
  const paypalSdk = config.paypal.provider === 'paypal' ? config.paypal.clientId : null;

  if (state === 'crypto' && c.hostedUrl) {
    return (
      <Panel role="status">
        <p>{CHECKOUT_TEXT.cryptoOpened}</p>
        <a href={c.hostedUrl} target="_blank" rel="opener">
          {CHECKOUT_TEXT.cryptoLink}
        </a>
      </Panel>
    );
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Paiement">
      <Panel aria-label="Récapitulatif">
        <Eyebrow>{subject.box.libelle}</Eyebrow>
        <h2>{subject.offer.libelle}</h2>
        {subject.offer.sslibelle ? <p>{subject.offer.sslibelle}</p> : null}
        {upgradePrice !== null ? (
          <p>
            <strong data-testid="offer-price">{formatPrice(upgradePrice)}</strong> TVA incluse, pour le Live jusqu’à la fin de votre VIP
          </p>
        ) : (
          <OfferPrice offer={subject.offer} vat={vat} newPrices={newPrices} optionSelected={c.optionSelected} priceOne={priceOne} />
        )}
        {subject.offer.produit_inclus.length > 0 ? (
          <p>
            {SUBSCRIPTIONS_TEXT.included} {subject.offer.produit_inclus.map((p) => p.libelle_public).join(', ')}
          </p>
        ) : null}
        {subject.offer.produit_optionnel ? (
          <Check>
            <input type="checkbox" checked={c.optionSelected} onChange={() => checkout.send({ type: 'checkout.toggleOption' })} disabled={busy} />
            {SUBSCRIPTIONS_TEXT.option} {subject.offer.produit_optionnel.libelle_public}
          </Check>
        ) : null}
      </Panel>

      {!input.signedIn && c.jwt === null ? (
        <Panel aria-label="Votre compte">
          <h3>Créez votre compte</h3>
          <p>
            Déjà membre ? <Link href={`/?redirect_uri=${encodeURIComponent(window.location.pathname + window.location.search)}`}>Se connecter</Link>
          </p>
          <Field>
            Adresse e-mail
            <input type="email" autoComplete="email" value={c.account.email} onChange={change('email')} disabled={busy} />
          </Field>
          {problemFor('email')}
          <Field>
            Mot de passe
            <input type="password" autoComplete="new-password" value={c.account.password} onChange={change('password')} disabled={busy} />
          </Field>
          {problemFor('password')}
          <Field>
            Pseudo
            <input autoComplete="nickname" value={c.account.username} onChange={change('username')} disabled={busy} />
          </Field>
          {problemFor('username')}
          <Field>
            Prénom
            <input autoComplete="given-name" value={c.account.firstName} onChange={change('firstName')} disabled={busy} />
          </Field>
          {problemFor('firstName')}
        </Panel>
      ) : null}

      {input.mode === 'purchase' ? (
        <Panel aria-label={SUBSCRIPTIONS_TEXT.billingTitle}>
          <Check>
            <input type="checkbox" checked={c.company} onChange={() => checkout.send({ type: 'billing.toggleCompany' })} disabled={busy} />
            {CHECKOUT_TEXT.buyAsCompany}
          </Check>
          {c.company ? (
            <BillingFields
              billing={c.billing}
              company
              countries={countries}
              disabled={busy}
              onChange={(field: BillingField, value) => checkout.send({ type: 'billing.change', field, value })}
            />
          ) : null}
          {problemFor('billingName')}
        </Panel>
      ) : null}

      {c.tradingviewRequired ? (
        <Panel aria-label="TradingView">
          <Field>
            {CHECKOUT_TEXT.tradingviewLabel}
            <input value={c.tradingview} onChange={change('tradingview')} disabled={busy} />
          </Field>
          {problemFor('tradingview')}
          <Note>{CHECKOUT_TEXT.vipReminder}</Note>
        </Panel>
      ) : null}

      <Panel aria-label={SUBSCRIPTIONS_TEXT.couponTitle}>
        <Inline>
          <Field>
            {SUBSCRIPTIONS_TEXT.couponLabel}
            <input value={c.coupon} onChange={change('coupon')} disabled={busy} />
          </Field>
          <Button type="button" variant="ghost" disabled={busy || c.coupon.trim() === ''} onClick={() => checkout.send({ type: 'checkout.applyCoupon' })}>
            {SUBSCRIPTIONS_TEXT.couponApply}
          </Button>
        </Inline>
        {c.appliedCoupon ? <Note role="status">{SUBSCRIPTIONS_TEXT.couponApplied(c.appliedCoupon.code)}</Note> : null}
        {c.couponError ? <ErrorText role="alert">{c.couponError}</ErrorText> : null}
      </Panel>

      {c.waiverRequired ? (
        <Panel aria-label="Droit de rétractation">
          <Check>
            <input type="checkbox" checked={c.waiver} onChange={() => checkout.send({ type: 'checkout.toggleWaiver' })} disabled={busy} />
            {CHECKOUT_TEXT.waiverLabel}
          </Check>
          {problemFor('waiver')}
        </Panel>
      ) : null}

      {methodsShown ? (
        <Panel aria-label="Moyen de paiement">
          {c.methods.length > 1 ? (
            <Methods role="radiogroup" aria-label="Moyen de paiement">
              {c.methods.map((method: PaymentMethod) => (
                <Check key={method}>
                  <input
                    type="radio"
                    name="method"
                    checked={c.method === method}
                    onChange={() => checkout.send({ type: 'checkout.selectMethod', method })}
                    disabled={busy}
                  />
                  {CHECKOUT_TEXT.methods[method]}
                </Check>
              ))}
            </Methods>
          ) : null}

          {c.method === 'card' ? (
            <CardChoice>
              {c.savedCardId ? (
                <Methods role="radiogroup" aria-label="Carte">
                  {cards.slice(0, 1).map((card) => (
                    <Check key={card.card_id}>
                      <input type="radio" name="card" checked={c.useSavedCard} onChange={() => checkout.send({ type: 'checkout.chooseCard', saved: true })} disabled={busy} />
                      {SUBSCRIPTIONS_TEXT.cardLabel(card.type, card.last4, card.exp)}
                    </Check>
                  ))}
                  <Check>
                    <input type="radio" name="card" checked={!c.useSavedCard} onChange={() => checkout.send({ type: 'checkout.chooseCard', saved: false })} disabled={busy} />
                    Une nouvelle carte
                  </Check>
                </Methods>
              ) : null}
              {!c.useSavedCard ? (
                <>
                  <CardField stripeKey={stripeKey} handleRef={cardRef} onError={(message) => checkout.send({ type: 'card.error', message })} disabled={busy} />
                  {c.cardError ? <ErrorText role="alert">{c.cardError}</ErrorText> : null}
                  <Field>
                    Titulaire de la carte
                    <input autoComplete="cc-name" value={c.cardholderName} onChange={change('cardholderName')} disabled={busy} />
                  </Field>
                  {problemFor('cardholderName')}
                </>
              ) : c.cardError ? (
                <ErrorText role="alert">{c.cardError}</ErrorText>
              ) : null}
            </CardChoice>
          ) : null}
        </Panel>
      ) : null}

      {c.problem && c.problem.field === null ? <ErrorText role="alert">{c.problem.message}</ErrorText> : null}

      {c.method === 'paypal' && methodsShown && paypalSdk ? (
        <PaypalSdkButtons clientId={paypalSdk} checkout={checkout} disabled={busy || c.blocked} />
      ) : (
        <Button type="submit" disabled={busy || c.blocked}>
          {c.method === 'paypal' ? 'Payer avec PayPal' : c.method === 'crypto' ? 'Payer en crypto-monnaie' : CHECKOUT_TEXT.pay}
        </Button>
      )}
      {c.blocked ? <Note>{CHECKOUT_TEXT.repurchaseBlocked}</Note> : null}

      <Dialog title="Authentification de la carte" open={confirming && !stripeKey} onClose={() => {}} wide>
        {c.clientSecret ? (
          <Frame title="Authentification de la carte" src={`${REST_BASE}${BILLING_PATHS.localConfirm}?client_secret=${encodeURIComponent(c.clientSecret)}`} />
        ) : null}
      </Dialog>
      {awaitingPaypal && c.approveUrl ? (
        <Panel role="status" aria-label="Paiement PayPal">
          <p>{CHECKOUT_TEXT.paypalWaiting}</p>
          <Inline>
            <a className={buttonClass} href={c.approveUrl} target="_blank" rel="opener">
              Ouvrir la fenêtre PayPal
            </a>
            <Button type="button" variant="ghost" onClick={() => checkout.send({ type: 'paypal.cancel' })}>
              Annuler
            </Button>
          </Inline>
        </Panel>
      ) : null}
    </Form>
  );
}

/** The upgrade's price after a coupon: a multiplier below 1 applies to what the server asks. */
function upgradeAmountAfter(amount: number, productId: number, newPrices: NewPrices | null): number {
  const value = newPrices?.[String(productId)];
  return value !== undefined && value < 1 ? roundPrice(amount * value) : amount;
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  & input:not([type='checkbox']):not([type='radio']),
  & select {
    min-width: 0;
    width: 100%;
    box-sizing: border-box;
  }
  & h2,
  & h3 {
    margin: 0 0 8px;
  }
  & section {
    display: grid;
    gap: 10px;
  }
`;
const Eyebrow = styled.p`
  margin: 0;
  text-transform: uppercase;
  font-size: 12px;
  letter-spacing: 0.08em;
  color: var(--muted);
`;
const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  font-size: 14px;
`;
const Methods = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
`;
const CardChoice = styled.div`
  display: grid;
  gap: 12px;
`;
const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  & > label {
    flex: 1 1 180px;
    min-width: 0;
  }
`;
const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--muted);
`;
const Frame = styled.iframe`
  width: 100%;
  height: 360px;
  border: 0;
  border-radius: 8px;
  background: #fff;
`;
