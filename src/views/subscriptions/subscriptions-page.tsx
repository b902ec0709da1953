import { styled } from '@linaria/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { vatRate } from '../../domain/pricing';
import { holds } from '../../domain/subscriptions';
import { SUBSCRIPTION } from '../../domain/subscription-ids';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { adBanner$, upsellBanner$ } from '../../store/queries';
import { useApp, useLazySync } from '../app-context';
import { buttonClass, Card } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { useObservable } from '../use-observable';
import { BillingForm } from './billing-form';
import { CardsSection } from './cards-section';
import { InvoicesSection } from './invoices-section';
import { CouponField, OfferBoxes, type AppliedCoupon } from './offer-boxes';
import { AdBannerCard, UpsellBanners } from './promo-banners';
import { SubscriptionSummary } from './subscription-summary';
import { useBoxes, useCards, useCountries, useInvoices, usePaymentConfig, useSubscriptions } from './use-billing';

const T = SUBSCRIPTIONS_TEXT;
export const SUBPAGES = ['thank_you', 'thank_you_vip', 'canceled'] as const;
type Subpage = (typeof SUBPAGES)[number];

/**
 * `/profil/abonnements` and its subpages thank_you, thank_you_vip and canceled (spec 1 §2): the
 * summary, the failed-payment notice, the offers with the coupon and the banners, the billing
 * form, the cards and the invoices. Everything is read from the store; opening the page refreshes it.
 */
export function SubscriptionsPage() {
  const { db } = useApp();
  const billing = useLazySync((services) => services.billing);
  const params = useParams<{ subpage?: string }>();
  const subpage = SUBPAGES.find((s) => s === params.subpage) ?? null;
  const user = useCurrentUser();
  const now = useNow();
  const boxes = useBoxes();
  const countries = useCountries();
  const config = usePaymentConfig();
  const summary = useSubscriptions();
  const cards = useCards();
  const invoices = useInvoices();
  const ad$ = useMemo(() => adBanner$(db), [db]);
  const upsell$ = useMemo(() => upsellBanner$(db), [db]);
  const ad = useObservable(ad$, null);
  const upsell = useObservable(upsell$, null);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  usePageTitle(T.pageTitle);

  useEffect(() => {
    void billing.loadCatalogue();
    void billing.loadAccount();
    // A payment confirmed elsewhere (crypto page, renewal) shows up here.
    void billing.checkNew();
  }, [billing, subpage]);

  if (!user) return <Page>{T.loading}</Page>;
  const vat = vatRate(countries ?? [], user.billing);
  return (
    <Page>
      <h1>{T.pageTitle}</h1>
      {subpage ? <SubpageBanner subpage={subpage} /> : null}
      <SubscriptionSummary user={user} summary={summary} now={now} />
      <AdBannerCard banner={ad} onUseCode={setCode} />
      <UpsellBanners user={user} banner={upsell} now={now} />

      <Section aria-labelledby="offers-title">
        <h2 id="offers-title">{T.offersTitle}</h2>
        <Info role="note" aria-label={T.mobileTitle}>
          <strong>{T.mobileTitle}</strong>
          <p>{T.mobileText}</p>
        </Info>
        <CouponField code={code} onCode={setCode} applied={coupon} onApplied={setCoupon} />
        {boxes ? <OfferBoxes boxes={boxes} user={user} vat={vat} coupon={coupon} priceOne={holds(user, SUBSCRIPTION.PRICE_ONE, now)} now={now} /> : <p>{T.loading}</p>}
      </Section>

      <BillingForm user={user} countries={countries ?? []} />
      <CardsSection cards={cards} config={config} />
      <InvoicesSection invoices={invoices} />
    </Page>
  );
}

function SubpageBanner({ subpage }: { subpage: Subpage }) {
  const [title, text] =
    subpage === 'thank_you_vip' ? [T.thankYouVipTitle, T.thankYouVipText] : subpage === 'thank_you' ? [T.thankYouTitle, T.thankYouText] : [T.canceledTitle, T.canceledText];
  return (
    <Card role="status" aria-label={title}>
      <h2>{title}</h2>
      <p>{text}</p>
      {subpage === 'thank_you_vip' ? (
        <Link className={buttonClass} href="/notification">
          {T.thankYouVipCta}
        </Link>
      ) : null}
    </Card>
  );
}

const Page = styled.div`
  padding: 24px 32px;
  max-width: 900px;
  box-sizing: border-box;
  min-width: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  & input:not([type='checkbox']):not([type='radio']),
  & select {
    min-width: 0;
    width: 100%;
    box-sizing: border-box;
  }
  gap: 20px;
  & h1,
  & h2,
  & h3 {
    margin: 0 0 8px;
  }
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
const Section = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;
const Info = styled.div`
  padding: 12px 16px;
  border-left: 4px solid var(--accent);
  background: var(--surface);
  border-radius: 8px;
  & p {
    margin: 4px 0 0;
  }
`;
