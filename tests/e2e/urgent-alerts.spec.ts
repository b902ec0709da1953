import { expect, test, type Browser, type Page } from './fixtures';
import { signedInPage } from './sign-in';
import { unique } from './chat-room';
import { expectAccessible } from './axe';

/** Issue 22: an urgent alert stays on top of a member's feed until 'Bien reçu'; its coach sees the count live. */

async function member(browser: Browser, identifier: string): Promise<Page> {
  const page = await signedInPage(await browser.newContext(), identifier, '/notification?room=Forex');
  await expect(page).toHaveTitle(/Notif\. Forex/);
  return page;
}
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test("an urgent alert stays on top of the member's feed until 'Bien reçu'; the coach sees how many acknowledged, live", async ({ browser }) => {
  test.setTimeout(90_000);
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

  const ownCount = card(coach, urgent).getByRole('status');
  await expect(ownCount).toHaveText('0 membre a bien reçu');
  await urgentCard.getByRole('button', { name: 'Bien reçu' }).click();
  await expect(urgentCard.getByRole('button', { name: 'Reçu' })).toBeDisabled();
  await expect(ownCount).toHaveText('1 membre a bien reçu');
  // Acknowledged, it takes its place by date again: the newer alert comes first.
  await expect(feed.getByRole('article').first()).toContainText(plain);
  // The coach's own alert offers no 'Bien reçu'.
  await expect(card(coach, urgent).getByRole('button', { name: 'Bien reçu' })).toHaveCount(0);
  await vip.reload();
  await expect(card(vip, urgent).getByRole('button', { name: 'Reçu' })).toBeDisabled();
  await coach.context().close();
  await vip.context().close();
});
