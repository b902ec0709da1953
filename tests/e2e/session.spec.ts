import { expect, test } from './fixtures';
import { DEMO_ACCOUNTS, signIn } from './sign-in';
import { paced } from './pace';

test('an unknown path while signed out goes to the sign-in screen with redirect_uri', async ({ page }) => {
  await page.goto('/profil/security');
  await expect(page).toHaveURL(/\/\?redirect_uri=%2Fprofil%2Fsecurity$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('after sign-in the member lands on the redirect_uri', async ({ page }) => {
  await page.goto('/profil/abonnements');
  await signIn(page, 'vip@comptoir.test');
  await expect(page).toHaveURL(/\/profil\/abonnements$/);
  await expect(page.getByRole('heading', { name: 'Mes abonnements' })).toBeVisible();
});

test('a wrong password shows the French error and keeps the form', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail ou pseudo').fill('vip@comptoir.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ces informations ne sont pas valides' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
});

test('the sign-in button waits for both fields', async ({ page }) => {
  await page.goto('/');
  const submit = page.getByRole('button', { name: 'Se connecter', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('E-mail ou pseudo').fill('vip');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Mot de passe', { exact: true }).fill('x');
  await expect(submit).toBeEnabled();
});

test('the sign-in screen toggles to the forgot-password form and back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez entrer une adresse email valide');
  await page.getByRole('button', { name: 'Retour à la connexion' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/register-for-free');
});

for (const account of DEMO_ACCOUNTS) {
  test(`the demo account ${account} signs in by e-mail and sees the shell`, async ({ page }) => {
    await page.goto('/');
    await signIn(page, `${account}@comptoir.test`);
    await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
    await expect(page.getByRole('heading', { name: new RegExp(`Bonjour`) })).toBeVisible();
  });
}

test('a username signs in too', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'coach');
});

test('a reload keeps the session without showing the sign-in form', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'vip@comptoir.test');
  await page.goto('/news');
  // Record whether the sign-in form ever appears while the page reloads.
  await page.addInitScript(() => {
    const seen = () => document.querySelector('input[name="password"]') !== null;
    new MutationObserver(() => {
      if (seen()) sessionStorage.setItem('signInFlashed', '1');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Actualités' })).toBeVisible();
  await page.waitForTimeout(paced(500));
  expect(await page.evaluate(() => sessionStorage.getItem('signInFlashed'))).toBeNull();
});

test('an invalid token cookie signs the member out and removes it', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'access_token', value: 'pas-un-jeton', url: baseURL! }]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'access_token')).toBeUndefined();
});

test('the theme toggle is stored and survives a reload', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'vip@comptoir.test');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Passer au thème clair' })).toBeVisible();
});

test('logout asks first, then signs out and empties local storage', async ({ page, context }) => {
  await page.goto('/');
  await signIn(page, 'live@comptoir.test');
  await page.evaluate(() => localStorage.setItem('isLocked', 'true'));
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voulez-vous vraiment vous déconnecter ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
  // The previous member's data is gone from the local database too.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  const accountRows = await page.evaluate(async (names) => {
    let rows = 0;
    for (const name of names.filter((n) => n.includes('account'))) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        rows += await new Promise<number>((resolve) => {
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        });
      }
      db.close();
    }
    return rows;
  }, databases);
  expect(accountRows).toBe(0);
});
