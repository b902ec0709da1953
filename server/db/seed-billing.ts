import { eq } from 'drizzle-orm';
import { addMonths, DEFAULT_VAT, fromCents, moneyOf, toCents } from '../../src/domain/pricing';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { invoiceRef } from '../billing/settle-payment';
import type { Database } from './open-database';
import { billingBoxes, billingOffers, billingPlans, billingProducts, coupons, invoices, paymentCards, payments } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProductRow = typeof billingProducts.$inferInsert;
type OfferRow = typeof billingOffers.$inferInsert;

const { VIP, LIVE, PRIME, OTHER } = SUBSCRIPTION;

/**
 * The demo catalogue (DESIGN.md: VIP, VIP + Live, lifetime VIP, LIVE, PRIME, a formation and an
 * indicator, with 1-, 3-, 6- and 12-month products). Ids are fixed so tests and links can name
 * them; prices are before VAT, in cents.
 */
export const DEMO_PRODUCTS = {
  vipMonthly: { id: 1, libelleInterne: 'VIP MENSUEL', libellePublic: 'VIP mensuel', nbMois: 1, nbPaiements: 1, prixCents: 4900, recurrent: true, grants: [VIP] },
  vipInstalments: { id: 2, libelleInterne: 'VIP 3X', libellePublic: 'VIP en 3 fois', nbMois: 3, nbPaiements: 3, prixCents: 12900, recurrent: false, grants: [VIP] },
  vipSemester: { id: 3, libelleInterne: 'VIP SEMESTRIEL', libellePublic: 'VIP 6 mois', nbMois: 6, nbPaiements: 1, prixCents: 24900, recurrent: true, grants: [VIP] },
  vipYear: { id: 4, libelleInterne: 'VIP ANNUEL', libellePublic: 'VIP 1 an', nbMois: 12, nbPaiements: 1, prixCents: 44900, recurrent: true, grants: [VIP] },
  vipLifetime: { id: 5, libelleInterne: 'VIP A VIE', libellePublic: 'VIP à vie', nbMois: 0, nbPaiements: 1, prixCents: 149000, recurrent: false, grants: [VIP] },
  vipLiveMonthly: { id: 6, libelleInterne: 'VIP + LIVE MENSUEL', libellePublic: 'VIP + Live mensuel', nbMois: 1, nbPaiements: 1, prixCents: 8900, recurrent: true, grants: [VIP, LIVE] },
  vipLiveYear: { id: 7, libelleInterne: 'VIP + LIVE ANNUEL', libellePublic: 'VIP + Live 1 an', nbMois: 12, nbPaiements: 1, prixCents: 84900, recurrent: true, grants: [VIP, LIVE] },
  liveMonthly: { id: 8, libelleInterne: 'LIVE MENSUEL', libellePublic: 'Live mensuel', nbMois: 1, nbPaiements: 1, prixCents: 3900, recurrent: true, grants: [LIVE] },
  primeYear: { id: 9, libelleInterne: 'PRIME ANNUEL', libellePublic: 'Prime 1 an', nbMois: 12, nbPaiements: 1, prixCents: 99000, recurrent: false, grants: [PRIME] },
  formationFirst: { id: 10, libelleInterne: 'FORMATION FIRST', libellePublic: 'Formation « Premiers pas »', nbMois: 12, nbPaiements: 1, prixCents: 29700, recurrent: false, grants: [OTHER] },
  indicator: { id: 11, libelleInterne: 'INDICATEUR COMPTOIR', libellePublic: 'Indicateur Comptoir pour TradingView', nbMois: 12, nbPaiements: 1, prixCents: 19900, recurrent: false, grants: [OTHER] },
  upgradeLive: { id: 12, libelleInterne: 'UPGRADE LIVE', libellePublic: 'Passage au VIP + Live', nbMois: 1, nbPaiements: 1, prixCents: 3900, recurrent: false, grants: [LIVE], upgrade: true },
  liveGift: { id: 13, libelleInterne: 'LIVE OFFERT', libellePublic: '1 mois de Live offert', nbMois: 1, nbPaiements: 1, prixCents: 0, recurrent: false, grants: [LIVE] },
  coaching: { id: 14, libelleInterne: 'COACHING INDIVIDUEL', libellePublic: 'Une séance de coaching individuel', nbMois: 1, nbPaiements: 1, prixCents: 7900, recurrent: false, grants: [] },
} satisfies Record<string, ProductRow>;

