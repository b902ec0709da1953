import { readdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { member, log, composer, unique } from './chat-room';
import { paced, journeyTime } from './pace';

/**
 * Comptoir offline (DESIGN.md "The client offline"): once the service worker controls the page, a
 * reload without network shows the shell and the room from the local database with 'Hors ligne';
 * a message written offline waits in the outbox and is delivered once when the network is back.
 * Playwright's setOffline cuts the worker's network too: only its precache answers the reload.
 */

const rows = (page: Page) => log(page).locator('article[data-id]');
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Hors ligne' });
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Waits until the app's service worker serves this page (installed, precache filled, claimed). */
async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: paced(30_000) })
    .toMatch(/\/sw\.js$/);
}

test('Forex read, then reloaded offline: its messages with "Hors ligne"; a message written offline is delivered once', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const vip = await member(browser, 'vip', 'Forex');
  const live = await member(browser, 'live', 'Forex');
  await expect(rows(vip).last()).toBeVisible();
  const newest = await rows(vip).last().getAttribute('data-id');
  const newestText = (await rows(vip).last().innerText()).split('\n').find((line) => line.length > 12) ?? '';
  expect(newest).toBeTruthy();
  await controlledByWorker(vip);
  await expect(offlineBanner(vip)).toHaveCount(0);

  await vip.context().setOffline(true);
  await expect(offlineBanner(vip)).toBeVisible();
  await vip.reload();
  // The shell and the room, from the precache and the local database; still signed in.
  await expect(vip).toHaveURL(/\/chat/);
  await expect(vip.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(log(vip).locator(`article[data-id="${newest}"]`)).toBeVisible();
  await expect(log(vip).getByText(newestText).first()).toBeVisible();
  await expect(offlineBanner(vip)).toContainText('Vos messages partiront au retour du réseau.');
  await expect(vip.getByLabel('E-mail ou pseudo')).toHaveCount(0);

  // A chunk loaded only on demand (the calendar panel) comes from the precache too.
  await vip.getByRole('button', { name: 'Calendrier' }).first().click();
  await expect(vip.getByRole('dialog', { name: 'Calendrier des lives' })).toBeVisible();
  await vip.keyboard.press('Escape');

  const text = unique('Écrit dans le métro');
  await composer(vip).fill(text);
  await vip.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
  const mine = log(vip).getByRole('article').filter({ hasText: text });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText('Envoi en cours…')).toBeVisible();
  // Offline is said once, by the banner: no error toasts.
  await expect(toasts(vip)).toHaveCount(0);
  await expect(log(live).getByText(text)).toHaveCount(0);

  await vip.context().setOffline(false);
  await expect(log(live).getByText(text)).toHaveCount(1, { timeout: paced(20_000) });
  await expect(mine.getByText('Envoi en cours…')).toHaveCount(0, { timeout: paced(20_000) });
  await expect(offlineBanner(vip)).toHaveCount(0);
  await expect(toasts(vip)).toHaveCount(0);
  // Exactly once in the server's history, as both members read it from the network.
  for (const page of [vip, live]) {
    await page.reload();
    await expect(log(page).getByText(text)).toHaveCount(1);
  }
  await vip.context().close();
  await live.context().close();
});

test('the worker precaches every file of the build, lazy chunks included, and no source map', async ({ page }) => {
  await page.goto('/');
  await controlledByWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  const built = readdirSync(new URL('../../dist/assets/', import.meta.url)).filter((name) => !name.endsWith('.map'));
  expect(built.length).toBeGreaterThan(20);
  expect(built.map((name) => `/assets/${name}`).filter((path) => !cached.includes(path))).toEqual([]);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon.svg']));
  expect(cached.filter((path) => path.endsWith('.map'))).toEqual([]);
  // Nothing of the API is kept: the local database is the offline store.
  expect(cached.filter((path) => /^\/(rest|content|socket\.io)\//.test(path))).toEqual([]);
});

test('signed out and offline, the sign-in page still opens and says "Hors ligne"', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByLabel('E-mail ou pseudo')).toBeVisible();
  await controlledByWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('E-mail ou pseudo')).toBeVisible();
  await expect(offlineBanner(page)).toHaveText('Hors ligne');
  await context.setOffline(false);
  await expect(offlineBanner(page)).toHaveCount(0);
});

test('the app can be installed: its manifest is linked, in French, with its icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f7b5f');
  const manifest = (await (await request.get(href!)).json()) as { name: string; lang: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Comptoir', lang: 'fr', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
});

test("an older page that cannot come says so at the log's top, with 'Réessayer'; it comes by itself once the network is back", async ({ browser }) => {
  // vip's Indices holds more than a page of history (tests/e2e/jump.spec.ts reads its 120th message).
  const page = await member(browser, 'vip', 'Indices');
  await expect(rows(page).last()).toBeVisible();
  const failure = page.getByText('Les messages précédents n’ont pas pu être chargés.');
  await page.context().setOffline(true);
  // To the top, as a reader scrolling up does, until the list has asked for the page and been refused.
  await expect(async () => {
    await log(page).evaluate((element) => (element.scrollTop = 0));
    await expect(failure).toBeVisible({ timeout: paced(1_000) });
  }).toPass({ timeout: paced(20_000) });
  const oldest = await rows(page).first().getAttribute('data-id');

  // 'Réessayer' while still offline asks again, and is refused again.
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(failure).toBeVisible();
  // Once the connection is back, the page is asked again without a click.
  await page.context().setOffline(false);
  await expect(failure).toHaveCount(0, { timeout: paced(20_000) });
  // The older rows come above those shown.
  await expect(async () => {
    await log(page).evaluate((element) => (element.scrollTop = 0));
    expect(await rows(page).first().getAttribute('data-id')).not.toBe(oldest);
  }).toPass({ timeout: paced(20_000) });
  await page.context().close();
});
