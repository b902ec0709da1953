import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Route } from './fixtures';
import { openSignedIn, signedInPage, tokenOf } from './sign-in';
import { paced, journeyTime } from './pace';

/**
 * Formations (spec 3 §2, §4, §5): the catalogue, a course taken to its quiz, the progress that
 * survives a reload (offline too) and the video that resumes, and the server's locks.
 */

const member = (context: BrowserContext, identifier: string, path = '/formation') => signedInPage(context, identifier, path);

type Progress = { allChaptersDone: number[]; completed: boolean; quizzResult: number | null; positions: Record<string, number> };

/** The server's progress, asked with the member's token from a request context of its own. */
async function serverProgress(request: APIRequestContext, token: string, formationId: number): Promise<Progress> {
  const answer = await request.get(`/rest/formation/progress/${formationId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Progress }).data;
}

const REGISTER = `mutation Register($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { id username email } } }`;

/** A member registered for this test alone (no progress anywhere yet): its pseudo. */
async function freshMember(request: APIRequestContext, label: string): Promise<string> {
  const tail = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const input = { email: `${label}-${tail}@comptoir.test`, username: `${label}${tail}`, password: 'comptoir123' };
  const answer = await request.post('/content/graphql', { data: { query: REGISTER, variables: { input } } });
  expect(answer.ok()).toBe(true);
  return input.username;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test('vip completes a formation with its quiz, reloads and sees it completed', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const context = await browser.newContext();
  const page = await member(context, 'vip');
  await expect(page.getByRole('heading', { name: 'Formations', level: 1 })).toBeVisible();
  const category = page.getByRole('button', { name: 'Psychologie du trader' });
  await category.click();
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  await card(page, 'Le journal de trading').getByRole('link', { name: 'Commencer' }).click();

  await expect(page).toHaveURL(/\/formation\/4\/8\/1$/);
  await expect(page.getByRole('heading', { name: 'Que noter ?' })).toBeVisible();
  await page.getByRole('button', { name: 'Valider le cours' }).click();
  await expect(page).toHaveURL(/\/formation\/4\/8\/2$/);
  await expect(page.getByRole('heading', { name: 'Analyser ses statistiques' })).toBeVisible();
  await page.getByRole('button', { name: 'Valider le cours' }).click();
  await expect(page).toHaveURL(/\/formation\/4\/8\/3$/);

  await page.getByRole('checkbox', { name: 'Le stop et l’objectif' }).check();
  await page.getByRole('checkbox', { name: 'Son état d’esprit' }).check();
  await page.getByRole('checkbox', { name: 'À mesurer et corriger ses erreurs' }).check();
  await page.getByRole('button', { name: 'Valider le quiz' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmez-vous la soumission du quizz ? Vos réponses ne pourront être modifiées par la suite' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note au quiz : 20/20' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Son état d’esprit' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText('Formation terminée — Votre score : 20/20')).toBeVisible();
  await page.getByRole('link', { name: 'Voir le certificat' }).click();
  await expect(page).toHaveURL(/\/formation\/4\/8\/certificat$/);
  await expect(page.getByRole('heading', { name: 'Certificat de réussite' })).toBeVisible();
  await expect(page.getByText('vip', { exact: true })).toBeVisible();
  await noSeriousViolation(page, 'certificat');
  // Printed, the certificate fills one A4 page alone.
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.getByRole('link', { name: 'Retour à la formation' }).click();
  await page.getByRole('link', { name: 'Retour aux formations' }).click();
  await expect(page).toHaveURL(/\/formation$/);
  // The category of the last formation is the one shown.
  await expect(page.getByRole('button', { name: 'Psychologie du trader' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, 'Le journal de trading').getByRole('link', { name: 'Revoir' })).toBeVisible();

  // A new page load arriving on the list reopens the last course once; 'Retour aux formations' stays.
  await page.goto('/formation');
  await expect(page).toHaveURL(/\/formation\/4\/8\/3$/);
  await page.getByRole('link', { name: 'Retour aux formations' }).click();
  await expect(page).toHaveURL(/\/formation$/);
  await expect(card(page, 'Le journal de trading')).toBeVisible();
  await context.close();
});

test('a video resumes at the second it was left at, after a reload', async ({ browser, request }) => {
  test.setTimeout(journeyTime(90_000));
  const context = await browser.newContext();
  const page = await member(context, 'vip', '/formation/3/4/1');
  const video = page.getByLabel('Vidéo : Tracer un support');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.currentTime = 7;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    v.pause();
  });
  const token = await tokenOf(context);
  await expect.poll(async () => (await serverProgress(request, token, 4)).positions['41'] ?? 0, { timeout: paced(15_000) }).toBeGreaterThanOrEqual(6.5);

  await page.reload();
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: paced(15_000) }).toBeGreaterThanOrEqual(6.5);
  await context.close();
});

test('steps validated offline are kept across a reload and reach the server on reconnect', async ({ browser, request }) => {
  test.setTimeout(journeyTime(120_000));
  const context = await browser.newContext();
  const page = await member(context, await freshMember(request, 'horsligne'), '/formation/1/2/1');
  await expect(page.getByRole('heading', { name: 'Anatomie d’une bougie' })).toBeVisible();
  // The service worker serves the reload offline (see offline.spec.ts).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: paced(30_000) }).toMatch(/\/sw\.js$/);
  const token = await tokenOf(context);
  expect((await serverProgress(request, token, 2)).allChaptersDone).toEqual([]);

  // Offline emulation may let a request through the service worker's network fallback: the API
  // is cut by a route too, so what reaches the server can only come after the reconnection.
  const cut = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/rest/**', cut);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Valider le cours' }).click();
  await expect(page).toHaveURL(/\/formation\/1\/2\/2$/);
  await page.getByRole('button', { name: 'Valider le cours' }).click();
  await expect(page).toHaveURL(/\/formation\/1\/2\/3$/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Étapes de la formation' }).getByRole('button', { name: /\(validée\)/ })).toHaveCount(2);
  expect((await serverProgress(request, token, 2)).allChaptersDone).toEqual([]);

  await context.unroute('**/rest/**', cut);
  await context.setOffline(false);
  await expect.poll(async () => (await serverProgress(request, token, 2)).allChaptersDone, { timeout: paced(30_000) }).toEqual([1, 2]);
  await context.close();
});

test('membre sees the Prime prompt on category 5 and cannot read its chapters or video by address', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await member(context, 'membre');
  await page.getByRole('button', { name: 'Prime : stratégies avancées' }).click();
  await expect(page.getByText('Cette formation fait partie de la formation Prime', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Découvrir nos offres' }).click();
  await expect(page).toHaveURL(/\/profil\/abonnements$/);

  const headers = { Authorization: `Bearer ${await tokenOf(context)}` };
  const detail = await page.request.get('/content/api/platform-formations/10', { headers });
  expect(detail.status()).toBe(200);
  const formation = ((await detail.json()) as { data: { locked: boolean; chapitres: unknown[]; quiz: unknown } }).data;
  expect(formation).toMatchObject({ locked: true, chapitres: [], quiz: null });
  // The video answers 403 to the member's own cookie.
  expect((await page.request.get('/content/api/platform-formations/10/chapitres/102/video')).status()).toBe(403);
  const patch = await page.request.patch('/rest/formation/progress/update', { headers, data: { formationId: 10, chapterDone: 1 } });
  expect(patch.status()).toBe(403);

  await page.goto('/formation/5/10');
  await expect(page.getByRole('link', { name: 'Découvrir nos offres' })).toBeVisible();
  await page.goto('/formation/1/999');
  await expect(page.getByText('Erreur: Formation non existante')).toBeVisible();
  await context.close();
});

/** No serious or critical axe violation in the page's content (the shell has its own sweeps). */
async function noSeriousViolation(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).include('#contenu').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** At 390 px: nothing wider than the window, and every control of the page's content at least 44 × 44. */
async function comfortableOnPhone(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`document ${document.documentElement.scrollWidth}px`);
    const main = document.querySelector('main') ?? document.body;
    for (const element of main.querySelectorAll<HTMLElement>('a[href], button, input[type="checkbox"], video')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('[role="dialog"]')) continue;
      const label = element.closest('label')?.getBoundingClientRect();
      const height = Math.max(box.height, label?.height ?? 0);
      if (height < 43.5 || Math.max(box.width, label?.width ?? 0) < 43.5) out.push(`${element.tagName} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(height)}`);
    }
    return out;
  });
  expect(problems.map((p) => `${where}: ${p}`)).toEqual([]);
}

test.describe('formations pages on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('catalogue, course, quiz and certificate: French, accessible and comfortable at 390 px', async ({ page }) => {
    test.setTimeout(journeyTime(90_000));
    await openSignedIn(page, 'coach', '/formation');
    await expect(card(page, 'Débuter en trading : les bases')).toBeVisible();
    await comfortableOnPhone(page, 'catalogue');
    await noSeriousViolation(page, 'catalogue');
    for (const [path, ready] of [
      ['/formation/1/1/1', 'Bienvenue dans la formation'],
      ['/formation/1/1/2', 'Les marchés et leurs horaires'],
      ['/formation/1/1/4', 'Vous devez valider tous les cours du chapitre avant de faire le quiz'],
      ['/formation/1/1/certificat', 'Le certificat sera disponible une fois la formation terminée.'],
      ['/formation/1/999', 'Erreur: Formation non existante'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      await comfortableOnPhone(page, path);
      await noSeriousViolation(page, path);
    }
    // The dark theme too.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/formation/1/1/3');
    await expect(page.getByRole('heading', { name: 'Types d’ordres : marché, limite et stop' })).toBeVisible();
    await noSeriousViolation(page, 'course (sombre)');
    await page.getByRole('link', { name: 'Retour aux formations' }).click();
    await expect(card(page, 'Débuter en trading : les bases')).toBeVisible();
    await noSeriousViolation(page, 'catalogue (sombre)');
  });

  test('the Prime prompt and the keyboard way to a course', async ({ page }) => {
    await openSignedIn(page, 'membre', '/formation');
    await page.getByRole('button', { name: 'Prime : masterclass' }).click();
    await expect(page.getByRole('link', { name: 'Découvrir nos offres' })).toBeVisible();
    await comfortableOnPhone(page, 'prime prompt');
    await noSeriousViolation(page, 'prime prompt');
    // Keyboard: back to the free category, then its first card's action.
    await page.getByRole('button', { name: 'Les fondamentaux' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Les fondamentaux' })).toHaveAttribute('aria-pressed', 'true');
    const start = card(page, 'Débuter en trading : les bases').getByRole('link', { name: 'Commencer' });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/formation\/1\/1\/1$/);
  });
});
