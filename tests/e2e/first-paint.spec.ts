import { expect, test, type Page } from './fixtures';
import { signIn } from './sign-in';
import { paced } from './pace';

/**
 * The chat's first paint: a returning member's reload of /chat paints the room's newest stored rows
 * (read straight from IndexedDB) where the log was last shown, before the data layer's chunk is
 * even requested, then hands over to the live list. The box is aria-hidden and inert, so it is found
 * by its `data-first-paint` attribute; the live log by its role and label.
 */

// These journeys hold the data layer's chunk on its way from the network; a service worker would
// serve it from its precache, out of the route's reach (offline.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const liveLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const firstPaint = (page: Page) => page.locator('[data-first-paint]');
const rows = (page: Page) => liveLog(page).locator('article[data-id]');
/**
 * The log's remembered place. Signing out or in ends with the app's own navigation, which may land
 * while this is read: read again once the page has settled (the place is the question, not the race).
 */
async function storedPlace(page: Page): Promise<string | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await page.evaluate(() => localStorage.getItem('chatLogPlace'));
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/** Holds the data layer's chunk until `release()`; `requested` settles when the page asks for it. */
async function holdDataLayer(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/data-layer-.*\.js$/, async (route) => {
    asked();
    await released;
    await route.continue().catch(() => undefined);
  });
  return { release, requested };
}

/** Records, from the page's very start, whether a first-paint box was ever in the document. */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { firstPaintSeen?: boolean };
    w.firstPaintSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-first-paint]') !== null) w.firstPaintSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { firstPaintSeen?: boolean }).firstPaintSeen === true);
}

/**
 * Signs in on /chat, reads Forex to its newest row (journeys run before on this server may have
 * left the member unread messages there: the log then opens at the first of them, where no first
 * paint is drawn), and waits for the place to be remembered.
 */
async function visitChat(page: Page) {
  await page.goto('/chat?room=Forex');
  await signIn(page, 'vip@comptoir.test');
  await expect(page).toHaveTitle(/ChatRoom Forex/);
  await expect(rows(page).last()).toBeVisible();
  const toEnd = page.getByRole('button', { name: /^(Revenir au direct|\d+ nouveaux? messages?)$/ });
  await expect.poll(() => storedPlace(page)).not.toBeNull();
  if ((await toEnd.count()) > 0) {
    await toEnd.click();
    await expect(toEnd).toHaveCount(0);
    // Bounded wait: the room read to its end is noted (the next visit opens there, not at the line).
    await page.waitForTimeout(paced(1000));
  }
}

test("a returning member's reload paints the newest rows before the data layer, then hands over in place", async ({ page }) => {
  await visitChat(page);
  const newest = await rows(page).last().getAttribute('data-id');
  expect(newest).toBeTruthy();

  const dataLayer = await holdDataLayer(page);
  await page.reload();
  const early = firstPaint(page).locator(`article[data-id="${newest}"]`);
  await expect(early).toBeVisible();
  // The data layer is held: no live list yet, and the box is neither announced nor usable.
  await expect(liveLog(page)).toHaveCount(0);
  await expect(firstPaint(page)).toHaveAttribute('inert', '');
  await expect(firstPaint(page)).toHaveAttribute('aria-hidden', 'true');
  const before = (await early.boundingBox())!;
  expect(before).not.toBeNull();

  dataLayer.release();
  const live = liveLog(page).locator(`article[data-id="${newest}"]`);
  await expect(live).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
  // Each row once: in the live log, and on the whole page now the box is gone.
  const ids = await rows(page).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-id')));
  expect(ids).toContain(newest);
  expect(new Set(ids).size).toBe(ids.length);
  await expect(page.locator(`article[data-id="${newest}"]`)).toHaveCount(1);
  // The newest row did not move at the hand-over (virtuoso keeps whole-pixel row sizes, so the live
  // list may rest a pixel or so short of the true end, where the first paint rests).
  const after = (await live.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(2);
});

test('the place kept is where the log was when the page went: a bar that came above it since counts', async ({ page }) => {
  await visitChat(page);
  // A bar comes above the chat after the log was first shown (as the live banner does when a live starts).
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.style.height = '40px';
    bar.style.flex = 'none';
    document.getElementById('contenu')!.before(bar);
  });
  const moved = (await liveLog(page).boundingBox())!;
  const dataLayer = await holdDataLayer(page);
  await page.reload();
  await expect(firstPaint(page)).toBeVisible();
  const box = (await firstPaint(page).boundingBox())!;
  expect(box.y).toBeCloseTo(moved.y, 0);
  expect(box.height).toBeCloseTo(moved.height, 0);
  dataLayer.release();
  await expect(firstPaint(page)).toHaveCount(0);
});

test('another window size paints nothing early', async ({ page }) => {
  await visitChat(page);
  // The member leaves (the place is kept as the page goes) and comes back in a window of another size.
  const context = page.context();
  await page.close();
  const next = await context.newPage();
  await next.setViewportSize({ width: 1100, height: 680 });
  const seen = await watchFirstPaint(next);
  const dataLayer = await holdDataLayer(next);
  await next.goto('/chat?room=Forex');
  await dataLayer.requested;
  // Bounded wait: the box would have been painted by now, and must not come while the data layer is held.
  await next.waitForTimeout(paced(1500));
  await expect(firstPaint(next)).toHaveCount(0);
  expect(await seen()).toBe(false);

  dataLayer.release();
  await expect(rows(next).last()).toBeVisible();
  expect(await seen()).toBe(false);
});

test('nothing is painted early on the first chat visit after signing out and in again', async ({ page }) => {
  await visitChat(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await page.getByRole('dialog', { name: 'Voulez-vous vraiment vous déconnecter ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await storedPlace(page)).toBeNull();

  await signIn(page, 'vip@comptoir.test');
  expect(await storedPlace(page)).toBeNull();
  const seen = await watchFirstPaint(page);
  const dataLayer = await holdDataLayer(page);
  await page.goto('/chat');
  // With nothing to paint, the data layer is asked for at once; no box came before it.
  await dataLayer.requested;
  await expect(firstPaint(page)).toHaveCount(0);
  expect(await seen()).toBe(false);

  dataLayer.release();
  await expect(rows(page).last()).toBeVisible();
  expect(await seen()).toBe(false);
  // Shown once again, the log's place is remembered for the next visit.
  await expect.poll(() => storedPlace(page)).not.toBeNull();
});
