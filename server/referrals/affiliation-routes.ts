import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BILLING_TEXT } from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import {
  AFFILIATION_MESSAGES,
  AFFILIATION_PATHS,
  type AffiliationAnswer,
  type Referral,
  type Transfer,
} from '../../src/contract/referral';
import { STRIPE_CONNECT_MESSAGES } from '../../src/contract/stripe-connect';
import { fromCents } from '../../src/domain/pricing';
import { REFERRAL, referralLink } from '../../src/domain/referral';
import { publicOrigin } from '../accounts/account-services';
import { cookieTokenOf, requestUser, userFromToken } from '../auth/tokens';
import type { BillingServices } from '../billing/billing-services';
import { referralTransfers, referrals, users } from '../db/schema';
import { escapeHtml, htmlPage } from '../http/html-page';
import { invalidBody } from '../routes/invalid-body';
import { affiliationOf, createAffiliation } from './affiliation-store';
import { runReferralPayouts, type PayoutSender } from './referral-payouts';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

const R = (path: string) => `${REST_BASE}${path}`;
const LINK_STYLE = 'a{display:inline-block;min-height:44px;line-height:44px;color:#0b5cff}a.primary{padding:0 1.2rem;border-radius:6px;background:#0b5cff;color:#fff;text-decoration:none}';
const payoutRun = z.object({ at: z.iso.datetime({ offset: true }).optional() });
const connectQuery = z.object({ state: z.string().regex(/^\d{1,12}$/) });

export type ReferralOptions = {
  /** Stripe Connect's OAuth client id (`ca_…`): with it, the payout account is linked at Stripe. */
  connectClientId: string | undefined;
  payouts: PayoutSender;
};

/**
 * The referral programme's routes (spec 3 §7): the member's affiliation (created once), their
 * referrals and transfers, each member reading only their own; the start of the payout account's
 * connection (Stripe Connect's OAuth with the member's id as state, or the local stand-in page);
 * and, with local payments, the monthly payout job on demand at a chosen date.
 */
export function registerAffiliationRoutes(services: BillingServices, options: ReferralOptions): void {
  const { app, db } = services;

  app.get(R(AFFILIATION_PATHS.affiliation), async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const own = await affiliationOf(db, user.id);
    const answer: AffiliationAnswer = {
      affiliation: own ? { code: own.code, ref_coupon: own.code } : null,
      referralLink: own ? referralLink(publicOrigin(services, request), own.code) : null,
      stripeConnectId: user.stripeConnectId ?? null,
      connectUrl: R(AFFILIATION_PATHS.connectStart),
      config: { pourcent_abo_apport_conv: REFERRAL.sharePercent, couponPercent: REFERRAL.couponPercent },
    };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.post(R(AFFILIATION_PATHS.affiliation), async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const created = await createAffiliation(db, user);
    if (!created) return reply.code(409).send({ error: AFFILIATION_MESSAGES.alreadyCreated });
    return reply.send({ success: true, affiliation: { code: created.code, ref_coupon: created.code } });
  });

  app.get(R(AFFILIATION_PATHS.referrals), async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const rows = await db
      .select({ referral: referrals, username: users.username })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.refereeId))
      .where(eq(referrals.referrerId, user.id))
      .orderBy(asc(referrals.createdAt), asc(referrals.id));
    const data = rows.map(({ referral: r, username }): Referral => ({
      id: r.id,
      user: { username },
      date: r.createdAt.toISOString(),
      recu: { montant: fromCents(r.htCents) },
      tvaPercent: r.vatRate,
      affilationPaid: r.transferId !== null,
      reward: r.commissionCents !== null ? { kind: 'commission', amount: fromCents(r.commissionCents) } : { kind: 'freeMonths', months: r.freeMonths ?? 0 },
    }));
    return reply.header('Cache-Control', 'no-store').send({ data });
  });

  app.get(R(AFFILIATION_PATHS.transfers), async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const rows = await db.select().from(referralTransfers).where(eq(referralTransfers.userId, user.id)).orderBy(asc(referralTransfers.createdAt), asc(referralTransfers.id));
    const data = rows.map(
      (t): Transfer => ({
        id: t.id,
        date: t.createdAt.toISOString(),
        amount: t.amountCents !== null ? fromCents(t.amountCents) : (t.freeMonths ?? 0),
        stripeConnectId: t.amountCents !== null ? t.stripeConnectId : null,
      }),
    );
    return reply.header('Cache-Control', 'no-store').send({ data });
  });

  // ---- The payout account's connection: a page the member opens (a plain link, the session cookie) ----

  const page = (reply: FastifyReply, title: string, body: string) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(htmlPage(`${title} — Comptoir`, body, { style: LINK_STYLE }));

  app.get(R(AFFILIATION_PATHS.connectStart), async (request, reply) => {
    const cookie = cookieTokenOf(request);
    const user = cookie ? await userFromToken(app, db, cookie) : null;
    if (!user) {
      return page(reply.code(401), 'Compte de paiement', `<h1>Compte de paiement</h1><p>Connectez-vous pour lier votre compte de paiement.</p><p><a href="/?redirect_uri=${encodeURIComponent('/profil/parrainage')}">Se connecter</a></p>`);
    }
    const origin = publicOrigin(services, request);
    if (services.stripe && options.connectClientId) {
      const url = new URL('https://connect.stripe.com/oauth/authorize');
      url.search = new URLSearchParams({ response_type: 'code', client_id: options.connectClientId, scope: 'read_write', state: String(user.id), redirect_uri: `${origin}/stripe_connect` }).toString();
      return reply.redirect(url.toString());
    }
    if (!services.stripe && services.localPayments) return reply.redirect(`${R(AFFILIATION_PATHS.localConnect)}?state=${user.id}`);
    return page(reply.code(404), 'Compte de paiement', `<h1>Compte de paiement</h1><p class="error">${escapeHtml(STRIPE_CONNECT_MESSAGES.unavailable)}</p><p><a href="/profil/parrainage">Retour au parrainage</a></p>`);
  });

  /** The local stand-in of the provider's account-link page: it sends back a code, or none when refused. */
  app.get(R(AFFILIATION_PATHS.localConnect), async (request, reply) => {
    if (!services.localPayments || services.stripe) return reply.code(404).send({ error: BILLING_TEXT.localPaymentsOff });
    const query = connectQuery.safeParse(request.query);
    if (!query.success) return page(reply.code(400), 'Compte de paiement', `<h1>Compte de paiement</h1><p class="error">${escapeHtml(STRIPE_CONNECT_MESSAGES.missingCode)}</p>`);
    const state = encodeURIComponent(query.data.state);
    const code = `ac_${randomBytes(12).toString('hex')}`;
    return page(
      reply,
      'Lier un compte de paiement',
      `<h1>Lier un compte de paiement</h1>
<p class="note">Prestataire de paiement local (développement) : aucun compte réel n'est créé.</p>
<p>Comptoir demande à verser vos commissions de parrainage sur un compte de paiement vérifié.</p>
<p><a class="primary" href="/stripe_connect?code=${code}&amp;state=${state}">Autoriser et revenir sur Comptoir</a></p>
<p><a href="/stripe_connect?state=${state}">Refuser</a></p>`,
    );
  });

  app.post(R(AFFILIATION_PATHS.localPayouts), async (request, reply) => {
    if (!services.localPayments) return reply.code(404).send({ error: BILLING_TEXT.localPaymentsOff });
    const input = payoutRun.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const at = input.data.at ? new Date(input.data.at) : services.now();
    return reply.send(await runReferralPayouts(db, options.payouts, at));
  });
}
