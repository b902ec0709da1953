import type { ThankYouPage } from '../../src/domain/checkout';

/** A paid period of a product: its subscriptions run `nbMois` months longer (0: for life). */
export type Grant = {
  productId: number;
  nbMois: number;
  subscriptions: number[];
  /** A renewal's period follows the one before, from the date it was due (ISO). */
  renews?: string;
};

/** The plan a first payment starts: recurring renewals, or the remaining instalments. */
export type PlanToStart = {
  productId: number;
  kind: 'recurring' | 'instalments';
  /** Each instalment's price before VAT; a recurring plan renews at the product's price of the day. */
  chargeHtCents: number;
  chargesTotal: number | null;
  intervalMonths: number;
};

/**
 * What a payment buys, frozen when it is created (the catalogue may change before it is paid):
 * applied once, when the payment succeeds.
 */
export type PaymentOrder = {
  /** The invoice line. */
  lib: string;
  grants: Grant[];
  plan: PlanToStart | null;
  page: ThankYouPage;
  boxId: number | null;
  offerId: number | null;
  optionSelected: boolean;
  coupon: string | null;
  references: { cnv: string; int: string };
};