const P = DEMO_PRODUCTS;

export const DEMO_BOXES = [
  { id: 1, libelle: 'VIP', position: 0 },
  { id: 2, libelle: 'VIP + Live', position: 1 },
  { id: 3, libelle: 'Live', position: 2 },
  { id: 4, libelle: 'Prime', position: 3 },
  { id: 5, libelle: 'Formations et outils', position: 4 },
] as const;

const VIP_PERKS = 'Toutes les alertes de trading\nLes rooms Forex, Indices et Crypto\nLes replays et la toolbox';
const offer = (row: Omit<OfferRow, 'prixCents' | 'name' | 'mainProductId'> & { main: ProductRow }): OfferRow => {
  const { main, ...rest } = row;
  return { ...rest, name: `offre-${row.id}`, prixCents: main.prixCents, mainProductId: main.id! };
};

/** Box by box, in order: `/purchase/{box index}/{offer index}` (VIP monthly is /purchase/0/0). */
export const DEMO_OFFERS: OfferRow[] = [
  offer({ id: 1, boxId: 1, position: 0, libelle: 'Mensuel', sslibelle: 'Sans engagement', main: P.vipMonthly, avantages: VIP_PERKS, desavantages: 'Sans les lives' }),
  offer({ id: 2, boxId: 1, position: 1, libelle: 'En 3 fois', sslibelle: '3 paiements trimestriels', main: P.vipInstalments, avantages: VIP_PERKS, desavantages: 'Sans les lives' }),
  offer({ id: 3, boxId: 1, position: 2, libelle: '6 mois', sslibelle: 'Renouvelé automatiquement', main: P.vipSemester, avantages: VIP_PERKS, desavantages: 'Sans les lives' }),
  offer({
    id: 4,
    boxId: 1,
    position: 3,
    libelle: '1 an',
    sslibelle: 'Un mois de Live offert',
    main: P.vipYear,
    optionalProductId: P.coaching.id,
    includedProductIds: [P.liveGift.id],
    avantages: `${VIP_PERKS}\nUn mois de Live offert`,
    desavantages: '',
  }),
  offer({ id: 5, boxId: 1, position: 4, libelle: 'À vie', sslibelle: 'Payé une seule fois', main: P.vipLifetime, avantages: `${VIP_PERKS}\nSans date de fin`, desavantages: '' }),
  offer({ id: 6, boxId: 2, position: 0, libelle: 'Mensuel', sslibelle: 'Sans engagement', main: P.vipLiveMonthly, avantages: `${VIP_PERKS}\nLes lives quotidiens avec les coachs`, desavantages: '' }),
  offer({ id: 7, boxId: 2, position: 1, libelle: '1 an', sslibelle: 'Renouvelé automatiquement', main: P.vipLiveYear, avantages: `${VIP_PERKS}\nLes lives quotidiens avec les coachs`, desavantages: '' }),
  offer({ id: 8, boxId: 3, position: 0, libelle: 'Mensuel', sslibelle: 'Les lives seuls', main: P.liveMonthly, avantages: 'Les lives quotidiens avec les coachs', desavantages: 'Sans les alertes VIP' }),
  offer({ id: 9, boxId: 4, position: 0, libelle: '1 an', sslibelle: 'La room Prime', main: P.primeYear, avantages: 'La room Prime\nLes analyses macro et long terme', desavantages: '' }),
  offer({ id: 10, boxId: 5, position: 0, libelle: 'Formation', sslibelle: 'Premiers pas', main: P.formationFirst, avantages: '12 modules vidéo\nQuiz et certificat', desavantages: '' }),
  offer({ id: 11, boxId: 5, position: 1, libelle: 'Indicateur', sslibelle: 'Pour TradingView', main: P.indicator, avantages: "L'indicateur Comptoir sur votre compte TradingView", desavantages: 'Nécessite un abonnement VIP en cours' }),
];

/**
 * Promo codes: BIENVENUE20 takes 20 % off every VIP product (the ad banner's code), LIVE10 10 %
 * off the Live products, PRIME500 sets Prime at 500 € before VAT, NOEL2020 has expired.
 */
