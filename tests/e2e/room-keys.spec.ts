import { expect, test, type Page } from './fixtures';
import { composer, log, member, unique } from './chat-room';
import { paced } from './pace';

/**
 * Issue 21, "switch rooms from the keyboard": Ctrl+K opens 'Aller à une room' (a combobox over the
 * rooms, fuzzy), Alt+arrows move through the room list, ↑ in the empty composer answers the last
 * message in its thread.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const switcher = (page: Page) => page.getByRole('dialog', { name: 'Aller à une room' });

test("Ctrl+K, 'ind', Enter opens Indices, its composer focused; Escape closes the switcher with the focus back", async ({ browser }) => {
  const vip = await member(browser, 'vip');
  await expect(heading(vip)).toHaveText('Forex');

  // Escape: closed, the focus back in the composer it was in.
  await composer(vip).focus();
  await vip.keyboard.press('Control+k');
  await expect(switcher(vip)).toBeVisible();
  const search = switcher(vip).getByRole('combobox', { name: 'Rechercher une room' });
  await expect(search).toBeFocused();
  await vip.keyboard.press('Escape');
  await expect(switcher(vip)).toBeHidden();
  await expect(composer(vip)).toBeFocused();

  // Typed, the best match is the active option; Enter opens it.
  await vip.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await vip.keyboard.type('ind');
  const active = switcher(vip).getByRole('option', { selected: true });
  await expect(active).toHaveText('Indices');
  await expect(search).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await vip.keyboard.press('Enter');
  await expect(switcher(vip)).toBeHidden();
  await expect(heading(vip)).toHaveText('Indices');
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  // The room parameter is consumed (spec 2 §2): the address stays /chat, the room is remembered.
  await expect(vip).toHaveURL(/\/chat$/);
  expect(await vip.evaluate(() => localStorage.getItem('lastRoom'))).toBe('indices');
  await expect(composer(vip)).toBeFocused();

  // ↓ and ↑ walk the options round the ends; a room one may not read is marked.
  await vip.keyboard.press('Control+k');
  await vip.keyboard.type('frx');
  await expect(switcher(vip).getByRole('option')).toHaveText(['Forex']);
  await vip.keyboard.press('Escape');
  await vip.context().close();
});

test('Alt+↓ and Alt+↑ move to the next and previous room of the list, from the composer', async ({ browser }) => {
  const vip = await member(browser, 'vip');
  const names = await vip
    .getByRole('navigation', { name: 'Rooms' })
    .locator('li button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''));
  const at = names.indexOf('Forex');
  expect(at).toBeGreaterThanOrEqual(0);

  await composer(vip).focus();
  await vip.keyboard.press('Alt+ArrowDown');
  await expect(heading(vip)).toHaveText(names[(at + 1) % names.length]!);
  // The old composer went with its room: the new room's has the focus, so Alt+↓ again works on.
  await expect(composer(vip)).toBeFocused();
  await vip.keyboard.press('Alt+ArrowUp');
  await expect(heading(vip)).toHaveText('Forex');
  await vip.keyboard.press('Alt+ArrowUp');
  await expect(heading(vip)).toHaveText(names[(at - 1 + names.length) % names.length]!);
  await vip.context().close();
});

test('a room with unread messages leads the switcher, and Alt+Shift+↓ goes straight to it', async ({ browser }) => {
  const vip = await member(browser, 'vip');
  // What earlier journeys on this server left unread for vip is read first: one new room only.
  await vip.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(vip.getByRole('navigation', { name: 'Rooms' }).getByLabel(/nouveaux? messages?/)).toHaveCount(0);
  const coach = await member(browser, 'coach', 'Crypto');
  await composer(coach).fill(unique('Nouveau dans Crypto'));
  await coach.keyboard.press('Enter');
  const crypto = vip.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Crypto/ });
  await expect(crypto.getByLabel('1 nouveau message')).toBeVisible();

  await vip.keyboard.press('Control+k');
  await expect(switcher(vip).getByRole('option').first()).toHaveAccessibleName(/^Crypto.*1 nouveau message$/);
  await vip.keyboard.press('Escape');
  await expect(switcher(vip)).toBeHidden();

  // Indices, between Forex and Crypto, has nothing new: skipped.
  await vip.keyboard.press('Alt+Shift+ArrowDown');
  await expect(heading(vip)).toHaveText('Crypto');
  await expect(crypto.getByLabel(/nouveau/)).toHaveCount(0);
  // No other room has anything new: Alt+Shift+↑ stays.
  await vip.keyboard.press('Alt+Shift+ArrowUp');
  await vip.waitForTimeout(paced(300));
  await expect(heading(vip)).toHaveText('Crypto');
  await vip.context().close();
  await coach.context().close();
});

test('↑ in the empty composer opens the last message in its thread, to answer it', async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Crypto');
  const text = unique('Dernier message');
  await composer(vip).fill(text);
  await vip.keyboard.press('Enter');
  // Delivered (a pending message has no thread yet): the newest row of the room.
  await expect(log(vip).getByRole('article').filter({ hasText: text }).getByRole('button', { name: 'Répondre' })).toBeVisible();
  await expect(composer(vip)).toHaveValue('');

  // With text, ↑ stays the caret's.
  await composer(vip).fill('brouillon');
  await vip.keyboard.press('ArrowUp');
  const thread = vip.getByRole('complementary', { name: 'Fil de discussion' });
  await expect(thread).toHaveCount(0);
  await composer(vip).fill('');

  await vip.keyboard.press('ArrowUp');
  await expect(thread).toBeVisible();
  await expect(thread.getByText(text)).toBeVisible();
  // The thread's composer has the focus; nothing was edited.
  await expect(thread.getByRole('textbox', { name: 'Votre message' })).toBeFocused();
  await expect(log(vip).getByRole('article').filter({ hasText: text })).toHaveCount(1);
  // Escape closes the thread and gives the focus back to the room's composer.
  await vip.keyboard.press('Escape');
  await expect(thread).toBeHidden();
  await expect(composer(vip)).toBeFocused();
  await vip.context().close();
});

test('the switcher fits a 390 px phone', async ({ browser }) => {
  const vip = await member(browser, 'vip');
  await vip.setViewportSize({ width: 390, height: 844 });
  await vip.keyboard.press('Control+k');
  await expect(switcher(vip)).toBeVisible();
  const box = (await switcher(vip).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await vip.keyboard.type('cry');
  await vip.keyboard.press('Enter');
  await expect(heading(vip)).toHaveText('Crypto');
  await vip.context().close();
});
