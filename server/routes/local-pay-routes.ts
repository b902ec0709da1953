import type { FastifyReply } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  BILLING_PATHS,
  BILLING_TEXT,
  localCardInput,
  localConfirmInput,
  type LocalCardToken,
  type LocalConfirmAnswer,
} from '../../src/contract/billing';
import { REST_BASE } from '../../src/contract/hosts';
import { formatPrice, fromCents } from '../../src/domain/pricing';
import { cookieTokenOf, userFromToken } from '../auth/tokens';
import type { BillingServices } from '../billing/billing-services';
import { cardsOf } from '../billing/checkout';
import { runRenewals } from '../billing/renewals';
import { publicOrigin } from '../accounts/account-services';
import type { PaymentRow } from '../billing/settle-payment';
import { payments } from '../db/schema';
import { escapeHtml, htmlPage, scriptJson } from '../http/html-page';
import { pageHeaders } from '../http/security-headers';
import { invalidBody } from './invalid-body';

const R = (path: string) => `${REST_BASE}${path}`;
const decisionInput = z.object({ action: z.enum(['approve', 'cancel']) });
const cryptoDecision = z.object({ action: z.enum(['pay', 'cancel']) });
const renewalRun = z.object({ at: z.iso.datetime({ offset: true }).optional() });

/**
 * The local payment providers (the default without real keys; off in production unless
 * `LOCAL_PAYMENTS=1`): the card field's tokens, the confirmation window of a card that needs one,
 * the PayPal approval page and the crypto hosted page. Each page tells its opener (or parent
 * frame) what happened with `postMessage` (`localPayMessage` in the contract). Also the
 * failed-payment page `pendingPayment.payment_url` points at, and `POST /local-pay/run-renewals`
 * `{ at? }` that runs the renewal job as if it were `at` (local payments only: no real money).
 */
