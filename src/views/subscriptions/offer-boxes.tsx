import { styled } from '@linaria/react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import { Link } from 'wouter';
import type { Box, NewPrices } from '../../contract/billing';
import type { User } from '../../contract/user';
import { CHECKOUT_TEXT, purchasePath } from '../../domain/checkout';
import { purchaseBlocked } from '../../domain/pricing';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Icon } from '../common/icons';
import { Button, Card, ErrorText, Field, buttonClass } from '../common/ui';
import { OfferPrice } from './offer-price';

const T = SUBSCRIPTIONS_TEXT;
export type AppliedCoupon = { code: string; newPrices: NewPrices };

/** The promo code field of the offers (spec 1 §2, §5): checked by the server, then prices follow. */
export function CouponField(props: { code: string; onCode: (code: string) => void; applied: AppliedCoupon | null; onApplied: (coupon: AppliedCoupon | null) => void }) {
  const { checkout } = useApp();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const code = props.code.trim();
    if (code === '') return;
    setBusy(true);
    try {
      const { newPrices } = await checkout(null).checkCoupon(code, null);
      props.onApplied({ code, newPrices });
      setError(null);
      toast.success(CHECKOUT_TEXT.couponValid);
    } catch (failure) {
      props.onApplied(null);
      setError(failure instanceof Error && failure.message ? failure.message : TEXT.requestFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <CouponForm onSubmit={(e) => void apply(e)} aria-label={T.couponTitle}>
      <Field>
        {T.couponLabel}
        <input
          value={props.code}
          onChange={(e) => {
            props.onCode(e.target.value);
            props.onApplied(null);
            setError(null);
          }}
        />
      </Field>
      <Button type="submit" variant="ghost" disabled={busy || props.code.trim() === ''}>
        {T.couponApply}
      </Button>
      {props.applied ? <Applied role="status">{T.couponApplied(props.applied.code)}</Applied> : null}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </CouponForm>
  );
}

/** The offer boxes, one tab per offer (spec 1 §2); prices with the billing VAT and the coupon. */
export function OfferBoxes(props: { boxes: Box[]; user: User; vat: number; coupon: AppliedCoupon | null; priceOne: boolean; now: Date }) {
  return (
    <>
      {props.boxes.map((box, index) => (
        <OfferBox key={box.id} box={box} boxIndex={index} {...props} />
      ))}
    </>
  );
}

function OfferBox(props: { box: Box; boxIndex: number; user: User; vat: number; coupon: AppliedCoupon | null; priceOne: boolean; now: Date }) {
  const { box } = props;
  const [selected, setSelected] = useState(0);
  const id = useId();
  const offer = box.Offres[selected] ?? box.Offres[0];
  if (!offer) return null;
  const blocked = purchaseBlocked(props.user, offer, props.now);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{box.libelle}</h3>
      {box.Offres.length > 1 ? (
        <Tabs role="tablist" aria-label={box.libelle}>
          {box.Offres.map((o, index) => (
            <Tab
              key={o.id}
              role="tab"
              type="button"
              id={`${id}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${id}-panel`}
              onClick={() => setSelected(index)}
            >
              {o.libelle}
            </Tab>
          ))}
        </Tabs>
      ) : null}
      <Panel role="tabpanel" id={`${id}-panel`} aria-label={`${box.libelle} — ${offer.libelle}`}>
        {offer.sslibelle ? <p>{offer.sslibelle}</p> : null}
        <OfferPrice offer={offer} vat={props.vat} newPrices={props.coupon?.newPrices ?? null} optionSelected={false} priceOne={props.priceOne} />
        <Bullets>
          {lines(offer.avantages).map((line) => (
            <li key={line} data-kind="plus">
              <Icon name="check" size={16} />
              {line}
            </li>
          ))}
          {lines(offer.desavantages).map((line) => (
            <li key={line} data-kind="minus">
              <Icon name="close" size={16} />
              {line}
            </li>
          ))}
        </Bullets>
        {blocked ? (
          <>
            <Button disabled>{T.choose}</Button>
            <small>{T.alreadyVip}</small>
          </>
        ) : (
          <Link className={buttonClass} href={purchasePath(props.boxIndex, box.Offres.indexOf(offer), props.coupon?.code)}>
            {T.choose}
          </Link>
        )}
      </Panel>
    </Card>
  );
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');

const CouponForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  & > label {
    flex: 1 1 220px;
  }
`;
const Applied = styled.p`
  margin: 0;
  width: 100%;
  color: var(--success, var(--accent));
`;
const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
`;
const Tab = styled.button`
  padding: 6px 14px;
  border-radius: 999px;
  border: 1px solid var(--border);
  background: transparent;
  color: var(--text);
  cursor: pointer;
  &[aria-selected='true'] {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--accent-contrast);
  }
`;
const Panel = styled.div`
  display: grid;
  gap: 10px;
  justify-items: start;
  & p {
    margin: 0;
  }
`;
const Bullets = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 4px;
  & li {
    display: flex;
    align-items: baseline;
    gap: 6px;
  }
  & svg {
    flex: none;
    align-self: center;
    color: var(--accent);
  }
  & li[data-kind='minus'] svg {
    color: var(--muted);
  }
`;
