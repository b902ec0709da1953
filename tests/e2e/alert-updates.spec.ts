import { expect, test, type Browser, type Page } from './fixtures';
import { signedInPage } from './sign-in';
import { unique } from './chat-room';
import { expectAccessible } from './axe';
import { journeyTime } from './pace';

/** Issue 22: an urgent alert stays on top of a member's feed until 'Bien reçu'; its coach sees the count live. */

async function member(browser: Browser, identifier: string): Promise<Page> {
  const page = await signedInPage(await browser.newContext(), identifier, '/notification?room=Forex');
  await expect(page).toHaveTitle(/Notif\. Forex/);
  return page;
}
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test("an urgent alert stays on top of the member's feed until 'Bien reçu'; the coach sees how many acknowledged, live", async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const coach = await member(browser, 'coach');
  const vip = await member(browser, 'vip');
  const urgent = unique('Coupez vos positions sur le DAX');
  await coach.getByRole('link', { name: 'Nouvelle notification' }).click();
  const form = coach.getByRole('dialog', { name: 'Nouvelle notification' });
  await form.getByLabel('Titre').selectOption('Information importante');
  await form.getByLabel('Contenu').fill(urgent);
  await form.getByLabel(/Alerte urgente/).check();
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(form).toBeHidden();

  // Then an ordinary alert, newer: the urgent one stays first for the member.
  const plain = unique('Point marché du midi');
  await coach.getByRole('link', { name: 'Nouvelle notification' }).click();
  await form.getByLabel('Titre').selectOption('Point marché');
  await form.getByLabel('Contenu').fill(plain);
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(form).toBeHidden();

  const feed = vip.getByRole('region', { name: 'Notifications' });
  await expect(card(vip, plain)).toBeVisible();
  await expect(feed.getByRole('article').first()).toContainText(urgent);
  const urgentCard = card(vip, urgent);
  await expect(urgentCard.getByText('Urgent', { exact: true })).toBeVisible();
  await expectAccessible(vip, 'main');

  const ownCount = card(coach, urgent).getByRole('button', { name: /a bien reçu|ont bien reçu/ });
  await expect(ownCount).toHaveText('0 membre a bien reçu');
  await urgentCard.getByRole('button', { name: 'Bien reçu' }).click();
  await expect(urgentCard.getByRole('button', { name: 'Reçu' })).toBeDisabled();
  await expect(ownCount).toHaveText('1 membre a bien reçu');
  // And who: the coach opens the list.
  await ownCount.click();
  const who = coach.getByRole('dialog', { name: 'Ils ont bien reçu' });
  await expect(who.getByRole('listitem')).toHaveCount(1);
  await expect(who.getByRole('listitem')).toContainText('vip');
  await coach.keyboard.press('Escape');
  await expect(who).toBeHidden();
  // Acknowledged, it takes its place by date again: the newer alert comes first.
  await expect(feed.getByRole('article').first()).toContainText(plain);
  // The coach's own alert offers no 'Bien reçu'.
  await expect(card(coach, urgent).getByRole('button', { name: 'Bien reçu', exact: true })).toHaveCount(0);
  await vip.reload();
  await expect(card(vip, urgent).getByRole('button', { name: 'Reçu' })).toBeDisabled();
  await coach.context().close();
  await vip.context().close();
});

test("a trade update moves the stop on the member's card live, with its line in the trade's timeline", async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const coach = await member(browser, 'coach');
  const vip = await member(browser, 'vip');
  const content = unique('Achat EUR/USD sur le support');
  await coach.getByRole('link', { name: 'Nouvelle notification' }).click();
  const form = coach.getByRole('dialog', { name: 'Nouvelle notification' });
  await form.getByLabel('Titre').selectOption('Trade du jour');
  await form.getByLabel('Contenu').fill(content);
  await form.getByLabel('Ajouter un trade').check();
  await form.getByLabel('Actif').fill('EUR/USD');
  await form.getByLabel('Ordre').selectOption('BUY');
  await form.getByLabel('Entrée').fill('1,0850');
  await form.getByLabel('Stop loss').fill('1,0820');
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(form).toBeHidden();

  const table = card(vip, content).getByRole('table', { name: 'Trade EUR/USD' });
  await expect(table).toContainText('Stop 1,082');
  // Members have no such button.
  await expect(card(vip, content).getByRole('button', { name: 'Mettre à jour le trade' })).toHaveCount(0);

  await card(coach, content).getByRole('button', { name: 'Mettre à jour le trade' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Mise à jour du trade' });
  // Its own chunk: shown once loaded.
  await expect(dialog).toBeVisible();
  await expectAccessible(coach, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Publier la mise à jour' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Le prix est requis pour déplacer le stop.');
  await dialog.getByLabel('Prix').fill('1,0835');
  await dialog.getByRole('button', { name: 'Publier la mise à jour' }).click();
  await expect(dialog).toBeHidden();

  await expect(table).toContainText('Stop 1,0835');
  await expect(card(vip, content).getByRole('list', { name: 'Suivi du trade' })).toContainText('Stop déplacé à 1,0835');
  await coach.context().close();
  await vip.context().close();
});
