import { expect, test } from './fixtures';
import { FULL_CHROMIUM_PATH, JOURNEY_ARGS } from '../chromium-path';
import { freshAccount, signedIn } from './accounts';
import { paced } from './pace';

// The headless shell the other journeys run in has no web notifications (their permission is
// always 'denied' there): this file runs in the full Chromium, in a worker of its own.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: JOURNEY_ARGS } });

test('web notifications: with the permission granted, the worker is registered and the subscription attempted', async ({ page, request, baseURL }) => {
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  const account = await freshAccount(request, 'pushok');
  await signedIn(page, account.email, account.password, '/profil/notif');
  const web = page.getByRole('checkbox', { name: 'Mention de mon pseudo — Web' });
  await web.click();
  await web.click();
  // Headless Chromium has no push service to subscribe with: pushManager.subscribe() fails
  // ('Registration failed'), which the page explains, the choice kept. The worker is registered all the same.
  // It subscribes once the worker is active, after it has precached the app (a few seconds under load).
  await expect(page.getByRole('status')).toHaveText("Les notifications Web n'ont pas pu être activées sur ce navigateur. Votre choix reste enregistré.", { timeout: paced(30_000) });
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null);
  expect(scriptURL).toBe(`${baseURL}/sw.js`);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mise à jour effectuée')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mention de mon pseudo — Web' })).toBeChecked();
});
