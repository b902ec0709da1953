import { styled } from '@linaria/react';
import { memo } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { Invoice } from '../../contract/billing';
import { formatPrice, fromCents, toCents } from '../../domain/pricing';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { Card } from '../common/ui';
import { formatDate } from './subscription-summary';

const T = SUBSCRIPTIONS_TEXT;
const ROW_PX = 64;
const MAX_ROWS = 8;

/** The invoices, newest first, each opening its document (spec 1 §2, §3); the list is virtualised. */
export function InvoicesSection(props: { invoices: Invoice[] | null }) {
  const invoices = props.invoices ?? [];
  return (
    <Card aria-labelledby="invoices-title">
      <h2 id="invoices-title">{T.invoicesTitle}</h2>
      {props.invoices !== null && invoices.length === 0 ? <p>{T.noInvoices}</p> : null}
      {invoices.length > 0 ? (
        <Virtuoso
          role="list"
          aria-label={T.invoicesTitle}
          style={{ height: Math.min(invoices.length, MAX_ROWS) * ROW_PX }}
          data={invoices}
          computeItemKey={(_, invoice) => invoice.ref}
          itemContent={(_, invoice) => <InvoiceRow invoice={invoice} />}
        />
      ) : null}
    </Card>
  );
}

const InvoiceRow = memo(function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const ttc = fromCents(toCents(invoice.montantht) + toCents(invoice.montanttva));
  return (
    <Row role="listitem" aria-label={`Facture ${invoice.ref}`}>
      <div>
        <strong>{invoice.lib}</strong> · {formatDate(invoice.date)} · n° {invoice.ref}
        <small>{T.invoiceTotals(formatPrice(invoice.montantht), formatPrice(invoice.montanttva), formatPrice(ttc))}</small>
      </div>
      <a href={invoice.invoiceUrl} target="_blank" rel="noreferrer">
        {T.invoiceOpen}
      </a>
    </Row>
  );
});

const Row = styled.div`
  height: ${ROW_PX}px;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  border-bottom: 1px solid var(--border);
  & small {
    display: block;
    color: var(--muted);
  }
`;
