import { expect, test, type Page } from './fixtures';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { openSignedIn, PASSWORD } from './sign-in';
import { REGISTER_MUTATION } from '../../src/contract/graphql-documents';
import { paced, journeyTime } from './pace';

/**
 * The referral programme end to end (issue 20): a member creates an affiliation; a new visitor opens
 * the referral link, registers and buys VIP with the local card; `sponsor` sees the referral 'En
 * attente'; after connecting the payout account with the local provider and the monthly payout,
 * 'Payé' and a transfer; the QR code reads back as the referral link.
 */

test.describe.configure({ mode: 'serial' });

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** The QR image decoded from its pixels. */
async function decodeQr(page: Page): Promise<string | null> {
  const image = page.getByRole('img', { name: 'QR code de votre lien de parrainage' });
  await expect(image).toBeVisible();
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function fillCard(page: Page) {
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration").fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Titulaire de la carte').fill('Léa Moreau');
}

test('a referral from the link to the payout: code, QR, registration, purchase, En attente, Payé and the transfer', async ({ browser, request }) => {
  test.setTimeout(journeyTime(90_000));
  const referrerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const sponsor = await referrerContext.newPage();
  // A referrer of this run only: the journey's outcome (free months, then commissions once the
  // payout account is linked) would differ for a referrer that an earlier run (a retry) had linked.
  const referrer = `parrain${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await request.post('/content/graphql', {
    data: { query: REGISTER_MUTATION, variables: { input: { username: referrer, email: `${referrer}@comptoir.test`, password: PASSWORD } } },
  });
  expect(registered.ok()).toBe(true);
  await openSignedIn(sponsor, referrer, '/profil/parrainage');
  await expect(sponsor.getByRole('heading', { name: 'Parrainage', level: 1 })).toBeVisible();
  await expect(tab(sponsor, 'Description')).toHaveAttribute('aria-selected', 'true');
  await expect(sponsor.getByText('Comment ça marche ?')).toBeVisible();

  await sponsor.getByRole('button', { name: 'Créer une affiliation' }).click();
  await expect(sponsor.getByText('Votre affiliation est créée !')).toBeVisible();
  // The data reloads after 0.8 s and the code shows.
  await expect(tab(sponsor, 'Code')).toHaveAttribute('aria-selected', 'true');
  const link = await sponsor.getByLabel('Votre lien de parrainage').inputValue();
  expect(link).toMatch(/\/register-for-free\?aff=[A-Z0-9-]+$/);
  const code = new URL(link).searchParams.get('aff')!;
  await expect(sponsor.getByText(code, { exact: true }).first()).toBeVisible();
  expect(await decodeQr(sponsor)).toBe(link);
  await sponsor.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(sponsor.getByRole('status').filter({ hasText: 'Copié dans le presse-papier !' })).toBeVisible();
  expect(await sponsor.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(sponsor.getByRole('button', { name: 'Copier le lien' })).toBeVisible({ timeout: paced(4_000) });

  // A new visitor opens the link, registers and buys VIP monthly with the local card.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `filleul${suffix}`;
  await visitor.getByLabel('Adresse e-mail').fill(`${username}@comptoir.test`);
  await visitor.getByLabel('Mot de passe').fill('motdepasse1');
  await visitor.getByRole('button', { name: 'Continuer' }).click();
  await visitor.getByLabel('Prénom').fill('Léa');
  await visitor.getByLabel('Pseudo').fill(username);
  await visitor.getByLabel("J'accepte les conditions générales d'utilisation").check();
  await visitor.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(visitor).toHaveURL(/\/merci-inscription$/);
  await visitor.goto('/purchase/0/0');
  await fillCard(visitor);
  await visitor.getByRole('button', { name: 'Payer' }).click();
  await expect(visitor).toHaveURL('/profil/abonnements/thank_you_vip');

  // The referrer sees the referral, pending.
  await sponsor.reload();
  await tab(sponsor, 'Parrainages').click();
  const row = sponsor.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText('En attente');
  await expect(row).toContainText('49,00');
  await expect(row).toContainText('1 mois gratuit');

  // The payout account, through the local provider's page, then the monthly payout.
  await tab(sponsor, 'Virements').click();
  await expect(sponsor.getByText('Mode mois gratuits')).toBeVisible();
  await sponsor.getByRole('link', { name: 'Connecter mon compte de paiement' }).click();
  await sponsor.getByRole('link', { name: 'Autoriser et revenir sur Comptoir' }).click();
  await expect(sponsor.getByText('Votre compte de paiement est lié', { exact: false })).toBeVisible();
  const now = new Date();
  const firstOfNextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
  const run = await request.post('/rest/local-pay/run-payouts', { data: { at: firstOfNextMonth.toISOString() } });
  expect(run.ok()).toBe(true);

  await sponsor.goto('/profil/parrainage');
  await tab(sponsor, 'Parrainages').click();
  await expect(sponsor.getByRole('row', { name: new RegExp(username) })).toContainText('Payé');
  await tab(sponsor, 'Virements').click();
  await expect(sponsor.getByText('Mode commissions')).toBeVisible();
  const transfers = sponsor.getByRole('table', { name: 'Vos virements' });
  await expect(transfers.getByRole('row').filter({ hasText: 'Traité' }).first()).toContainText(/VIR-10\d\d/);
  await expect(transfers).toContainText('mois gratuit');
  await Promise.all([referrerContext.close(), visitorContext.close()]);
});

test('the page fits a phone and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, 'membre', '/profil/parrainage');
  await expect(page.getByRole('heading', { name: 'Parrainage', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await tab(page, 'Description').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Code')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Code')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tab(page, 'Virements')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Aucun virement pour le moment')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Description')).toHaveAttribute('aria-selected', 'true');
});
