import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './axe';
import { log, member, unique, toNewest } from './chat-room';
import { signedInPage } from './sign-in';
import { journeyTime } from './pace';

/** Issue 22: a member edits their own message; every open log shows the new text, '(modifié)'. */

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Votre message' }).first().fill(text);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
}

test("a member edits their message from the keyboard: the other browser shows the new text and '(modifié)', after a reload too", async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const vip = await member(browser, 'vip', 'Indices');
  await toNewest(vip);
  const live = await member(browser, 'live', 'Indices');
  await toNewest(live);
  const id = unique('Niveau');
  await send(vip, `${id} DAX support 18 000`);
  const mine = log(vip).locator('article[data-id]').filter({ hasText: id });
  const theirs = log(live).getByRole('article').filter({ hasText: id });
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  // Only its author (or a moderator) is offered 'Modifier'.
  await expect(theirs.getByRole('button', { name: 'Modifier le message' })).toHaveCount(0);

  const edit = mine.getByRole('button', { name: 'Modifier le message' });
  await edit.focus();
  await vip.keyboard.press('Enter');
  const dialog = vip.getByRole('dialog', { name: 'Modifier le message' });
  const field = dialog.getByRole('textbox', { name: 'Texte du message' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(`${id} DAX support 18 000`);
  await expectAccessible(vip, 'dialog[open]');

  // An empty text is refused on the spot, the dialog stays with the reason.
  await field.fill('   ');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Le message est vide');
  await field.fill(`${id} DAX support 18 050`);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(vip.getByText('Le message a bien été modifié')).toBeVisible();

  for (const page of [vip, live]) {
    const row = log(page).getByRole('article').filter({ hasText: id });
    await expect(row.locator('p').filter({ hasText: id })).toContainText(`${id} DAX support 18 050`);
    await expect(row.getByText('(modifié)')).toBeVisible();
  }
  // The other browser reloads: the new text comes from its store and the server alike.
  await live.reload();
  const reloaded = log(live).getByRole('article').filter({ hasText: id });
  await expect(reloaded).toContainText('18 050');
  await expect(reloaded.getByText('(modifié)')).toBeVisible();

  // Escape leaves the text as it was.
  await edit.click();
  await field.fill('autre chose');
  await vip.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(mine).toContainText('18 050');
  await expect(theirs.or(reloaded)).not.toContainText('autre chose');
  await vip.context().close();
  await live.context().close();
});

test("a moderator may edit a member's message; the editor fits a phone", async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const vip = await member(browser, 'vip', 'Crypto');
  await toNewest(vip);
  const id = unique('Analyse');
  await send(vip, `${id} BTC 60k`);
  await expect(log(vip).locator('article[data-id]').filter({ hasText: id })).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const coach = await signedInPage(context, 'coach', '/chat?room=Crypto');
  await toNewest(coach);
  const row = log(coach).getByRole('article').filter({ hasText: id });
  await row.getByRole('button', { name: 'Modifier le message' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Modifier le message' });
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  // Nothing wider than the phone, and buttons a finger can take.
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const button of [save, dialog.getByRole('button', { name: 'Annuler' })]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await dialog.getByRole('textbox', { name: 'Texte du message' }).fill(`${id} BTC 60k (lien retiré par la modération)`);
  await save.tap();
  await expect(dialog).toBeHidden();
  const seen = log(vip).getByRole('article').filter({ hasText: id });
  await expect(seen).toContainText('(lien retiré par la modération)');
  await expect(seen.getByText('(modifié)')).toBeVisible();
  await vip.context().close();
  await context.close();
});
