import { BILLING_TEXT } from '../contract/billing';
import { PASSWORD_MIN_LENGTH, REGISTRATION_TEXT } from './registration';
import { TEXT } from './text-fr';
import { isValidEmail } from './validation';

/** The checkout's French text (spec 1 §5, §8), exactly as the spec writes it where it names one. */
export const CHECKOUT_TEXT = {
  waiverRequired: 'Vous devez accepter de renoncer à votre droit de rétractation pour continuer.',
  waiverLabel:
    "Je demande l'accès immédiat au contenu et je renonce expressément à mon droit de rétractation de 14 jours.",
  tradingviewRequired: BILLING_TEXT.tradingviewRequired,
  tradingviewSaved: 'Le compte tradingView est enregistré',
  tradingviewLabel: 'Votre compte TradingView',
  vipReminder: "Rappel : l'accès à cet indicateur nécessite un abonnement VIP en cours.",
  couponValid: 'Le coupon est valide',
  tokenFailed: BILLING_TEXT.tokenFailed,
  cardAddFailed: BILLING_TEXT.cardAddFailed,
  cardAdded: 'Votre carte a été ajoutée avec succès...',
  /** A purchase that raised an exception: the bank returned an error (spec 1 §8). */
  bankError: BILLING_TEXT.cardDeclined,
  upgradeNotAllowed: BILLING_TEXT.upgradeNotAllowed,
  repurchaseBlocked: BILLING_TEXT.repurchaseBlocked,
  companyNameRequired: BILLING_TEXT.companyNameRequired,
  cryptoOpened: 'La page de paiement en crypto-monnaie s’est ouverte dans un nouvel onglet.',
  cryptoLink: 'Ouvrir la page de paiement crypto',
  paypalWaiting: 'Validez le paiement dans la fenêtre PayPal.',
  pay: 'Payer',
  buyAsCompany: "J'achète au nom d'une société",
  methods: { card: 'Carte bancaire', paypal: 'PayPal', crypto: 'Crypto-monnaie' },
} as const;

export type PaymentMethod = 'card' | 'paypal' | 'crypto';
export type CheckoutMode = 'purchase' | 'upgrade';
export type ThankYouPage = 'thank_you' | 'thank_you_vip';

/**
 * Payment methods offered (spec 1 §4): card always; PayPal and crypto only when the main product is
 * paid in one payment; an upgrade is paid by card or PayPal.
 */
export function paymentMethodsFor(mode: CheckoutMode, mainProductPayments: number): PaymentMethod[] {
  if (mode === 'upgrade') return ['card', 'paypal'];
  return mainProductPayments === 1 ? ['card', 'paypal', 'crypto'] : ['card'];
}

/** FIRST, PRIME and FORMATION products need the retraction waiver before the methods show (spec 1 §4). */
export const needsWaiver = (productLabel: string): boolean => /FIRST|PRIME|FORMATION/.test(productLabel.toUpperCase());

/** INDICATEUR products need the member's TradingView account, saved to the profile first (spec 1 §5). */
export const needsTradingview = (productLabel: string): boolean => productLabel.toUpperCase().includes('INDICATEUR');

/** After a confirmed payment: thank_you_vip when the main product is a VIP one (spec 1 §4). */
export const thankYouPageFor = (productLabel: string): ThankYouPage =>
  productLabel.toUpperCase().includes('VIP') ? 'thank_you_vip' : 'thank_you';

export type CheckoutField = 'email' | 'password' | 'username' | 'firstName' | 'billingName' | 'waiver' | 'tradingview' | 'cardholderName';
export type CheckoutProblem = { field: CheckoutField | null; message: string };

export type CheckoutFields = {
  /** The visitor still has to create an account (signed out, none created yet in this checkout). */
  needsAccount: boolean;
  account: { email: string; password: string; username: string; firstName: string };
  /** Buying as a company: the company name is required (spec 1 §5). */
  company: boolean;
  billingName: string;
  waiverRequired: boolean;
  waiver: boolean;
  tradingviewRequired: boolean;
  tradingview: string;
  /** A new card is typed in the card field, which needs the cardholder's name. */
  newCard: boolean;
  cardholderName: string;
};

/**
 * The first thing that stops a payment, in the order the form reads: the visitor's account fields
 * (each required, then the registration rules), the company name, the waiver, the TradingView
 * account, the cardholder name.
 */
export function checkoutProblem(f: CheckoutFields): CheckoutProblem | null {
  if (f.needsAccount) {
    for (const field of ['email', 'password', 'username', 'firstName'] as const) {
      if (f.account[field].trim() === '') return { field, message: TEXT.requiredField };
    }
    if (!isValidEmail(f.account.email.trim())) return { field: 'email', message: REGISTRATION_TEXT.invalidEmail };
    if (f.account.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: REGISTRATION_TEXT.shortPassword };
  }
  // At checkout the billing is typed only by a company; a private buyer keeps the profile's.
  const billing = f.company ? billingProblem({ company: true, name: f.billingName }) : null;
  if (billing) return { field: 'billingName', message: billing };
  if (f.waiverRequired && !f.waiver) return { field: 'waiver', message: CHECKOUT_TEXT.waiverRequired };
  if (f.tradingviewRequired && f.tradingview.trim() === '') return { field: 'tradingview', message: CHECKOUT_TEXT.tradingviewRequired };
  if (f.newCard && f.cardholderName.trim() === '') return { field: 'cardholderName', message: TEXT.requiredField };
  return null;
}

/**
 * The billing form's rule (spec 1 §5): the name on the invoices is required — a company's name
 * for a company, the person's otherwise.
 */
export function billingProblem(billing: { company: boolean; name: string }): string | null {
  if (billing.name.trim() !== '') return null;
  return billing.company ? CHECKOUT_TEXT.companyNameRequired : TEXT.requiredField;
}

/** The checkout of an offer, open to everyone (spec 1 §2); a coupon rides along as `?coupon=`. */
export function purchasePath(boxIndex: number, offerIndex: number, coupon?: string | null): string {
  const path = `/purchase/${boxIndex}/${offerIndex}`;
  return coupon ? `${path}?coupon=${encodeURIComponent(coupon)}` : path;
}
export const UPGRADE_PATH = '/purchase/upgrade_live';

/** 'MM/AA' (or 'MM/AAAA') to the month and the four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { exp_month: month, exp_year: year } : null;
}
