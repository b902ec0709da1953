import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { DEMO_TOOLS } from '../../server/content/demo-tools';
import { signIn, signedInPage, tokenOf } from './sign-in';
import { journeyTime } from './pace';

/**
 * Issue 19's pages (spec 3 §2, §6, §8, §9): the toolbox and a tool page for a VIP, a file
 * downloaded byte for byte, the refusals of a member without VIP, the socials, the shop, the life
 * page (signed out too), the review page and the broker table.
 */

const ACCESS_REFUSED = "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP";
/** French amounts hold non-breaking spaces: compared as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const euros = (price: number) => `${Math.round(price * 1.2).toLocaleString('fr-FR').replace(/\s/g, ' ')} €`;

async function member(context: BrowserContext, identifier: string, path: string): Promise<Page> {
  return signedInPage(context, identifier, path);
}

const main = (page: Page) => page.locator('main');

test('vip sees the eight tools with their prices × 1.2, opens one and downloads a file byte for byte', async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await member(context, 'vip', '/tools');
  await expect(page.getByRole('heading', { name: 'Toolbox', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Outils' }).getByRole('listitem');
  await expect(cards).toHaveCount(DEMO_TOOLS.length);
  // In their order, each with its name, subtitle, price × 1.2 rounded (or none) and 'Voir'.
  const ordered = [...DEMO_TOOLS].sort((a, b) => a.ordre - b.ordre);
  for (const [index, tool] of ordered.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { name: tool.name })).toBeVisible();
    await expect(card).toContainText(tool.subtitle);
    expect(plain(await card.getByTestId('tool-price').innerText())).toBe(tool.price === null ? 'Inclus' : euros(tool.price));
    await expect(card.getByRole('link', { name: `Voir ${tool.name}` })).toHaveAttribute('href', `/tools/${tool.id}`);
  }
  expect(plain(await cards.first().getByTestId('tool-price').innerText())).toBe('35 €');
  await expect(page.getByText(ACCESS_REFUSED)).toHaveCount(0);

  // The tool page: its HTML, its files, the buy button to its payment link in a new tab.
  await cards.first().getByRole('link', { name: 'Voir Carnet de Bord' }).click();
  await expect(page).toHaveURL(/\/tools\/55$/);
  await expect(page.getByRole('heading', { name: 'Carnet de Bord', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText('Le journal de trading de Comptoir');
  await expect(main(page).getByRole('heading', { name: 'Contenu' })).toBeVisible();
  const buy = page.getByRole('link', { name: /^Acheter — 35\s€/ });
  await expect(buy).toHaveAttribute('href', 'https://paiement.comptoir.test/carnet-de-bord');
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', /noopener/);

  const tool = DEMO_TOOLS.find((t) => t.id === 55)!;
  for (const file of tool.files) await expect(page.getByRole('button', { name: `Télécharger ${file.name}` })).toBeVisible();
  const file = tool.files[0]!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Télécharger ${file.name}` }).click()]);
  expect(download.suggestedFilename()).toBe(file.name);
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(readFileSync(new URL(`../../server/tool-files/${file.path}`, import.meta.url)))).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: `Téléchargement de ${file.name} lancé.` })).toBeVisible();
  // The page stayed where it was.
  await expect(page).toHaveURL(/\/tools\/55$/);

  // A tool without a price has no buy button; an unknown tool says so, with the way back.
  await page.goto('/tools/57');
  await expect(page.getByRole('heading', { name: 'Calculateur de position', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Acheter/ })).toHaveCount(0);
  await page.goto('/tools/999');
  await expect(page.getByRole('heading', { name: 'Outil introuvable', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à la Toolbox' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await context.close();
});

test('a member without VIP reads the refusal on the toolbox and a tool page, and cannot get a link', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await member(context, 'membre', '/tools');
  await expect(page.getByRole('heading', { name: 'Toolbox', level: 1 })).toBeVisible();
  await expect(main(page).getByText(ACCESS_REFUSED)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Outils' })).toHaveCount(0);
  // The broker table is for every member.
  await expect(page.getByRole('table', { name: 'Courtiers partenaires — capital minimum' })).toBeVisible();

  await page.goto('/tools/55');
  await expect(main(page).getByText(ACCESS_REFUSED)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Télécharger/ })).toHaveCount(0);
  await main(page).getByRole('link', { name: 'Devenir VIP' }).click();
  await expect(page).toHaveURL(/\/profil\/abonnements$/);

  // The server refuses the link itself.
  const token = await tokenOf(context);
  const answer = await request.post('/rest/tools/link', { headers: { Authorization: `Bearer ${token}` }, data: { toolId: 55, fileIndex: 0 } });
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { error: string }).error).toBe(ACCESS_REFUSED);
  await context.close();
});

test('the broker table lists three numbered brokers and their minimum capitals', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await member(context, 'vip', '/tools');
  const table = page.getByRole('table', { name: 'Courtiers partenaires — capital minimum' });
  await expect(table).toBeVisible();
  const rows = (await table.getByRole('row').allInnerTexts()).map(plain);
  expect(rows).toEqual(['COURTIER CAPITAL MINIMUM', 'Courtier 1 1 000 €', 'Courtier 2 3 000 € pour les actions 10 000 € pour les futures', 'Courtier 3 1 000 €']);
  await context.close();
});

test('socials: capitalised titles, twitter flagged, each Suivre opens its network in a new tab', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await member(context, 'vip', '/');
  await page.getByRole('link', { name: 'Réseaux sociaux' }).click();
  await expect(page).toHaveURL(/\/socials$/);
  await expect(page.getByRole('heading', { name: 'Réseaux sociaux', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Nos réseaux sociaux' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  const twitter = cards.filter({ has: page.getByRole('heading', { name: 'Twitter' }) });
  await expect(twitter).toContainText('X (Twitter)');
  await expect(twitter.locator('[data-twitter]')).toHaveCount(1);
  await expect(page.locator('[data-twitter]')).toHaveCount(1);
  const follow = twitter.getByRole('link', { name: 'Suivre Twitter sur X (Twitter) (nouvel onglet)' });
  await expect(follow).toHaveAttribute('href', 'https://x.com/comptoir_trading');
  await expect(follow).toHaveAttribute('target', '_blank');
  await expect(follow).toHaveAttribute('rel', 'noopener noreferrer');
  for (const heading of await cards.getByRole('heading').allInnerTexts()) expect(heading[0]).toBe(heading[0]!.toLocaleUpperCase('fr-FR'));
  await expect(cards.getByRole('link', { name: /^Suivre / })).toHaveCount(8);
  await context.close();
});

test('the shop is embedded in a titled frame, with its link in a new tab', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await member(context, 'vip', '/shop');
  await expect(page.getByRole('heading', { name: 'Boutique', level: 1 })).toBeVisible();
  const links = (await (await request.post('/content/graphql', { data: { query: '{ siteLinks { shopUrl } }' } })).json()) as { data: { siteLinks: { shopUrl: string } } };
  const frame = page.locator('iframe[title="Boutique Comptoir"]');
  await expect(frame).toHaveAttribute('src', links.data.siteLinks.shopUrl);
  await expect(page.frameLocator('iframe[title="Boutique Comptoir"]').getByRole('heading', { name: 'La boutique Comptoir' })).toBeVisible();
  // Loaded: no notice that it cannot show here.
  await expect(page.getByText('La boutique ne peut pas s’afficher ici')).toHaveCount(0);
  const open = page.getByRole('link', { name: 'Ouvrir la boutique dans un nouvel onglet' });
  await expect(open).toHaveAttribute('href', links.data.siteLinks.shopUrl);
  await expect(open).toHaveAttribute('target', '_blank');
  await context.close();
});

const LIFE_KINDS = ['hero', 'richtext', 'leftRight', 'cards', 'feature'];

test('life shows a section of every kind, signed out and in the shell', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/life');
  await expect(page).toHaveURL(/\/life$/);
  await expect(page.getByRole('heading', { name: 'La vie de Comptoir', level: 1 })).toBeVisible();
  for (const kind of LIFE_KINDS) await expect(page.locator(`main [data-kind="${kind}"]`).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Une semaine à Comptoir', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ce qui fait Comptoir', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir les formations' })).toHaveAttribute('href', '/formation');
  await expect(page.getByText('apprendre ensemble, avec méthode')).toBeVisible();

  // 'Se connecter' signs in and comes back to the page, now in the shell.
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await signIn(page, 'vip');
  await expect(page).toHaveURL(/\/life$/);
  await expect(page.getByRole('heading', { name: 'La vie de Comptoir', level: 1 })).toBeVisible();
  for (const kind of LIFE_KINDS) await expect(page.locator(`main [data-kind="${kind}"]`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Life' }).first()).toBeVisible();
  await context.close();
});

test('the review page exists for a member whose displayAvis is set, and only then', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await member(context, 'membre', '/profil/avis');
  // No demo account has displayAvis: without it, neither the page nor the profile's entry.
  await expect(page.getByRole('heading', { name: 'Page introuvable', level: 1 })).toBeVisible();
  await page.goto('/profil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mon avis' })).toHaveCount(0);

  // The member's settings as the server would answer them with displayAvis set (no route sets it).
  await context.route('**/content/api/users/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, settings: { ...body.settings, displayAvis: true } } });
  });
  const other = await context.newPage();
  await other.goto('/profil');
  await other.getByRole('link', { name: 'Mon avis' }).click();
  await expect(other).toHaveURL(/\/profil\/avis$/);
  await expect(other.getByRole('heading', { name: 'Votre avis compte !', level: 1 })).toBeVisible();
  const links = (await (await request.post('/content/graphql', { data: { query: '{ siteLinks { reviewWidgetUrl reviewUrl } }' } })).json()) as {
    data: { siteLinks: { reviewWidgetUrl: string; reviewUrl: string } };
  };
  await expect(other.locator('iframe[title="Avis des membres de Comptoir"]')).toHaveAttribute('src', links.data.siteLinks.reviewWidgetUrl);
  await expect(other.frameLocator('iframe[title="Avis des membres de Comptoir"]').getByRole('heading', { name: 'Avis des membres' })).toBeVisible();
  const write = other.getByRole('link', { name: /^Écrire un avis/ });
  await expect(write).toHaveAttribute('href', links.data.siteLinks.reviewUrl);
  await expect(write).toHaveAttribute('target', '_blank');
  await context.close();
});