export const DEMO_COUPONS = [
  {
    code: 'BIENVENUE20',
    newPrices: Object.fromEntries([P.vipMonthly, P.vipInstalments, P.vipSemester, P.vipYear, P.vipLifetime].map((p) => [String(p.id), 0.8])),
  },
  { code: 'LIVE10', newPrices: Object.fromEntries([P.vipLiveMonthly, P.vipLiveYear, P.liveMonthly, P.upgradeLive].map((p) => [String(p.id), 0.9])) },
  { code: 'PRIME500', newPrices: { [String(P.primeYear.id)]: 500 } },
  { code: 'NOEL2020', newPrices: { [String(P.vipMonthly.id)]: 0.5 }, startsAt: new Date(Date.UTC(2020, 11, 1)), endsAt: new Date(Date.UTC(2021, 0, 1)) },
];

/** The demo `vip` pays VIP monthly with a saved card: its plan renews when its VIP ends. */
export const DEMO_VIP_PLAN = { cardId: 'card_demo_vip', planId: 'sub_demo_vip', paymentId: 'pay_demo_vip' } as const;

/**
 * The catalogue, the coupons, and the demo `vip`'s history: VIP monthly bought a month before its
 * VIP ends with the card 4242 (local provider), its invoice, its running plan.
 */
export async function seedBilling(tx: Tx, demo: { vipId: number; vipExpiry: Date }): Promise<void> {
  await tx.insert(billingProducts).values(Object.values(DEMO_PRODUCTS));
  await tx.insert(billingBoxes).values([...DEMO_BOXES]);
  await tx.insert(billingOffers).values(DEMO_OFFERS);
  await tx.insert(coupons).values(DEMO_COUPONS);

  const product = P.vipMonthly;
  const paidAt = addMonths(demo.vipExpiry, -1);
  const money = moneyOf(fromCents(product.prixCents), DEFAULT_VAT);
  await tx.insert(paymentCards).values({
    id: DEMO_VIP_PLAN.cardId,
    userId: demo.vipId,
    provider: 'local-card',
    providerRef: 'pm_local_succeed.demo-vip',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    createdAt: paidAt,
  });
  await tx.insert(billingPlans).values({
    id: DEMO_VIP_PLAN.planId,
    userId: demo.vipId,
    productId: product.id,
    kind: 'recurring',
    status: 'active',
    chargeHtCents: product.prixCents,
    chargesMade: 1,
    intervalMonths: product.nbMois,
    nextChargeAt: demo.vipExpiry,
    cardId: DEMO_VIP_PLAN.cardId,
    createdAt: paidAt,
  });
  await tx.insert(payments).values({
    id: DEMO_VIP_PLAN.paymentId,
    userId: demo.vipId,
    kind: 'purchase',
    method: 'card',
    provider: 'local-card',
    providerRef: 'ch_local_demo_vip',
    status: 'succeeded',
    htCents: toCents(money.ht),
    ttcCents: toCents(money.ttc),
    vatRate: DEFAULT_VAT,
    order: {
      lib: product.libellePublic,
      grants: [{ productId: product.id, nbMois: product.nbMois, subscriptions: product.grants }],
      plan: null,
      page: 'thank_you_vip',
      boxId: 1,
      offerId: 1,
      optionSelected: false,
      coupon: null,
      references: { cnv: '', int: '' },
    },
    planId: DEMO_VIP_PLAN.planId,
    cardId: DEMO_VIP_PLAN.cardId,
    attempts: 1,
    createdAt: paidAt,
    confirmedAt: paidAt,
    seenAt: paidAt,
  });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      ref: `pending-${DEMO_VIP_PLAN.paymentId}`,
      userId: demo.vipId,
      paymentId: DEMO_VIP_PLAN.paymentId,
      lib: product.libellePublic,
      htCents: toCents(money.ht),
      tvaCents: toCents(money.tva),
      vatRate: DEFAULT_VAT,
      billing: null,
      customerName: 'Victor Perrin',
      customerEmail: 'vip@comptoir.test',
      createdAt: paidAt,
    })
    .returning({ id: invoices.id });
  if (invoice) await tx.update(invoices).set({ ref: invoiceRef(paidAt, invoice.id) }).where(eq(invoices.id, invoice.id));
}
