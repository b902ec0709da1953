import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { staticDirOf } from '../../playwright.config';
import { expect, test, type Page } from './fixtures';
import { paced, journeyTime } from './pace';

/**
 * A new deployment offered as an update, never mixed into the running page: the served worker
 * changes (as after a deployment), the page learns it at its next check, offers 'Nouvelle version
 * disponible'; 'Plus tard' keeps the running version (offered again at the next load), 'Mettre à
 * jour' hands over to the new worker and reloads once it controls the page.
 */
/** The service worker file the test's own server serves. */
const workerFile = () => resolve(staticDirOf(test.info().parallelIndex), 'sw.js');
const prompt = (page: Page) => page.getByRole('status').filter({ hasText: 'Nouvelle version disponible' });

test('a new version waits for "Mettre à jour", then the page reloads under it', async ({ page }) => {
  test.setTimeout(journeyTime(60_000));
  await page.goto('/');
  await expect(page.getByLabel('E-mail ou pseudo')).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: paced(30_000) }).toMatch(/\/sw\.js$/);
  await expect(prompt(page)).toHaveCount(0);

  const original = readFileSync(workerFile());
  try {
    writeFileSync(workerFile(), Buffer.concat([original, Buffer.from(`\n// déploiement ${Date.now()}\n`)]));
    await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration('/'))?.update());
    await expect(prompt(page)).toBeVisible({ timeout: paced(20_000) });
    await expect(prompt(page).getByRole('button', { name: 'Mettre à jour' })).toBeVisible();

    // Later: the running version stays; the next load offers the waiting one again.
    await prompt(page).getByRole('button', { name: 'Plus tard' }).click();
    await expect(prompt(page)).toHaveCount(0);
    await page.reload();
    await expect(prompt(page)).toBeVisible({ timeout: paced(20_000) });
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.state ?? null);
    expect(waiting).toBe('installed');

    await page.evaluate(() => ((window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true));
    const reloaded = page.waitForEvent('load', { timeout: paced(20_000) });
    await prompt(page).getByRole('button', { name: 'Mettre à jour' }).click();
    await reloaded;
    // A new page (the mark is gone) controlled by the new worker, nothing waiting any more.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    await expect(page.getByLabel('E-mail ou pseudo')).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller === registration?.active };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
  } finally {
    writeFileSync(workerFile(), original);
  }
});
