import { expect, test, type Browser, type Page } from './fixtures';
import { openSignedIn, signedInPage } from './sign-in';
import { unique } from './chat-room';
import { paced } from './pace';

async function member(browser: Browser, identifier: string, room = 'Forex'): Promise<Page> {
  const page = await signedInPage(await browser.newContext(), identifier, `/notification?room=${room}`);
  await expect(page).toHaveTitle(new RegExp(`Notif. ${room}`));
  return page;
}

const feed = (page: Page) => page.getByRole('main');
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function postAlert(coach: Page, content: string, options: { trade?: boolean } = {}) {
  await coach.getByRole('link', { name: 'Nouvelle notification' }).click();
  const form = coach.getByRole('dialog', { name: 'Nouvelle notification' });
  await form.getByLabel('Titre').selectOption('Trade du jour');
  await form.getByLabel('Contenu').fill(content);
  if (options.trade) {
    await form.getByLabel('Ajouter un trade').check();
    await form.getByLabel('Actif').fill('EUR/USD');
    await form.getByLabel('Ordre').selectOption('BUY');
    await form.getByLabel('Entrée').fill('1,0850');
    await form.getByLabel('Stop loss').fill('1,0820');
    await form.getByLabel('TP1').fill('1,0900');
  }
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(coach.getByText("La notification a bien été envoyée. Elle sera visible d'ici 2 minutes max")).toBeVisible();
  await expect(form).toBeHidden();
}

test('a coach posts an alert with a trade; a VIP sees it live, a member without VIP sees it blurred', async ({ browser }) => {
  const vip = await member(browser, 'vip');
  const membre = await member(browser, 'membre');
  const coach = await member(browser, 'coach');
  const content = unique('Achat sur le support hebdomadaire');
  await postAlert(coach, content, { trade: true });

  const seen = card(vip, content);
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('table', { name: 'Trade EUR/USD' })).toContainText('1,085');
  await expect(seen.getByRole('table', { name: 'Trade EUR/USD' })).toContainText('BUY');

  await membre.reload();
  const locked = membre.getByRole('article', { name: 'Trade du jour' }).first();
  await expect(locked.getByText('Cette notification est réservée aux membres VIP. Deviens VIP pour y accéder !')).toBeVisible();
  await expect(membre.getByText(content)).toHaveCount(0);
  for (const page of [vip, membre, coach]) await page.context().close();
});

test('the filters: type, author and rooms', async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Forex');
  await expect(feed(vip).getByRole('article').first()).toBeVisible();
  await vip.getByLabel('Type de notification').selectOption('audio');
  await vip.getByLabel('Toutes les rooms').check();
  // Only alerts with an audio note remain.
  await expect(feed(vip).getByRole('article').first()).toBeVisible();
  await expect(feed(vip).getByRole('article').filter({ hasNot: vip.locator('audio') })).toHaveCount(0);
  await vip.getByLabel('Room actuelle').check();
  await vip.getByLabel('Type de notification').selectOption('all');
  await expect(feed(vip).getByRole('article').first()).toBeVisible();
  await vip.getByLabel('Auteur').selectOption({ label: 'coach' });
  await expect(feed(vip).getByRole('article').first()).toBeVisible();
  // Every room: alerts of other rooms join the feed.
  await vip.getByLabel('Toutes les rooms').check();
  // The feed is virtualised and other tests post newer Forex alerts: scroll until one shows.
  const indices = feed(vip).getByRole('link', { name: 'Indices' }).first();
  await expect(feed(vip).getByRole('article').first()).toBeVisible();
  for (let i = 0; i < 20 && !(await indices.isVisible()); i += 1) {
    await feed(vip).getByRole('article').last().hover();
    await vip.mouse.wheel(0, 400);
    await vip.waitForTimeout(paced(150));
  }
  await expect(indices).toBeVisible();
  expect(JSON.parse((await vip.evaluate(() => localStorage.getItem('alertFilter'))) ?? '{}')).toMatchObject({ roomMode: 'all', author: expect.any(String) });
  await vip.getByLabel('Room actuelle').check();
  await expect(feed(vip).getByRole('link', { name: 'Indices' })).toHaveCount(0);
  await vip.context().close();
});

test('a comment under an alert appears for another member; the author edits and deletes', async ({ browser }) => {
  const coach = await member(browser, 'coach', 'Crypto');
  const vip = await member(browser, 'vip', 'Crypto');
  const content = unique('BTC au-dessus de la résistance');
  await postAlert(coach, content);
  await expect(card(vip, content)).toBeVisible();

  await card(vip, content).getByRole('button', { name: /commentaire/ }).click();
  await card(coach, content).getByRole('button', { name: /commentaire/ }).click();
  const comment = unique('Merci pour l’alerte');
  const vipComments = card(vip, content).getByRole('region', { name: 'Commentaires' });
  await vipComments.getByRole('textbox', { name: 'Votre message' }).fill(comment);
  await vipComments.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(card(coach, content).getByText(comment)).toBeVisible();
  await expect(card(coach, content).getByRole('button', { name: '1 commentaire' })).toBeVisible();

  await card(coach, content).getByRole('button', { name: 'Modifier', exact: true }).click();
  const form = coach.getByRole('dialog', { name: 'Modifier la notification' });
  const edited = `${content} (mis à jour)`;
  await form.getByLabel('Contenu').fill(edited);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(coach.getByText('La notification a bien été modifiée')).toBeVisible();
  await expect(card(vip, edited)).toBeVisible();

  await card(coach, edited).getByRole('button', { name: 'Supprimer' }).first().click();
  await coach.getByRole('dialog', { name: 'Confirmez-vous la suppression de cette notification ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(card(coach, edited)).toHaveCount(0);
  await expect(card(vip, edited)).toHaveCount(0);
  // A member who is not the author has no edit or delete.
  const mine = await member(browser, 'live', 'Crypto');
  await expect(mine.getByRole('article').first()).toBeVisible();
  await expect(mine.getByRole('article').first().getByRole('button', { name: 'Modifier', exact: true })).toHaveCount(0);
  for (const page of [coach, vip, mine]) await page.context().close();
});

test('on a very wide window the comments open beside the feed', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1700, height: 900 } });
  const vip = await context.newPage();
  await openSignedIn(vip, 'vip', '/notification?room=Forex');
  const first = feed(vip).getByRole('article').filter({ has: vip.getByRole('button', { name: /commentaire/ }) }).first();
  await first.getByRole('button', { name: /commentaire/ }).click();
  const panel = vip.getByRole('complementary', { name: 'Commentaires de la notification' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Votre message' })).toBeVisible();
  await panel.getByRole('button', { name: 'Fermer les commentaires' }).click();
  await expect(panel).toBeHidden();
  await context.close();
});
