import { expect, test } from './fixtures';

test('two-step registration: the rules, the taken address, then the new member is signed in', async ({ page, context }) => {
  await page.goto('/register-for-free?aff=parrain42');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'aff')?.value).toBe('parrain42');

  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
  await page.getByLabel('Adresse e-mail').fill('vip@comptoir.test');
  await page.getByLabel('Mot de passe').fill('court');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit contenir au moins 8 caractères dont au moins une lettre et un chiffre');
  await page.getByLabel('Mot de passe').fill('motdepasse1');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toHaveText("Cette adresse e-mail n'est pas disponible");

  const suffix = Date.now().toString(36);
  await page.getByLabel('Adresse e-mail').fill(`nina-${suffix}@comptoir.test`);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Prénom').fill('Nina');
  await page.getByLabel('Pseudo').fill(`nina${suffix}`);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText("Vous devez accepter nos conditions générales d'utilisation pour terminer votre inscription");
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(page).toHaveURL(/\/merci-inscription$/);
  await expect(page.getByRole('heading', { name: 'Bienvenue sur Comptoir !' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'registered')?.value).toBe('1');
  await expect(page.getByText(/Redirection vers votre tableau de bord dans \d+ s\./)).toBeVisible();
  await page.getByRole('button', { name: 'Accéder au tableau de bord' }).click();
  await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
});

test('a taken pseudo is refused with the spec message and the form kept', async ({ page }) => {
  await page.goto('/register-for-free');
  await page.getByLabel('Adresse e-mail').fill(`autre-${Date.now().toString(36)}@comptoir.test`);
  await page.getByLabel('Mot de passe').fill('motdepasse1');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Prénom').fill('Victor');
  await page.getByLabel('Pseudo').fill('vip');
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText("Ce nom d'utilisateur est déjà pris");
  await expect(page.getByLabel('Pseudo')).toHaveValue('vip');
});

test('one-page registration: the rules in order, the captcha, then the account', async ({ page }) => {
  await page.goto('/register');
  const trust = page.getByRole('complementary', { name: 'Ils nous font confiance' });
  await expect(trust.getByRole('listitem')).toHaveCount(3);
  // Drawn marks, no emoji (they show as empty boxes without an emoji font).
  expect(await trust.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
  await expect(trust.locator('svg')).toHaveCount(3);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vous devez accepter les CGV');
  await page.getByLabel("J'accepte les conditions générales de vente").check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez remplir les champs Email et Mot de passe');
  const suffix = Date.now().toString(36);
  await page.getByLabel('Adresse e-mail').fill(`page-${suffix}@comptoir.test`);
  await page.getByLabel('Mot de passe').fill('motdepasse1');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez remplir les champs prénom et pseudo');
  await page.getByLabel('Prénom').fill('Paul');
  await page.getByLabel('Pseudo').fill(`paul${suffix}`);

  const captcha = page.getByLabel(/Vérification : Combien font/);
  await captcha.fill('-1');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Échec de la vérification reCAPTCHA. Veuillez réessayer.');
  const label = (await page.getByText(/Vérification : Combien font \d+ \+ \d+ \?/).textContent()) ?? '';
  const [, a, b] = /(\d+) \+ (\d+)/.exec(label)!;
  await captcha.fill(String(Number(a) + Number(b)));
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/merci-inscription$/);
});

test('Google sign-in through the local identity provider, and its cancellation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Se connecter avec Google' }).click();
  await page.getByRole('link', { name: /live@comptoir\.test/ }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const other = await page.context().browser()!.newContext();
  const fresh = await other.newPage();
  await fresh.goto('/');
  await fresh.getByRole('link', { name: 'Se connecter avec Google' }).click();
  await fresh.getByRole('link', { name: 'Annuler' }).click();
  await expect(fresh).toHaveURL(/\/\?error=/);
  await expect(fresh.getByRole('alert')).not.toBeEmpty();
  await other.close();
});

test('the thank-you page goes home by itself after its countdown', async ({ page }) => {
  // The page's own clock, to skip the countdown's last seconds once it is seen counting.
  await page.clock.install();
  await page.goto('/register-for-free');
  const suffix = Date.now().toString(36);
  await page.getByLabel('Adresse e-mail').fill(`compte-${suffix}@comptoir.test`);
  await page.getByLabel('Mot de passe').fill('motdepasse1');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Prénom').fill('Zoé');
  await page.getByLabel('Pseudo').fill(`zoe${suffix}`);
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  // It counts down (whatever second the page first showed, under load) and goes home by itself.
  const countdown = page.getByText(/^Redirection vers votre tableau de bord dans \d+ s\.$/);
  const first = Number(/(\d+) s/.exec((await countdown.textContent()) ?? '')?.[1]);
  expect(first).toBeGreaterThan(1);
  expect(first).toBeLessThanOrEqual(10);
  // Each second is its own timer, set once the page shows the last one: second by second.
  for (let left = first - 1; left > 0; left -= 1) {
    await expect(page.getByText(`Redirection vers votre tableau de bord dans ${left} s.`)).toBeVisible();
    await page.clock.runFor(1000);
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
});

test('a signed-in member back from Google is taken on: the same account carries on, another one takes over', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail ou pseudo').fill('live');
  await page.getByLabel('Mot de passe', { exact: true }).fill('comptoir123');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();

  // The same account: still signed in, on the dashboard, never the 'coming soon' page.
  await page.goto('/content/api/connect/google');
  await page.getByRole('link', { name: /live@comptoir\.test/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
  await expect(page.getByText('Cette page sera bientôt disponible')).toHaveCount(0);
  await page.goto('/profil');
  await expect(page.getByLabel('Pseudo')).toHaveValue('live');

  // Another account: the first one's local data is cleared and the new one signed in.
  await page.evaluate(() => localStorage.setItem('trace', 'live'));
  await page.goto('/content/api/connect/google');
  await page.getByRole('link', { name: /coach@comptoir\.test/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('trace'))).toBeNull();
  await page.goto('/profil');
  await expect(page.getByLabel('Pseudo')).toHaveValue('coach');
});
