import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { BILLING_TEXT } from '../../src/contract/billing';
import { signIn } from './sign-in';

/**
 * Subscriptions and checkout against the real server and its local payment providers (the card
 * provider's test cards). Purchases change what an account holds, so each one buys with a fresh
 * account; the shared demo accounts only look.
 */
const REGISTER = `mutation Register($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { id username email } } }`;
const CARDS = { ok: '4242 4242 4242 4242', confirm: '4000 0027 6000 3184', declined: '4000 0000 0000 0002' };
const LOCKED = 'Cette notification est réservée aux membres VIP. Deviens VIP pour y accéder !';
/** VIP monthly: 49 € before VAT, 58,80 € with the French 20 %; BIENVENUE20 takes 20 % off. */
const VIP_MONTHLY = { path: '/purchase/0/0', boxId: 1, offerId: 1, price: '58,80 €', withCoupon: '47,04 €' };

type Account = { email: string; username: string; password: string; jwt: string };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function freshAccount(request: APIRequestContext, label: string): Promise<Account> {
  const tail = suffix();
  const account = { email: `${label}-${tail}@comptoir.test`, username: `${label}${tail}`, password: 'motdepasse1' };
  const response = await request.post('/content/graphql', { data: { query: REGISTER, variables: { input: account } } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { register: { jwt: string } } };
  return { ...account, jwt: body.data.register.jwt };
}

/** A purchase made through the API (for tests about what follows a purchase). */
async function buyByApi(request: APIRequestContext, account: Account, offer: { boxId: number; offerId: number }) {
  const token = await request.post('/rest/local-pay/tokens', {
    data: { number: CARDS.ok.replace(/ /g, ''), exp_month: 12, exp_year: 2034, cvc: '123', name: account.username },
  });
  expect(token.ok()).toBe(true);
  const { token: sourceToken } = (await token.json()) as { token: string };
  const purchase = await request.post('/rest/settings/purchase', {
    headers: { Authorization: `Bearer ${account.jwt}` },
    data: { boxId: offer.boxId, offerId: offer.offerId, optionSelected: false, sourceToken },
  });
  expect(await purchase.json()).toMatchObject({ status: 'OK' });
}

/** Signs in from the sign-in screen, which then goes to `path` (the checkout is open to visitors). */
async function signedIn(page: Page, account: { email: string; password: string }, path: string) {
  await page.goto(`/?redirect_uri=${encodeURIComponent(path)}`);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(path);
}

/** The price the checkout's summary shows. */
const checkoutPrice = (page: Page) => page.getByRole('region', { name: 'Récapitulatif' }).getByTestId('offer-price');

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration").fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Titulaire de la carte').fill('Nina Martin');
}

test('a member buys VIP monthly with the success card and sees the VIP alerts without reloading', async ({ page, request }) => {
  const account = await freshAccount(request, 'membre');
  await signedIn(page, account, '/notification');
  await expect(page.getByText(LOCKED).first()).toBeVisible();

  await page.getByRole('link', { name: 'Mon profil' }).click();
  await page.goto('/profil/abonnements');
  const vipBox = page.getByRole('region', { name: 'VIP', exact: true });
  await expect(vipBox.getByRole('tab', { name: 'Mensuel' })).toHaveAttribute('aria-selected', 'true');
  await expect(vipBox.getByTestId('offer-price')).toHaveText(VIP_MONTHLY.price);
  await vipBox.getByRole('link', { name: 'Choisir cette offre' }).click();

  await expect(page).toHaveURL(VIP_MONTHLY.path);
  await expect(checkoutPrice(page)).toHaveText(VIP_MONTHLY.price);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByText('Ce champs est requis')).toBeVisible();
  await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Payer' }).click();

  await expect(page).toHaveURL('/profil/abonnements/thank_you_vip');
  await expect(page.getByRole('heading', { name: 'Bienvenue dans le VIP !' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
  await page.getByRole('link', { name: 'Voir les alertes' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(LOCKED)).toHaveCount(0);
});

test('a card that needs confirmation is confirmed in the bank window, then the purchase completes', async ({ page, request }) => {
  const account = await freshAccount(request, 'secure');
  await signedIn(page, account, VIP_MONTHLY.path);
  await fillCard(page, CARDS.confirm);
  await page.getByRole('button', { name: 'Payer' }).click();
  const bank = page.frameLocator('iframe[title="Authentification de la carte"]');
  await bank.getByRole('button', { name: "Valider l'authentification" }).click();
  await expect(page).toHaveURL('/profil/abonnements/thank_you_vip');
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
});

test('a declined card shows the bank message and nothing is bought', async ({ page, request }) => {
  const account = await freshAccount(request, 'refus');
  await signedIn(page, account, VIP_MONTHLY.path);
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: BILLING_TEXT.cardDeclined }).first()).toBeVisible();
  await expect(page).toHaveURL(VIP_MONTHLY.path);
  await page.goto('/profil/abonnements');
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText("Vous n'avez aucun abonnement en cours.");
});

