import { styled } from '@linaria/react';
import type { NewPrices, Offer } from '../../contract/billing';
import { durationLabel, formatPrice, offerCharge, perMonthPrice, renewalNote } from '../../domain/pricing';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';

export type PriceOptions = {
  vat: number;
  newPrices: NewPrices | null;
  optionSelected: boolean;
  /** The member holds subscription 7: the purchase costs 1 (spec 1 §3). */
  priceOne: boolean;
};

/** What an offer costs now with VAT, before and after the coupon (spec 1 §9). */
export function offerPrices(offer: Offer, options: PriceOptions) {
  const charged = offerCharge(offer, options);
  const full = offerCharge(offer, { vat: options.vat, optionSelected: options.optionSelected, newPrices: null, priceOne: options.priceOne });
  const main = offer.produit_principal;
  return {
    ttc: charged.ttc,
    before: full.ttc !== charged.ttc ? full.ttc : null,
    perMonth: perMonthPrice(charged.ttc, main.nb_mois),
    duration: durationLabel(main.nb_mois),
    renewal: renewalNote(main),
  };
}

/** The price block of an offer: price with VAT, duration, per-month price and renewal note. */
export function OfferPrice(props: { offer: Offer } & PriceOptions) {
  const p = offerPrices(props.offer, props);
  return (
    <Block>
      <p>
        {p.before !== null ? <Before aria-label={`Prix sans réduction ${formatPrice(p.before)}`}>{formatPrice(p.before)}</Before> : null}
        <Price data-testid="offer-price">{formatPrice(p.ttc)}</Price> <span>{p.duration}</span>
      </p>
      {p.perMonth !== null ? <Small>{SUBSCRIPTIONS_TEXT.perMonth(`${p.perMonth} €`)}</Small> : null}
      <Small>TVA incluse</Small>
      {p.renewal ? <Small>{p.renewal}</Small> : null}
    </Block>
  );
}

const Block = styled.div`
  display: grid;
  gap: 2px;
  & p {
    margin: 0;
  }
`;
const Price = styled.strong`
  font-size: 26px;
`;
const Before = styled.s`
  margin-right: 8px;
  color: var(--muted);
`;
const Small = styled.span`
  font-size: 13px;
  color: var(--muted);
`;
