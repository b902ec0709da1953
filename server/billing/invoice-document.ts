import { formatPrice, fromCents } from '../../src/domain/pricing';
import type { invoices } from '../db/schema';
import { escapeHtml, htmlPage } from '../http/html-page';

type InvoiceRow = typeof invoices.$inferSelect;

/** The seller printed on every invoice. */
export const SELLER = {
  name: 'Comptoir SAS',
  address: '12 rue de la Bourse, 75002 Paris, France',
  vat: 'FR00 123456789',
  siret: '123 456 789 00012',
};

const dateFr = (date: Date) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(date);
const rate = (vatRate: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(vatRate)} %`;

/** The invoice as a printable page: seller, customer, the line with HT, TVA and TTC. */
export function invoiceDocument(invoice: InvoiceRow): string {
  const ht = fromCents(invoice.htCents);
  const tva = fromCents(invoice.tvaCents);
  const ttc = fromCents(invoice.htCents + invoice.tvaCents);
  const billing = invoice.billing;
  const customer = [
    billing?.name || invoice.customerName,
    billing?.address,
    billing?.address2,
    [billing?.zip, billing?.city].filter(Boolean).join(' '),
    billing?.country,
    billing?.vat ? `N° TVA : ${billing.vat}` : '',
    invoice.customerEmail,
  ]
    .filter((line): line is string => Boolean(line && line.trim()))
    .map(escapeHtml)
    .join('<br>');
  const reverseCharge = invoice.vatRate === 0 && billing?.vat ? '<p class="note">Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).</p>' : '';
  const body = `<header><h1>Facture ${escapeHtml(invoice.ref)}</h1><p>Date : ${escapeHtml(dateFr(invoice.createdAt))}</p></header>
<section class="parties">
  <div><h2>Vendeur</h2><p>${escapeHtml(SELLER.name)}<br>${escapeHtml(SELLER.address)}<br>SIRET ${escapeHtml(SELLER.siret)}<br>N° TVA : ${escapeHtml(SELLER.vat)}</p></div>
  <div><h2>Client</h2><p>${customer}</p></div>
</section>
<table>
  <thead><tr><th>Désignation</th><th>Montant HT</th><th>TVA (${escapeHtml(rate(invoice.vatRate))})</th><th>Montant TTC</th></tr></thead>
  <tbody><tr><td>${escapeHtml(invoice.lib)}</td><td>${formatPrice(ht)}</td><td>${formatPrice(tva)}</td><td>${formatPrice(ttc)}</td></tr></tbody>
  <tfoot>
    <tr><th colspan="3">Total HT</th><td>${formatPrice(ht)}</td></tr>
    <tr><th colspan="3">TVA</th><td>${formatPrice(tva)}</td></tr>
    <tr><th colspan="3">Total TTC</th><td><strong>${formatPrice(ttc)}</strong></td></tr>
  </tfoot>
</table>
${reverseCharge}
<p class="note">Facture acquittée. Paiement reçu le ${escapeHtml(dateFr(invoice.createdAt))}.</p>
<p><button type="button" id="print">Imprimer</button></p>`;
  return htmlPage(`Facture ${invoice.ref} — Comptoir`, body, {
    script: INVOICE_SCRIPT,
    style:
      'table{width:100%;border-collapse:collapse;margin:1.5rem 0}th,td{border:1px solid #ccc;padding:.5rem;text-align:right}th:first-child,td:first-child{text-align:left}.parties{display:flex;gap:2rem;justify-content:space-between}@media print{button{display:none}}',
  });
}

/** The print button's handler: the invoice page's one script, allowed by its hash (no inline handler). */
export const INVOICE_SCRIPT = "document.getElementById('print').addEventListener('click', () => window.print());";
