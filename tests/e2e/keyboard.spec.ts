import { expect, test, type Locator, type Page } from './fixtures';
import { PASSWORD } from './sign-in';
import { unique } from './chat-room';
import { journeyTime } from './pace';

/**
 * Issue 16, "accessible": the member's journey with the keyboard alone — sign in, open the chat,
 * pick a room, send a message, open and close its thread, open and close the messaging panel, go
 * to another room with Ctrl+K — every control reached showing its focus ring, and focus given
 * back where it came from.
 */


/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, then checks the
 * focus shows: an outline or a box shadow on the element or on the row around it.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let presses = 0; ; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break;
    if (presses === max) throw new Error(`${max} × ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; focus is on ${await describeFocus(page)}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expectFocusRing(target);
}

async function expectFocusRing(target: Locator) {
  const ring = await target.evaluate((element) => {
    const shows = (e: Element) => {
      const style = getComputedStyle(e);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    return shows(element) || (element.parentElement !== null && shows(element.parentElement));
  });
  expect(ring, `no visible focus indicator on ${target}`).toBe(true);
}

const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}"` : 'nothing';
  });

test('keyboard only: sign in, chat in Forex, a message sent, its thread and the messaging panel opened and closed', async ({ page }) => {
  test.setTimeout(journeyTime(60_000));
  await page.goto('/');

  // Sign in.
  await tabTo(page, page.getByRole('textbox', { name: 'E-mail ou pseudo' }));
  await page.keyboard.type('vip@comptoir.test');
  await tabTo(page, page.getByLabel('Mot de passe', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();

  // The chat, from the side navigation.
  await tabTo(page, page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Chat', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat/);

  // The room Forex, from the room list.
  await tabTo(page, page.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: 'Forex', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle(/ChatRoom Forex/);

  // A message: typed in the composer, sent with Enter, shown once.
  const text = unique('Au clavier');
  // Past the rows shown and their actions (a member's own rows have one more: 'Modifier le message').
  await tabTo(page, page.getByRole('textbox', { name: 'Votre message' }), { max: 150 });
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' }).first();
  const row = log.getByRole('article').filter({ hasText: text });
  await expect(row).toHaveCount(1);

  // Its thread: back from the composer to the row's 'Répondre'; focus goes into the panel, Escape
  // closes it and gives the focus back.
  const reply = row.getByRole('button', { name: 'Répondre' });
  await tabTo(page, reply, { back: true });
  await page.keyboard.press('Enter');
  const thread = page.getByRole('complementary', { name: 'Fil de discussion' });
  await expect(thread).toBeVisible();
  await expect.poll(() => thread.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(thread).toBeHidden();
  await expect(reply).toBeFocused();

  // Again, closed by its close button this time.
  await page.keyboard.press('Enter');
  await expect(thread).toBeVisible();
  await tabTo(page, thread.getByRole('button', { name: 'Fermer le fil' }));
  await page.keyboard.press('Enter');
  await expect(thread).toBeHidden();
  await expect(reply).toBeFocused();

  // The messaging panel from the top bar (on past the composer, round to the top of the page):
  // Escape closes it, focus back on its button.
  const messaging = page.getByRole('banner').getByRole('button', { name: /^Messagerie/ });
  await tabTo(page, messaging, { max: 80 });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Messagerie' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(messaging).toBeFocused();

  // Another room without the list (issue 21): Ctrl+K, a few letters, Enter; its composer has the focus.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Rechercher une room' })).toBeFocused();
  await page.keyboard.type('ind');
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle(/ChatRoom Indices/);
  await expect(page.getByRole('textbox', { name: 'Votre message' })).toBeFocused();
});