test('PayPal: the order is approved in its window, captured, and the member thanked', async ({ page, request }) => {
  const account = await freshAccount(request, 'paypal');
  await signedIn(page, account, VIP_MONTHLY.path);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expect(page.getByLabel('Numéro de carte')).toHaveCount(0);
  const [approval] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer avec PayPal' }).click()]);
  await approval.getByRole('button', { name: 'Approuver le paiement' }).click();
  await expect(page).toHaveURL('/profil/abonnements/thank_you');
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
});

test('crypto: the hosted page opens in a new tab; once paid there, the checkout thanks the member', async ({ page, request }) => {
  const account = await freshAccount(request, 'crypto');
  await signedIn(page, account, VIP_MONTHLY.path);
  await page.getByRole('radio', { name: 'Crypto-monnaie' }).check();
  const [hosted] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer en crypto-monnaie' }).click()]);
  await expect(page.getByRole('status').filter({ hasText: 'nouvel onglet' })).toBeVisible();
  await hosted.getByRole('button', { name: 'Marquer comme payé' }).click();
  await expect(page).toHaveURL('/profil/abonnements/thank_you_vip');
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
});

test('a formation hides the payment methods until the waiver is ticked', async ({ page, request }) => {
  const account = await freshAccount(request, 'formation');
  await signedIn(page, account, '/purchase/4/0');
  await expect(page.getByLabel('Numéro de carte')).toHaveCount(0);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vous devez accepter de renoncer à votre droit de rétractation pour continuer.');
  await page.getByRole('checkbox', { name: /renonce expressément à mon droit de rétractation/ }).check();
  await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL('/profil/abonnements/thank_you');
  await expect(page.getByRole('heading', { name: 'Merci pour votre achat !' })).toBeVisible();
});

test('an indicator needs the TradingView account, saved to the profile before paying', async ({ page, request }) => {
  const account = await freshAccount(request, 'indicateur');
  await signedIn(page, account, '/purchase/4/1');
  await expect(page.getByText("Rappel : l'accès à cet indicateur nécessite un abonnement VIP en cours.")).toBeVisible();
  await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vous devez renseigner votre compte TradingView pour continuer');
  await page.getByLabel('Votre compte TradingView').fill('nina_trades');
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByText('Le compte tradingView est enregistré')).toBeVisible();
  await expect(page).toHaveURL('/profil/abonnements/thank_you');
  const me = await request.get('/content/api/users/me', { headers: { Authorization: `Bearer ${account.jwt}` } });
  expect(((await me.json()) as { tradingview: string }).tradingview).toBe('nina_trades');
});

