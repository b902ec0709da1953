import { expect, test, type Page } from './fixtures';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './app-routes';
import { openSignedIn } from './sign-in';
import { log, unique } from './chat-room';
import { paced, journeyTime } from './pace';

/** The app on a phone (issue 16): the chat in one hand, 44px targets, no page wider than the screen. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });


test('on a phone the room list is a sheet, a thread covers the room and Retour comes back', async ({ page }) => {
  await openSignedIn(page, 'vip@comptoir.test', '/chat');
  const header = page.getByRole('main').locator('section header').first();
  await header.getByRole('button', { name: 'Afficher les rooms' }).click();
  const sheet = page.getByRole('dialog', { name: 'Rooms' });
  await sheet.getByRole('button', { name: 'Forex' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveTitle(/ChatRoom Forex/);
  // Focus went back to the button that opened the sheet.
  await expect(page.getByRole('button', { name: 'Afficher les rooms' })).toBeFocused();

  // The room header stays one line: icon buttons, the title cut if need be.
  const headerBox = await page.getByRole('heading', { level: 1, name: 'Forex' }).locator('xpath=ancestor::header[1]').boundingBox();
  expect(headerBox?.height).toBeLessThan(64);

  const text = unique('Depuis mon téléphone');
  await page.getByRole('textbox', { name: 'Votre message' }).fill(text);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(log(page).getByText(text)).toHaveCount(1);

  const row = log(page).getByRole('article').filter({ hasText: text });
  await row.getByRole('button', { name: 'Répondre' }).click();
  const thread = page.getByRole('complementary', { name: 'Fil de discussion' });
  await expect(thread).toBeVisible();
  const threadBox = await thread.boundingBox();
  expect(threadBox?.width).toBe(390);
  expect(threadBox?.y).toBe(0);
  await expect(thread.getByRole('heading', { name: 'Fil de discussion' })).toBeFocused();
  await thread.getByRole('button', { name: 'Retour' }).click();
  await expect(thread).toBeHidden();
  await expect(row.getByRole('button', { name: 'Répondre' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Forex' })).toBeVisible();
});

test('on a phone every control of the chat and the top bar is at least 44 × 44', async ({ page }) => {
  await openSignedIn(page, 'vip@comptoir.test', '/chat?room=Forex');
  await expect(log(page).getByRole('article').first()).toBeVisible();
  const small = await page.evaluate(() => {
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link], [tabindex="0"]';
    const scopes = [document.querySelector('#contenu'), document.querySelector('#contenu')?.previousElementSibling, document.querySelector('nav[aria-label="Menu mobile"]')];
    const found: string[] = [];
    for (const scope of scopes) {
      for (const element of scope?.querySelectorAll<HTMLElement>(selector) ?? []) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // Unseen: not displayed, hidden, or read by screen readers only (1px).
        if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
        // Links and mentions inside a sentence are exempt (WCAG 2.5.8 "inline").
        // (Chromium computes an inline <button> as inline-block.)
        if ((style.display === 'inline' || style.display === 'inline-block') && element.closest('p')) continue;
        if (box.width < 43.5 || box.height < 43.5) {
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? element.tagName;
          found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
      }
    }
    return found;
  });
  expect(small, `controls under 44 × 44:\n${small.join('\n')}`).toEqual([]);
});

for (const [account, pill] of [
  ['membre@comptoir.test', 'Devenir VIP'],
  ['vip@comptoir.test', 'Passer au LIVE'],
] as const) {
  test(`on a phone the top bar is one line and '${pill}' is whole (${account})`, async ({ page }) => {
    await openSignedIn(page, account, '/');
    const link = page.getByRole('link', { name: pill, exact: true });
    await expect(link).toBeVisible();
    const clipped = await link.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped).toBe(false);
    const bar = await link.locator('xpath=ancestor::header[1]').boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(64);
  });
}

test.describe('no page scrolls sideways at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('E-mail ou pseudo')).toBeVisible();
    expect(await sweep(page, SIGNED_OUT_ROUTES)).toEqual([]);
  });

  for (const account of ['vip@comptoir.test', 'coach@comptoir.test']) {
    test(`signed in as ${account}`, async ({ page }) => {
      // Every signed-in route in turn: about 50 s on this machine, more than a journey's default.
      test.setTimeout(journeyTime(90_000));
      await openSignedIn(page, account, '/');
      expect(await sweep(page, SIGNED_IN_ROUTES)).toEqual([]);
    });
  }
});

/**
 * Opens each route inside the running app (wouter follows `popstate`) and lists what is wider than
 * the window: the document itself, a box that scrolls sideways (the main column included; the menu
 * bar's row of entries is meant to), or an element sticking out that no ancestor clips.
 */
async function sweep(page: Page, routes: readonly string[]): Promise<string[]> {
  const offenders: string[] = [];
  for (const route of routes) {
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    // The page's chunk and first data: settled when nothing new has been drawn for two frames.
    await page.waitForFunction(() => (document.querySelector('#root')?.childElementCount ?? 0) > 0);
    await page.waitForTimeout(paced(250));
    const found = await page.evaluate(() => {
      const width = window.innerWidth;
      const out: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > width) out.push(`document ${root.scrollWidth}px`);
      const clippedByAncestor = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' || style.position === 'fixed') {
            const box = parent.getBoundingClientRect();
            if (box.left >= -1 && box.right <= width + 1) return true;
          }
        }
        return false;
      };
      const label = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''}`;
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(element);
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1 && !element.closest('nav[aria-label="Menu mobile"]')) {
          out.push(`${label(element)} scrolls sideways (${element.scrollWidth}px in ${element.clientWidth}px)`);
        }
      }
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.right <= width + 1 && box.left >= -1) continue;
        if (element.closest('dialog:not([open])') || getComputedStyle(element).visibility === 'hidden') continue;
        if (clippedByAncestor(element)) continue;
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
        out.push(`${name} [${Math.round(box.left)}, ${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`);
        if (out.length > 5) break;
      }
      return out;
    });
    offenders.push(...found.map((line) => `${route}: ${line}`));
  }
  return offenders;
}
