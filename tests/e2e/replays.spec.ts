import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './fixtures';
import { noSeriousViolation, phoneLayoutProblems, serverTotal as listTotal } from './content-host';
import { signedInPage, tokenOf } from './sign-in';
import { paced, journeyTime } from './pace';

/**
 * Replays (spec 3 §2, §6, §8, §9): the list with its filters and its pages of 24, a replay opened
 * by its address after 0.5 s, its speed and the second it resumes at, and the VIP lock.
 */

const ACCESS_REFUSED = "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP";

const member = (context: BrowserContext, identifier: string, path = '/replay') => signedInPage(context, identifier, path);

/** How many replays the server lists for the filter (other journeys may have published some). */
const serverTotal = (request: APIRequestContext, token: string, query = '') => listTotal(request, token, '/content/api/platform-replays', query);

/** The server's position of a replay for the member of this token (0 when none). */
async function serverPosition(request: APIRequestContext, token: string, replayId: number): Promise<number> {
  const answer = await request.get('/rest/replays/positions', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { replayId: number; second: number }[] };
  return data.find((p) => p.replayId === replayId)?.second ?? 0;
}

const list = (page: Page) => page.getByRole('list', { name: 'Liste des replays' });
const cards = (page: Page) => list(page).getByRole('listitem');

test('vip filters by category, scrolls to the next page, watches a replay at another speed and resumes it', async ({ browser, request }) => {
  test.setTimeout(journeyTime(90_000));
  const context = await browser.newContext();
  const page = await member(context, 'vip');
  await expect(page.getByRole('heading', { name: 'Replays', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toutes' })).toHaveAttribute('aria-pressed', 'true');
  const token = await tokenOf(context);
  const [forexTotal, total] = [await serverTotal(request, token, '&category=Forex'), await serverTotal(request, token)];
  expect(forexTotal).toBeLessThan(24);
  expect(total).toBeGreaterThan(24);

  // A category: all of its replays (six in the demo data).
  const forex = page.getByRole('button', { name: 'Forex', exact: true });
  await forex.click();
  await expect(forex).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(forexTotal);
  for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Forex');
  // No lock for a VIP.
  await expect(list(page).getByText('Réservé aux VIP')).toHaveCount(0);

  // The category is remembered on this device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Forex', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(forexTotal);

  // Every category: 24 first, the rest when the end of the list comes into view.
  await page.getByRole('button', { name: 'Toutes' }).click();
  await expect(cards(page)).toHaveCount(24);
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(total);

  // An author: the select lists the public team in priority order.
  const author = page.getByLabel('Intervenant');
  await expect(author.locator('option')).toHaveText(['Tous les intervenants', 'Camille Durand', 'Hugo Bernard', 'Sophie Marchand', 'Julien Roux', 'Nadia Benali']);
  await author.selectOption({ label: 'Sophie Marchand' });
  await expect(cards(page).first()).toBeVisible();
  for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Sophie Marchand');
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(cards(page)).toHaveCount(total);

  // A replay by its address: the modal opens after half a second.
  const first = cards(page).first();
  const title = (await first.getByRole('heading').innerText()).trim();
  const href = (await first.getByRole('link').getAttribute('href'))!;
  expect(href).toMatch(/^\/replay\/[a-z0-9-]+$/);
  await page.goto(href);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await noSeriousViolation(page, 'replay');
  const video = dialog.getByLabel(`Vidéo : ${title}`);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);

  const speed = dialog.getByLabel('Vitesse de lecture');
  await expect(speed.locator('option')).toHaveText(['×2', '×1,5', '×1', '×0,5']);
  await speed.selectOption('1.5');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.currentTime = 9;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    v.pause();
  });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/replay$/);

  const found = (await (await request.get(`/content/api/platform-replays?slug=${href.slice('/replay/'.length)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: number }[] };
  const replayId = found.data[0]!.id;
  await expect.poll(() => serverPosition(request, token, replayId), { timeout: paced(15_000) }).toBeGreaterThanOrEqual(8.5);

  // Opened again from its card, after half a second, where it was left.
  const opened = Date.now();
  await cards(page).filter({ hasText: title }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(dialog).toBeVisible();
  expect(Date.now() - opened).toBeGreaterThanOrEqual(450);
  await expect.poll(() => dialog.getByLabel(`Vidéo : ${title}`).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: paced(15_000) }).toBeGreaterThanOrEqual(8.5);
  // Escape closes it too, back to the list.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/replay$/);
  await context.close();
});

test('membre sees locked cards and the access-refused modal, also on /replay/forbiden; the video is refused', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await member(context, 'membre');
  await expect(cards(page)).toHaveCount(24);
  await expect(cards(page).first().getByText('Réservé aux VIP').first()).toBeVisible();

  await cards(page).first().getByRole('link').click();
  const refused = page.getByRole('dialog', { name: 'Accès réservé' });
  await expect(refused).toBeVisible();
  await expect(refused.getByText(ACCESS_REFUSED)).toBeVisible();
  await expect(refused.locator('video')).toHaveCount(0);
  await noSeriousViolation(page, 'accès refusé');
  await refused.getByRole('link', { name: 'Devenir VIP' }).click();
  await expect(page).toHaveURL(/\/profil\/abonnements$/);

  await page.goto('/replay/forbiden');
  await expect(page.getByRole('dialog', { name: 'Accès réservé' }).getByText(ACCESS_REFUSED)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  await expect(page).toHaveURL(/\/replay$/);

  // The server refuses the video itself to the member's own cookie.
  const headers = { Authorization: `Bearer ${await tokenOf(context)}` };
  const answer = (await (await page.request.get('/content/api/platform-replays?pageSize=1', { headers })).json()) as { data: { id: number; locked: boolean }[] };
  expect(answer.data[0]?.locked).toBe(true);
  expect((await page.request.get(`/content/api/platform-replays/${answer.data[0]!.id}/video`)).status()).toBe(403);
  await context.close();
});

test('on a 360 px phone the list and its filters fit the width, with 44 px controls', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await member(context, 'vip');
  await expect(cards(page)).toHaveCount(24);
  const problems = await phoneLayoutProblems(page);
  expect(problems).toEqual([]);
  await context.close();
});