test('a coupon lowers the offers and the checkout price', async ({ page }) => {
  await signedIn(page, { email: 'membre', password: 'comptoir123' }, '/profil/abonnements');
  const coupon = page.getByRole('form', { name: 'Code promo' });
  await coupon.getByLabel('Code promo').fill('NOEL2020');
  await coupon.getByRole('button', { name: 'Appliquer' }).click();
  await expect(coupon.getByRole('alert')).toBeVisible();

  await coupon.getByLabel('Code promo').fill('BIENVENUE20');
  await coupon.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByText('Le coupon est valide')).toBeVisible();
  const vipBox = page.getByRole('region', { name: 'VIP', exact: true });
  await expect(vipBox.getByTestId('offer-price')).toHaveText(VIP_MONTHLY.withCoupon);
  await expect(vipBox.getByText(VIP_MONTHLY.price)).toBeVisible();
  await vipBox.getByRole('link', { name: 'Choisir cette offre' }).click();
  await expect(page).toHaveURL(`${VIP_MONTHLY.path}?coupon=BIENVENUE20`);
  await expect(checkoutPrice(page)).toHaveText(VIP_MONTHLY.withCoupon);
});

test('signed out, a visitor buys: the account is created first, then paid and signed in', async ({ page }) => {
  const tail = suffix();
  await page.goto(VIP_MONTHLY.path);
  await expect(checkoutPrice(page)).toHaveText(VIP_MONTHLY.price);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Ce champs est requis');

  await page.getByLabel('Adresse e-mail').fill(`visiteur-${tail}@comptoir.test`);
  await page.getByLabel('Mot de passe').fill('motdepasse1');
  await page.getByLabel('Pseudo').fill(`visiteur${tail}`);
  await page.getByLabel('Prénom').fill('Camille');
  await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Payer' }).click();

  await expect(page).toHaveURL('/profil/abonnements/thank_you_vip');
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
});

