import { styled } from '@linaria/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { BILLING_TEXT, type Box, type Card, type Offer, type Product } from '../../contract/billing';
import { CHECKOUT_TEXT } from '../../domain/checkout';
import { purchaseBlocked, upgradeAllowed } from '../../domain/pricing';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { OFFERS_PATH } from '../../domain/upsell';
import type { CheckoutInput } from '../../machines/checkout-machine';
import type { UpgradeState } from '../../store/billing-queries';
import { useApp, useLazySync } from '../app-context';
import { Card as Panel } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { CheckoutForm, type CheckoutSubject } from './checkout-form';
import { useBoxes, useCards, useCountries, usePaymentConfig, useUpgrade } from './use-billing';

/** `/purchase/{id}/{time}`, open to everyone: box `id`, offer `time` (spec 1 §2). */
export function PurchasePage() {
  const params = useParams<{ id: string; time: string }>();
  return <CheckoutPage mode="purchase" boxIndex={Number(params.id)} offerIndex={Number(params.time)} />;
}

/** `/purchase/upgrade_live`: VIP + Live for a member with VIP and without Live (spec 1 §4). */
export function UpgradePage() {
  return <CheckoutPage mode="upgrade" boxIndex={-1} offerIndex={-1} />;
}

function CheckoutPage(props: { mode: 'purchase' | 'upgrade'; boxIndex: number; offerIndex: number }) {
  const { session } = useApp();
  const billing = useLazySync((services) => services.billing);
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const user = useCurrentUser();
  const now = useNow();
  const boxes = useBoxes();
  const countries = useCountries();
  const config = usePaymentConfig();
  const cards = useCards();
  const upgrade = useUpgrade();
  const search = useSearch();
  usePageTitle(props.mode === 'upgrade' ? 'Passer au Live' : 'Paiement');

  useEffect(() => {
    void billing.loadCatalogue();
    if (signedIn) void billing.loadCards();
    if (signedIn && props.mode === 'upgrade') void billing.loadUpgrade();
  }, [billing, signedIn, props.mode]);

  const subject = useMemo(
    () => (boxes ? subjectOf(props, boxes, upgrade) : null),
    [boxes, upgrade, props.mode, props.boxIndex, props.offerIndex],
  );
  const ready = boxes !== null && countries !== null && config !== null && (!signedIn || (user !== null && cards !== null));

  let body: ReactNode;
  if (!ready) body = <p>{SUBSCRIPTIONS_TEXT.loading}</p>;
  else if (props.mode === 'upgrade' && (!user || !upgradeAllowed(user, now))) body = <NotAllowed message={CHECKOUT_TEXT.upgradeNotAllowed} />;
  else if (props.mode === 'upgrade' && upgrade === null) body = <p>{SUBSCRIPTIONS_TEXT.loading}</p>;
  else if (props.mode === 'upgrade' && upgrade && !upgrade.ok) body = <NotAllowed message={upgrade.error} />;
  else if (!subject) body = <NotAllowed message={BILLING_TEXT.offerNotFound} />;
  else {
    const coupon = new URLSearchParams(search).get('coupon') ?? '';
    const input: CheckoutInput = {
      mode: props.mode,
      productLabel: subject.offer.produit_principal.libelle_interne,
      mainProductPayments: subject.offer.produit_principal.nb_paiements,
      signedIn,
      savedCardId: firstCard(signedIn ? cards : null),
      tradingview: user?.tradingview ?? '',
      coupon,
      blocked: user !== null && props.mode === 'purchase' && purchaseBlocked(user, subject.offer, now),
      hasOption: subject.offer.produit_optionnel !== null,
      billing: user?.billing ?? null,
    };
    body = (
      <CheckoutForm
        // One checkout per offer and visitor state: a new one starts when either changes.
        key={`${props.mode}:${subject.box.id}:${subject.offer.id}:${signedIn}`}
        subject={subject}
        input={input}
        cards={cards ?? []}
        countries={countries ?? []}
        config={config!}
        user={user}
      />
    );
  }

  return (
    <Page>
      <h1>{props.mode === 'upgrade' ? SUBSCRIPTIONS_TEXT.upgradeCta : 'Paiement'}</h1>
      {body}
    </Page>
  );
}

function NotAllowed({ message }: { message: string }) {
  return (
    <Panel role="alert">
      <p>{message}</p>
      <Link href={OFFERS_PATH}>Voir les offres</Link>
    </Panel>
  );
}

const firstCard = (cards: Card[] | null): string | null => cards?.[0]?.card_id ?? null;

/**
 * What is bought: the box and offer at those indexes, or, for the upgrade, the upgrade product
 * the server names, priced at what the server says it costs now.
 */
function subjectOf(props: { mode: 'purchase' | 'upgrade'; boxIndex: number; offerIndex: number }, boxes: Box[], upgrade: UpgradeState | null): CheckoutSubject | null {
  if (props.mode === 'purchase') {
    const box = boxes[props.boxIndex];
    const offer = box?.Offres[props.offerIndex];
    return box && offer ? { box, offer, upgradeAmount: null } : null;
  }
  if (!upgrade?.ok) return null;
  const product = findProduct(boxes, upgrade.data.productId) ?? upgradeProduct(upgrade.data.productId);
  const offer: Offer = {
    id: product.id,
    libelle: product.libelle_public,
    name: 'upgrade_live',
    sslibelle: 'Le Live jusqu’à la fin de votre VIP',
    prix: product.prix,
    avantages: 'Les lives quotidiens avec les coachs\nLes replays des lives',
    desavantages: '',
    produit_principal: product,
    produit_optionnel: null,
    produit_inclus: [],
  };
  return { box: { id: 0, libelle: 'VIP + Live', Offres: [offer] }, offer, upgradeAmount: upgrade.data.amountToPay };
}

function findProduct(boxes: Box[], id: number): Product | null {
  for (const box of boxes)
    for (const offer of box.Offres)
      for (const product of [offer.produit_principal, offer.produit_optionnel, ...offer.produit_inclus]) if (product?.id === id) return product;
  return null;
}

/** The upgrade product is not sold in a box: its labels are the checkout's own. */
const upgradeProduct = (id: number): Product => ({
  id,
  libelle_interne: 'UPGRADE LIVE',
  libelle_public: 'Passage au VIP + Live',
  nb_mois: 1,
  nb_paiements: 1,
  prix: 0,
  recurrent: false,
});

const Page = styled.div`
  padding: 24px 32px;
  max-width: 760px;
  box-sizing: border-box;
  min-width: 0;
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
