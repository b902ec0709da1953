import { expect, test } from './fixtures';
import { openSignedIn } from './sign-in';

test('the side navigation lists the desktop entries with Chat after Accueil', async ({ page }) => {
  await openSignedIn(page, 'vip@comptoir.test', '/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  const labels = await nav.getByRole('link').allInnerTexts();
  expect(labels.map((l) => l.trim())).toEqual(['Comptoir', 'Accueil', 'Chat', 'Actualités', 'Formations', 'Life', 'Toolbox', 'Aide']);
  await expect(nav.getByRole('link', { name: 'Aide' })).toHaveAttribute('target', '_blank');
  await nav.getByRole('link', { name: 'Formations' }).click();
  await expect(page).toHaveURL(/\/formation$/);
  await expect(nav.getByRole('link', { name: 'Formations' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Formations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Les fondamentaux' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Aide' })).toHaveAttribute('target', '_blank');
});

test('on a phone the menu bar holds the mobile-only entries', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openSignedIn(page, 'vip@comptoir.test', '/');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
  const menu = page.getByRole('navigation', { name: 'Menu mobile' });
  await expect(menu.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'QG' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Replays' })).toBeVisible();
  const box = await menu.boundingBox();
  expect(box?.height).toBe(63);
  await menu.getByRole('button', { name: 'Plus' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await context.close();
});

test('the upsell pill follows the subscriptions', async ({ page }) => {
  await openSignedIn(page, 'coach', '/');
  // Coach holds VIP and LIVE: no pill.
  await expect(page.getByRole('link', { name: 'Devenir VIP' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Passer au LIVE', exact: true })).toHaveCount(0);
});

test('the messaging toggle prompts members without a subscription', async ({ page }) => {
  await openSignedIn(page, 'membre', '/');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Messagerie' }).click();
  const prompt = page.getByRole('dialog', { name: 'Accès réservé' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Voir les offres' })).toHaveAttribute('href', '/profil/abonnements');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
});

test('a subscriber opens the messaging panel', async ({ page }) => {
  await openSignedIn(page, 'vip', '/');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Messagerie' }).click();
  await expect(page.getByRole('dialog', { name: 'Messagerie' })).toBeVisible();
});

test('the calendar panel lists the coming lives and downloads them as .ics', async ({ page }) => {
  await openSignedIn(page, 'live', '/');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Calendrier' }).click();
  const panel = page.getByRole('dialog', { name: 'Calendrier des lives' });
  await expect(panel.getByRole('link', { name: /^Ajouter « .+ » à Google Agenda$/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Télécharger le calendrier (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('comptoir-lives.ics');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(path, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('BEGIN:VEVENT');
});

test('the onboarding link shows for a new VIP and the new-alert button for writers on /notification', async ({ page }) => {
  await openSignedIn(page, 'vip', '/');
  await expect(page.getByRole('link', { name: 'Premiers pas Comptoir' })).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByRole('link', { name: 'Nouvelle notification' })).toHaveCount(0);
});

test('a coach sees the new-alert button on /notification and /qg only', async ({ page }) => {
  await openSignedIn(page, 'coach', '/');
  await expect(page.getByRole('link', { name: 'Nouvelle notification' })).toHaveCount(0);
  await page.goto('/qg');
  await expect(page.getByRole('link', { name: 'Nouvelle notification' })).toBeVisible();
});

test('signed in, an unknown path shows the not-found page inside the shell', async ({ page }) => {
  await openSignedIn(page, 'vip', '/');
  await page.goto('/nulle-part');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
});