test('cancelling the automatic renewal asks first, then shows the canceled page', async ({ page, request }) => {
  const account = await freshAccount(request, 'resilie');
  await buyByApi(request, account, VIP_MONTHLY);
  await signedIn(page, account, '/profil/abonnements');
  const cancel = page.getByRole('button', { name: 'Annuler le renouvellement automatique' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Voulez-vous vraiment annuler le renouvellement automatique ?' });
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/profil/abonnements');
  await cancel.click();
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(page).toHaveURL('/profil/abonnements/canceled');
  await expect(page.getByRole('heading', { name: 'Renouvellement annulé' })).toBeVisible();
  await expect(page.getByText('Renouvellement automatique désactivé')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler le renouvellement automatique' })).toHaveCount(0);
});

test('a VIP upgrades to Live; without VIP the upgrade is not allowed', async ({ browser, request }) => {
  const membre = await (await browser.newContext()).newPage();
  await signedIn(membre, { email: 'membre', password: 'comptoir123' }, '/purchase/upgrade_live');
  await expect(membre.getByRole('alert')).toContainText(BILLING_TEXT.upgradeNotAllowed);
  await membre.context().close();

  const account = await freshAccount(request, 'upgrade');
  await buyByApi(request, account, VIP_MONTHLY);
  const page = await (await browser.newContext()).newPage();
  await signedIn(page, account, '/profil/abonnements');
  await page.getByRole('link', { name: 'Passer au Live', exact: true }).click();
  await expect(page).toHaveURL('/purchase/upgrade_live');
  await expect(checkoutPrice(page)).toHaveText(/€/);
  if (await page.getByLabel('Numéro de carte').isVisible()) await fillCard(page, CARDS.ok);
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/profil\/abonnements\/thank_you/);
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('Live');
  await expect(page.getByRole('link', { name: 'Passer au Live', exact: true })).toHaveCount(0);
  await page.context().close();
});

test('a failed renewal shows the notice with its pay link; paying it there clears the notice', async ({ page, request }) => {
  const account = await freshAccount(request, 'impaye');
  const auth = { Authorization: `Bearer ${account.jwt}` };
  await buyByApi(request, account, VIP_MONTHLY);
  // The plan moves to a card that is saved but whose every charge fails, then the month ends.
  const token = await request.post('/rest/local-pay/tokens', { data: { number: '4000000000000341', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Nina' } });
  expect((await request.post('/rest/settings/cards/add', { headers: auth, data: await token.json() })).ok()).toBe(true);
  const cards = (await (await request.get('/rest/settings/cards', { headers: auth })).json()) as { card_id: string; last4: string }[];
  const first = cards.find((c) => c.last4 === '4242')!;
  expect((await request.delete('/rest/settings/cards', { headers: auth, data: { cardId: first.card_id } })).ok()).toBe(true);
  const at = new Date(Date.now() + 40 * 86_400_000).toISOString();
  // The job renews every plan due on this shared server; this account's is one that fails.
  const report = (await (await request.post('/rest/local-pay/run-renewals', { data: { at } })).json()) as { failed: number };
  expect(report.failed).toBeGreaterThanOrEqual(1);

  await signedIn(page, account, '/profil/abonnements');
  const notice = page.getByRole('alert', { name: 'Un paiement a échoué' });
  await expect(notice).toContainText('VIP');
  const [payPage] = await Promise.all([page.waitForEvent('popup'), notice.getByRole('link', { name: 'Régler le paiement' }).click()]);
  await expect(payPage.getByRole('heading', { name: 'Régler le paiement en attente' })).toBeVisible();
  await payPage.getByLabel('Numéro de carte').fill(CARDS.ok);
  await payPage.getByLabel('Expiration (MM/AA)').fill('12/34');
  await payPage.getByLabel('Cryptogramme').fill('123');
  await payPage.getByLabel('Titulaire de la carte').fill('Nina Martin');
  await payPage.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(payPage.getByText('Paiement effectué : votre abonnement reprend.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Abonnements en cours' })).toContainText('VIP');
  await expect(notice).toHaveCount(0);
});

test('an invoice is listed after a purchase and its document opens', async ({ page, request }) => {
  const account = await freshAccount(request, 'facture');
  await buyByApi(request, account, VIP_MONTHLY);
  await signedIn(page, account, '/profil/abonnements');
  const invoices = page.getByRole('region', { name: 'Mes factures' });
  const invoice = invoices.getByRole('listitem').first();
  await expect(invoice).toContainText('49,00 € HT');
  await expect(invoice).toContainText('58,80 € TTC');
  const [document] = await Promise.all([page.waitForEvent('popup'), invoice.getByRole('link', { name: 'Ouvrir' }).click()]);
  await expect(document.locator('body')).toContainText('58,80');
});

test('the billing form: the company name is required, France by default, saved to the profile', async ({ page, request }) => {
  const account = await freshAccount(request, 'facturation');
  await signedIn(page, account, '/profil/abonnements');
  const form = page.getByRole('form', { name: 'Informations de facturation' });
  await expect(form.getByLabel('Pays')).toHaveValue('FR');
  await form.getByRole('radio', { name: 'Société' }).check();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toHaveText(BILLING_TEXT.companyNameRequired);
  await form.getByLabel('Nom de la société').fill('Comptoir SAS');
  await form.getByLabel('Adresse', { exact: true }).fill('1 place de la Bourse');
  await form.getByLabel('Code postal').fill('1000');
  await form.getByLabel('Ville').fill('Bruxelles');
  await form.getByLabel('Pays').selectOption('BE');
  await form.getByLabel('Numéro de TVA intracommunautaire').fill('BE0123456789');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mise à jour effectuée')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Nom de la société')).toHaveValue('Comptoir SAS');
  await expect(form.getByLabel('Pays')).toHaveValue('BE');
});

test('cards: one is added through the card field, then deleted after a confirmation', async ({ page, request }) => {
  const account = await freshAccount(request, 'cartes');
  await signedIn(page, account, '/profil/abonnements');
  const cards = page.getByRole('region', { name: 'Mes cartes' });
  await expect(cards).toContainText('Aucune carte enregistrée.');
  await cards.getByRole('button', { name: 'Ajouter une carte' }).click();
  await fillCard(page, CARDS.ok);
  await cards.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(page.getByText('Votre carte a été ajoutée avec succès...')).toBeVisible();
  await expect(cards).toContainText('•••• 4242');

  await cards.getByRole('button', { name: /Supprimer/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Voulez-vous vraiment supprimer cette carte ?' });
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(cards).toContainText('•••• 4242');
  await cards.getByRole('button', { name: /Supprimer/ }).click();
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(cards).toContainText('Aucune carte enregistrée.');
});