export function registerLocalPayRoutes(services: BillingServices): void {
  const { app, db } = services;
  const off = (reply: FastifyReply) => reply.code(404).send({ error: BILLING_TEXT.localPaymentsOff });

  async function paymentWhere(provider: string, column: 'clientSecret' | 'providerRef', value: string): Promise<PaymentRow | null> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(column === 'clientSecret' ? payments.clientSecret : payments.providerRef, value)))
      .limit(1);
    return row ?? null;
  }
  const page = (reply: FastifyReply, title: string, body: string, script?: string) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').headers(pageHeaders({ script })).send(htmlPage(`${title} — Comptoir`, body, { script }));
  const summary = (payment: PaymentRow) => `<p><strong>${escapeHtml(payment.order.lib)}</strong> — ${escapeHtml(formatPrice(fromCents(payment.ttcCents)))} TTC</p>`;

  // ---- Card tokens ----

  app.post(R(BILLING_PATHS.localCardToken), async (request, reply) => {
    if (!services.localPayments || !services.tokenizeLocalCard) return off(reply);
    const input = localCardInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: BILLING_TEXT.tokenFailed });
    const token = services.tokenizeLocalCard(input.data);
    if (!token) return reply.code(400).send({ error: BILLING_TEXT.tokenFailed });
    const answer: LocalCardToken = { token };
    return reply.send(answer);
  });

  // ---- Confirmation of a card payment (what the bank's authentication window does) ----

  async function confirm(clientSecret: string, action: 'authenticate' | 'fail'): Promise<LocalConfirmAnswer | null> {
    const payment = await paymentWhere('local-card', 'clientSecret', clientSecret);
    if (!payment) return null;
    const now = services.now();
    if (payment.status === 'requires_action') {
      const verdict = action === 'authenticate' ? ({ status: 'succeeded' } as const) : ({ status: 'failed', error: BILLING_TEXT.authenticationFailed } as const);
      await services.settle(payment.id, verdict, { now, event: { provider: 'local-card', eventId: `confirm:${clientSecret}` } });
    }
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
    if (after?.status === 'succeeded') return { status: 'succeeded' };
    return { status: 'failed', error: after?.error ?? BILLING_TEXT.authenticationFailed };
  }

  app.post(R(BILLING_PATHS.localConfirm), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const input = localConfirmInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const answer = await confirm(input.data.clientSecret, input.data.action);
    if (!answer) return reply.code(404).send({ error: BILLING_TEXT.paymentNotFound });
    return reply.send(answer);
  });

  app.get<{ Querystring: { client_secret?: string; return?: string } }>(R(BILLING_PATHS.localConfirm), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const clientSecret = request.query.client_secret ?? '';
    const payment = clientSecret ? await paymentWhere('local-card', 'clientSecret', clientSecret) : null;
    if (!payment) return page(reply.code(404), 'Authentification', `<h1>Authentification</h1><p class="error">${BILLING_TEXT.paymentNotFound}</p>`);
    const back = safeReturn(request.query.return);
    return page(
      reply,
      'Authentification du paiement',
      `<h1>Authentification du paiement</h1>
<p class="note">Simulation locale de la fenêtre de votre banque (3-D Secure).</p>
${summary(payment)}
<button class="primary" data-action="authenticate">Valider l'authentification</button>
<button data-action="fail">Échec de l'authentification</button>
<p id="result" role="status"></p>`,
      `const secret=${scriptJson(clientSecret)},back=${scriptJson(back)};
document.querySelectorAll('button[data-action]').forEach(b=>b.addEventListener('click',async()=>{
 document.querySelectorAll('button').forEach(x=>x.disabled=true);
 const r=await fetch(${scriptJson(R(BILLING_PATHS.localConfirm))},{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({clientSecret:secret,action:b.dataset.action})});
 const result=await r.json();
 const msg={source:'comptoir-local-pay',type:'confirm.result',clientSecret:secret,result};
 const out=document.getElementById('result');
 out.className=result.status==='succeeded'?'ok':'error';
 out.textContent=result.status==='succeeded'?'Paiement authentifié.':result.error;
 const target=window.opener||(window.parent!==window?window.parent:null);
 if(target){target.postMessage(msg,location.origin);if(window.opener)setTimeout(()=>window.close(),300);}
 else if(back){const a=document.createElement('a');a.href=back;a.textContent='Retour à Comptoir';out.after(a);}
}));`,
    );
  });

  // ---- PayPal approval ----

  app.get<{ Params: { orderId: string } }>(R('/local-pay/paypal/:orderId'), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const payment = await paymentWhere('local-paypal', 'providerRef', request.params.orderId);
    if (!payment) return page(reply.code(404), 'PayPal', `<h1>PayPal</h1><p class="error">${BILLING_TEXT.paymentNotFound}</p>`);
    return page(
      reply,
      'PayPal',
      `<h1>PayPal (simulation locale)</h1>
<p class="note">Commande ${escapeHtml(request.params.orderId)}, en euros, sans livraison.</p>
${summary(payment)}
<button class="primary" data-action="approve">Approuver le paiement</button>
<button data-action="cancel">Annuler</button>
<p id="result" role="status"></p>`,
      `const orderId=${scriptJson(request.params.orderId)};
document.querySelectorAll('button[data-action]').forEach(b=>b.addEventListener('click',async()=>{
 document.querySelectorAll('button').forEach(x=>x.disabled=true);
 const r=await fetch(location.pathname,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({action:b.dataset.action})});
 const ok=r.ok,approve=b.dataset.action==='approve';
 const out=document.getElementById('result');
 out.className=ok&&approve?'ok':'error';
 out.textContent=!ok?(await r.json()).error:approve?'Paiement approuvé : vous pouvez fermer cette fenêtre.':'Paiement annulé.';
 if(ok&&window.opener){window.opener.postMessage({source:'comptoir-local-pay',type:approve?'paypal.approve':'paypal.cancel',orderId},location.origin);setTimeout(()=>window.close(),300);}
}));`,
    );
  });

  app.post<{ Params: { orderId: string } }>(R('/local-pay/paypal/:orderId'), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const input = decisionInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const payment = await paymentWhere('local-paypal', 'providerRef', request.params.orderId);
    if (!payment) return reply.code(404).send({ error: BILLING_TEXT.paymentNotFound });
    if (input.data.action === 'approve') {
      await db.update(payments).set({ status: 'approved' }).where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    } else {
      await services.settle(payment.id, { status: 'failed', error: BILLING_TEXT.paypalNotApproved });
    }
    return reply.send({ success: true });
  });

  // ---- Crypto hosted page ----

  app.get<{ Params: { id: string } }>(R('/local-pay/crypto/:id'), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const payment = await paymentWhere('local-crypto', 'providerRef', request.params.id);
    if (!payment) return page(reply.code(404), 'Paiement crypto', `<h1>Paiement crypto</h1><p class="error">${BILLING_TEXT.paymentNotFound}</p>`);
    const state =
      payment.status === 'succeeded' ? '<p class="ok">Ce paiement est reçu.</p>' : payment.status === 'failed' ? '<p class="error">Ce paiement est annulé.</p>' : '';
    const open = payment.status === 'created';
    return page(
      reply,
      'Paiement crypto',
      `<h1>Paiement en crypto-monnaie (simulation locale)</h1>
${summary(payment)}
<p class="note">Envoyez l'équivalent en BTC, ETH ou USDC à l'adresse de test ci-dessous, puis marquez le paiement comme reçu.</p>
<p><code>bc1qcomptoirlocal0000000000000000000000000</code></p>
${state}
${open ? '<button class="primary" data-action="pay">Marquer comme payé</button><button data-action="cancel">Annuler le paiement</button>' : ''}
<p id="result" role="status"></p>`,
      `const paymentId=${scriptJson(payment.id)};
document.querySelectorAll('button[data-action]').forEach(b=>b.addEventListener('click',async()=>{
 document.querySelectorAll('button').forEach(x=>x.disabled=true);
 const r=await fetch(location.pathname,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({action:b.dataset.action})});
 const body=await r.json(),paid=b.dataset.action==='pay'&&r.ok;
 const out=document.getElementById('result');
 out.className=paid?'ok':'error';
 out.textContent=!r.ok?body.error:paid?'Paiement reçu : votre abonnement est activé. Vous pouvez fermer cet onglet.':'Paiement annulé.';
 if(paid&&window.opener)window.opener.postMessage({source:'comptoir-local-pay',type:'crypto.paid',paymentId},location.origin);
}));`,
    );
  });

  app.post<{ Params: { id: string } }>(R('/local-pay/crypto/:id'), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const input = cryptoDecision.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const payment = await paymentWhere('local-crypto', 'providerRef', request.params.id);
    if (!payment) return reply.code(404).send({ error: BILLING_TEXT.paymentNotFound });
    const verdict = input.data.action === 'pay' ? ({ status: 'succeeded' } as const) : ({ status: 'failed', error: 'Paiement crypto annulé' } as const);
    await services.settle(payment.id, verdict, { event: { provider: 'local-crypto', eventId: `${input.data.action}:${payment.id}` } });
    const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)).limit(1);
    if (input.data.action === 'pay' && after?.status !== 'succeeded') return reply.code(409).send({ error: BILLING_TEXT.paymentAlreadySettled });
    return reply.send({ success: true });
  });

  // ---- The renewal job on demand, at a chosen time (development and browser tests) ----

  app.post(R(BILLING_PATHS.localRenewals), async (request, reply) => {
    if (!services.localPayments) return off(reply);
    const input = renewalRun.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const at = input.data.at ? new Date(input.data.at) : services.now();
    return reply.send(await runRenewals(services, at, publicOrigin(services, request)));
  });

  // ---- The failed-payment page (pendingPayment.payment_url) ----

  app.get<{ Params: { id: string } }>(R('/billing/pay/:id'), async (request, reply) => {
    const cookie = cookieTokenOf(request);
    const user = cookie ? await userFromToken(app, db, cookie) : null;
    if (!user) {
      return page(reply.code(401), 'Paiement', `<h1>Paiement</h1><p>Connectez-vous pour régler ce paiement.</p><p><a href="/?redirect_uri=${encodeURIComponent('/profil/abonnements')}">Se connecter</a></p>`);
    }
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, request.params.id), eq(payments.userId, user.id), inArray(payments.kind, ['renewal'])))
      .limit(1);
    if (!payment) return page(reply.code(404), 'Paiement', `<h1>Paiement</h1><p class="error">${BILLING_TEXT.paymentNotFound}</p>`);
    if (payment.status === 'succeeded') return page(reply, 'Paiement', `<h1>Paiement</h1>${summary(payment)}<p class="ok">Ce paiement est réglé.</p><p><a href="/profil/abonnements">Mes abonnements</a></p>`);
    const saved = await cardsOf(services, user.id);
    const savedButtons = saved
      .map((card) => `<button class="primary" data-card="${escapeHtml(card.id)}">Payer avec la carte ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</button>`)
      .join('');
    const stripeKey = services.paymentConfig.card.provider === 'stripe' ? services.paymentConfig.card.publishableKey : null;
    const newCardForm = stripeKey
      ? '<div id="card" style="padding:.6rem;border:1px solid #888;border-radius:6px"></div>'
      : `<label>Numéro de carte <input id="number" autocomplete="cc-number" inputmode="numeric"></label>
<label>Expiration (MM/AA) <input id="exp" autocomplete="cc-exp" placeholder="12/34"></label>
<label>Cryptogramme <input id="cvc" autocomplete="cc-csc" inputmode="numeric"></label>
<label>Titulaire de la carte <input id="name" autocomplete="cc-name"></label>`;
    const payPath = R(BILLING_PATHS.payPending(payment.id));
    const script = `const payPath=${scriptJson(payPath)},stripeKey=${scriptJson(stripeKey)},out=document.getElementById('result');
const show=(text,ok)=>{out.className=ok?'ok':'error';out.textContent=text;};
let stripe=null,cardEl=null;
if(stripeKey){stripe=Stripe(stripeKey);cardEl=stripe.elements().create('card');cardEl.mount('#card');}
async function pay(token){
 const r=await fetch(payPath,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({token})});
 const body=await r.json();
 if(!r.ok)return show(body.error,false);
 if(body.status==='OK')return show('Paiement effectué : votre abonnement reprend.',true);
 if(stripe){const c=await stripe.confirmCardPayment(body.clientSecret);return c.error?show(c.error.message,false):show('Paiement effectué : votre abonnement reprend.',true);}
 location.href=${scriptJson(R(BILLING_PATHS.localConfirm))}+'?client_secret='+encodeURIComponent(body.clientSecret)+'&return='+encodeURIComponent('/profil/abonnements');
}
document.querySelectorAll('button[data-card]').forEach(b=>b.addEventListener('click',()=>pay(b.dataset.card)));
document.getElementById('new').addEventListener('click',async()=>{
 if(stripe){const m=await stripe.createPaymentMethod({type:'card',card:cardEl});return m.error?show(m.error.message,false):pay(m.paymentMethod.id);}
 const [mm,yy]=document.getElementById('exp').value.split('/').map(s=>parseInt(s,10));
 const r=await fetch(${scriptJson(R(BILLING_PATHS.localCardToken))},{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({number:document.getElementById('number').value,exp_month:mm||0,exp_year:2000+(yy||0),cvc:document.getElementById('cvc').value,name:document.getElementById('name').value})});
 const body=await r.json();
 return r.ok?pay(body.token):show(body.error,false);
});`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .headers(pageHeaders({ script, stripe: stripeKey !== null }))
      .send(
        htmlPage(
          'Régler un paiement — Comptoir',
          `<h1>Régler le paiement en attente</h1>
${summary(payment)}
${payment.error ? `<p class="error">Dernière tentative : ${escapeHtml(payment.error)}</p>` : ''}
${savedButtons ? `<p>${savedButtons}</p><h2>Ou une nouvelle carte</h2>` : '<h2>Votre carte</h2>'}
${newCardForm}
<button id="new" class="primary">Payer</button>
<p id="result" role="status"></p>`,
          { script, head: stripeKey ? '<script src="https://js.stripe.com/v3/"></script>' : '' },
        ),
      );
  });
}

/** Only a path of this app may be the page to go back to. */
function safeReturn(value: string | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
