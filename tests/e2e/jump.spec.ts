import { expect, test, type Locator, type Page } from './fixtures';
import { log, member, unique, postOverSocket } from './chat-room';
import { signedInPage, tokenOf } from './sign-in';
import { paced } from './pace';

// A hundred and more posts and several browsers: more than the default 30 s on this machine.
test.describe.configure({ timeout: paced(120_000) });

const jumped = (page: Page) => log(page).locator('[data-jumped]');
const toDirect = (page: Page) => page.getByRole('button', { name: 'Revenir au direct' });
/** The 'Aller au message' button beside the row that says `text`, in a panel. */
const withJumpButton = (panel: Locator, text: string) =>
  panel
    .locator('div')
    .filter({ has: panel.page().getByText(text, { exact: true }) })
    .filter({ has: panel.page().getByRole('button', { name: 'Aller au message' }) })
    .last()
    .getByRole('button', { name: 'Aller au message' });
const header = (page: Page) => page.getByRole('region', { name: 'Indices', exact: true });

test('a search result more than two pages back, a pin and a deep link open the room at their message', async ({ browser }) => {
  // `vip` reads Indices at its newest rows while the coach posts there.
  const vip = await member(browser, 'vip', 'Indices');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  // The message, then 120 more after it: it is more than two pages (2 × 50) older than the newest.
  const mark = unique('Repère saut');
  const [targetId] = await postOverSocket(coach, { room: 'indices' }, [mark]);
  const after = unique('Suite');
  const fillers = Array.from({ length: 120 }, (_, i) => `${after} n°${i + 1}`);
  await postOverSocket(coach, { room: 'indices' }, fillers);
  await expect(log(vip).getByText(fillers[119]!, { exact: true })).toBeInViewport();

  // Search, then 'Aller au message': the room opens at it, highlighted and focused.
  await header(vip).getByRole('button', { name: 'Rechercher dans la room' }).click();
  const search = vip.getByRole('region', { name: 'Résultats de la recherche' });
  await search.getByRole('searchbox', { name: 'Rechercher dans la room' }).fill(`${mark} de:coach`);
  await withJumpButton(search, mark).click();
  await expect(search).toHaveCount(0);
  await expect(jumped(vip)).toBeFocused();
  await expect(jumped(vip).getByText(mark, { exact: true })).toBeInViewport();
  await expect(log(vip).getByText(fillers[119]!, { exact: true })).toHaveCount(0);
  // Below the window read around it (50 newer rows), the next newer rows are read as the reader scrolls down.
  const later = log(vip).getByText(fillers[69]!, { exact: true });
  await log(vip).hover();
  // Steps shorter than the log's height: every row passes through the viewport (a longer step could scroll past the one awaited).
  for (let i = 0; i < 90 && !(await later.isVisible()); i += 1) {
    await vip.mouse.wheel(0, 300);
    await vip.waitForTimeout(paced(250));
  }
  await expect(later).toBeVisible();
  // Back to the newest rows.
  await toDirect(vip).click();
  await expect(log(vip).getByText(fillers[119]!, { exact: true })).toBeInViewport({ timeout: paced(15_000) });
  await expect(toDirect(vip)).toHaveCount(0);

  // A bad filter says what is wrong, in French.
  await header(vip).getByRole('button', { name: 'Rechercher dans la room' }).click();
  await vip.getByRole('searchbox', { name: 'Rechercher dans la room' }).fill(`${mark} a:pdf`);
  await expect(vip.getByRole('alert').filter({ hasText: 'Le filtre a: attend fichier, image ou lien' })).toBeVisible();
  await vip.getByRole('button', { name: 'Rechercher dans la room' }).first().click();

  // A pin opens at its message.
  const pinned = await coach.request.post('/rest/chat/toggle_pinned', {
    data: { messageId: targetId, title: 'Repère' },
    headers: { authorization: `Bearer ${await tokenOf(coachContext)}` },
  });
  expect(pinned.ok()).toBe(true);
  await header(vip).getByRole('button', { name: /^Messages épinglés/ }).click();
  const pins = vip.getByRole('region', { name: 'Messages épinglés' });
  await withJumpButton(pins, mark).click();
  await expect(jumped(vip).getByText(mark, { exact: true })).toBeInViewport();
  await expect(jumped(vip)).toBeFocused();

  // The deep link (the inbox's links): the room opens at the message, and the address is cleaned.
  await vip.goto(`/chat?room=Indices&message=${targetId}`);
  await expect(jumped(vip).getByText(mark, { exact: true })).toBeInViewport({ timeout: paced(15_000) });
  await expect(vip).toHaveURL(/\/chat$/);
  await expect(toDirect(vip)).toBeVisible();

  for (const page of [vip, coach]) await page.context().close();
});

test("'Aller à la date' opens the history at the first message of that day", async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Indices');
  await expect(log(vip).locator('[data-id]').first()).toBeVisible();
  // Yesterday in the demo history (Paris time, as the browser's).
  const yesterday = await vip.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() - 1);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
  await header(vip).getByRole('button', { name: 'Rechercher dans la room' }).click();
  await vip.getByLabel('Aller à la date').fill(yesterday);
  await vip.getByRole('button', { name: 'Aller', exact: true }).click();
  await expect(jumped(vip)).toBeFocused();
  await expect(jumped(vip)).toBeInViewport();
  // The first message of the day: its day's separator ('Hier') is just above it.
  const item = log(vip).locator('[data-index]').filter({ has: vip.locator('[data-jumped]') });
  await expect(item.getByRole('separator', { name: 'Hier' })).toBeVisible();
  await vip.context().close();
});
