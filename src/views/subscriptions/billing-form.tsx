import { styled } from '@linaria/react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../common/toast';
import type { Country } from '../../contract/billing';
import type { Billing, User } from '../../contract/user';
import { billingProblem } from '../../domain/checkout';
import { DEFAULT_COUNTRY } from '../../domain/pricing';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { EMPTY_BILLING, type BillingField } from '../../machines/checkout-machine';
import { useProfileUpdate } from '../account/use-profile-update';
import { Button, Card, ErrorText, Field } from '../common/ui';

const T = SUBSCRIPTIONS_TEXT;

/** The billing fields, shared by the checkout and the billing form: private person or company. */
export function BillingFields(props: {
  billing: Billing;
  company: boolean;
  countries: readonly Country[];
  disabled?: boolean;
  onChange: (field: BillingField, value: string) => void;
  /** Offers the private person / company choice (the checkout asks it with its own checkbox). */
  onToggleCompany?: () => void;
}) {
  const { billing, company, onChange, onToggleCompany } = props;
  const input = (field: BillingField, label: string, autoComplete: string) => (
    <Field>
      {label}
      <input value={billing[field]} autoComplete={autoComplete} onChange={(e) => onChange(field, e.target.value)} disabled={props.disabled} />
    </Field>
  );
  return (
    <Fields>
      {onToggleCompany ? (
        <Kind role="radiogroup" aria-label={T.billingKind}>
          <label>
            <input type="radio" name="billing-kind" checked={!company} onChange={() => company && onToggleCompany()} disabled={props.disabled} />
            {T.billingParticulier}
          </label>
          <label>
            <input type="radio" name="billing-kind" checked={company} onChange={() => !company && onToggleCompany()} disabled={props.disabled} />
            {T.billingCompany}
          </label>
        </Kind>
      ) : null}
      {input('name', company ? T.billingCompanyName : T.billingPersonName, company ? 'organization' : 'name')}
      {input('address', T.billingAddress, 'address-line1')}
      {input('address2', T.billingAddress2, 'address-line2')}
      <Pair>
        {input('zip', T.billingZip, 'postal-code')}
        {input('city', T.billingCity, 'address-level2')}
      </Pair>
      <Field>
        {T.billingCountry}
        <select value={billing.country || DEFAULT_COUNTRY} onChange={(e) => onChange('country', e.target.value)} disabled={props.disabled}>
          {props.countries.length === 0 ? <option value={DEFAULT_COUNTRY}>France</option> : null}
          {props.countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name_fr}
            </option>
          ))}
        </select>
      </Field>
      {company ? input('vat', T.billingVat, 'off') : null}
    </Fields>
  );
}

/** The subscriptions page's billing form, saved through `PUT /api/user/update` (spec 1 §5, §7). */
export function BillingForm(props: { user: User; countries: readonly Country[] }) {
  const [billing, setBilling] = useState<Billing>(EMPTY_BILLING);
  const [company, setCompany] = useState(false);
  const { error, setError, busy, update } = useProfileUpdate(T.billingSaved);

  useEffect(() => {
    const saved = props.user.billing;
    setBilling({ ...EMPTY_BILLING, ...saved, country: saved?.country || DEFAULT_COUNTRY });
    setCompany((saved?.vat ?? '') !== '');
  }, [props.user.billing]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = billingProblem({ company, name: billing.name });
    if (problem) return setError(problem);
    await update({ billing: company ? billing : { ...billing, vat: '' } });
  }

  return (
    <Card aria-labelledby="billing-title">
      <h2 id="billing-title">{T.billingTitle}</h2>
      <form onSubmit={(e) => void save(e)} noValidate aria-label={T.billingTitle}>
        <BillingFields
          billing={billing}
          company={company}
          countries={props.countries}
          disabled={busy}
          onChange={(field, value) => {
            setBilling((b) => ({ ...b, [field]: value }));
            setError(null);
          }}
          onToggleCompany={() => {
            setCompany((v) => !v);
            setError(null);
          }}
        />
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Button type="submit" disabled={busy}>
          {T.billingSave}
        </Button>
      </form>
    </Card>
  );
}

const Fields = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 12px;
  & select {
    height: 44px;
    padding: 0 12px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
  }
`;
const Kind = styled.div`
  display: flex;
  gap: 20px;
  & label {
    display: flex;
    gap: 6px;
    align-items: center;
  }
`;
const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 2fr;
  gap: 12px;
`;
