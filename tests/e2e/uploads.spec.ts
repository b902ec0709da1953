import { expect, test, type APIRequestContext, type Browser, type Page, type Route } from './fixtures';
import { signIn } from './sign-in';
import { expectAccessible } from './axe';
import { paced, journeyTime } from './pace';

const REGISTER = `mutation Register($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { id username email } } }`;
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');
const FAILED = 'Une erreur est survenue, veuillez réessayer';

/** A fresh account made through the register mutation, so its picture can change freely. */
async function freshAccount(request: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const account = { email: `photo-${suffix}@comptoir.test`, username: `photo${suffix}`, password: 'motdepasse1' };
  const response = await request.post('/content/graphql', { data: { query: REGISTER, variables: { input: account } } });
  expect(response.ok()).toBe(true);
  return account;
}

/** A member signed in on their own browser context, at this path. */
async function member(browser: Browser, identifier: string, path: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, identifier, password);
  return page;
}

/** Holds the requests to a route until `release()`, so a test sees what shows while a file is on its way. */
function holdUploads(respond: (route: Route, attempt: number) => Promise<void> = (route) => route.continue()) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let attempts = 0;
  return {
    release: () => release(),
    attempts: () => attempts,
    handler: async (route: Route) => {
      attempts += 1;
      const attempt = attempts;
      await held;
      await respond(route, attempt);
    },
  };
}

test('the avatar is chosen with the French picker: preview and progress, then the new picture', async ({ browser, request }) => {
  const account = await freshAccount(request);
  const page = await member(browser, account.email, '/profil', account.password);
  const picker = page.getByRole('group', { name: 'Photo de profil' });
  const button = picker.getByRole('button', { name: 'Choisir une photo' });
  await expect(button).toHaveAccessibleDescription('Images JPEG, PNG, GIF ou WebP — 5 Mo maximum');
  await expect(picker.getByText('Images JPEG, PNG, GIF ou WebP — 5 Mo maximum')).toBeVisible();
  // The browser's own input is out of sight (no 'Choose File' / 'No file chosen').
  const input = page.locator('input[type="file"]');
  await expect(input).toHaveCount(1);
  expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

  const upload = holdUploads();
  await page.route('**/content/api/upload', upload.handler);
  // The keyboard opens the picker as the mouse does.
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(picker.getByRole('img', { name: 'Aperçu de portrait.png' })).toBeVisible();
  const progress = picker.getByRole('progressbar', { name: 'Envoi de portrait.png' });
  await expect(progress).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Annuler l’envoi' })).toBeVisible();
  upload.release();
  await expect(progress).toHaveCount(0);
  await expect(picker.getByRole('img', { name: 'Photo de profil' })).toHaveAttribute('src', /^\/rest\/upload\/files\//);
  expect(upload.attempts()).toBe(1);
  await page.context().close();
});

test('the avatar refuses what is not an image, or too large, in French and before sending', async ({ browser, request }) => {
  // Five megabytes cross to the browser's file chooser slowly on a loaded machine.
  test.setTimeout(journeyTime(90_000));
  const account = await freshAccount(request);
  const page = await member(browser, account.email, '/profil', account.password);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/content/api/upload')) sent += 1;
  });
  const picker = page.getByRole('group', { name: 'Photo de profil' });
  const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Choisir une photo' }).click();
    await (await chooser).setFiles(file);
  };
  await choose({ name: 'releve.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(picker.getByRole('alert')).toHaveText('Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP.');
  await choose({ name: 'immense.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(picker.getByRole('alert')).toHaveText('Fichier trop volumineux : 5 Mo maximum pour une image.');
  // A refused file is not previewed: the current photo (a new account's initials) stays.
  await expect(picker.getByRole('img', { name: /^Aperçu/ })).toHaveCount(0);
  await expect(picker.getByRole('img', { name: 'Photo de profil' })).toBeVisible();
  // The picker and its refusal read well in both themes.
  await expectAccessible(page, 'main [role="group"]');
  await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
  await expectAccessible(page, 'main [role="group"]');
  await picker.getByRole('button', { name: 'Retirer immense.png' }).click();
  await expect(picker.getByRole('alert')).toHaveCount(0);
  expect(sent).toBe(0);
  await page.context().close();
});

test('a chat attachment whose upload fails once shows the error and goes on "Réessayer"; a dropped file is taken too', async ({ browser }) => {
  const vip = await member(browser, 'vip', '/chat?room=Crypto');
  await expect(vip).toHaveTitle(/ChatRoom Crypto/);
  const upload = holdUploads((route, attempt) => (attempt === 1 ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  await vip.route('**/rest/upload', upload.handler);
  const attach = vip.getByRole('button', { name: 'Joindre un fichier' });
  await expect(attach).toHaveAccessibleDescription(/^Images JPEG, PNG, GIF ou WebP \(10 Mo maximum\) ; documents PDF/);
  const chooser = vip.waitForEvent('filechooser');
  await attach.click();
  await (await chooser).setFiles({ name: 'graphique.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(vip.getByRole('progressbar', { name: 'Envoi de graphique.png' })).toBeVisible();
  upload.release();
  await expect(vip.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
  await expect(vip.getByRole('img', { name: 'Aperçu de graphique.png' })).toBeVisible();
  await expectAccessible(vip, 'form');
  await vip.getByRole('button', { name: 'Réessayer' }).click();
  await expect(vip.getByRole('button', { name: 'Retirer graphique.png' })).toBeVisible();
  await expect(vip.getByRole('alert').filter({ hasText: FAILED })).toHaveCount(0);
  expect(upload.attempts()).toBe(2);

  // A file dropped on the composer is uploaded as one chosen with the button.
  const form = vip.getByRole('textbox', { name: 'Votre message' }).locator('xpath=ancestor::form');
  const dropped = await vip.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'courbe.png', { type: 'image/png' }));
    return data;
  }, [...PNG_1x1]);
  await form.dispatchEvent('dragover', { dataTransfer: dropped });
  await form.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(vip.getByRole('button', { name: 'Retirer courbe.png' })).toBeVisible();

  const text = `Deux graphiques ${Date.now().toString(36)}`;
  await vip.getByRole('textbox', { name: 'Votre message' }).fill(text);
  await vip.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const row = vip.getByRole('log', { name: 'Messages' }).first().getByRole('article').filter({ hasText: text });
  await expect(row.getByRole('button', { name: 'graphique.png' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'courbe.png' })).toBeVisible();
  await vip.context().close();
});

test('a voice note uploads with its progress bar, and a failed upload is retried', async ({ browser }) => {
  const coach = await member(browser, 'coach', '/chat?room=Forex');
  await expect(coach).toHaveTitle(/ChatRoom Forex/);
  const upload = holdUploads((route, attempt) => (attempt === 1 ? route.abort('failed') : route.continue()));
  await coach.route('**/rest/upload', upload.handler);
  await coach.getByRole('button', { name: 'Enregistrer un message vocal' }).click();
  await expect(coach.getByRole('timer', { name: 'Enregistrement en cours' })).toHaveText('00:01', { timeout: paced(15_000) });
  await coach.getByRole('button', { name: 'Terminer l’enregistrement' }).click();
  const progress = coach.getByRole('progressbar', { name: 'Envoi de la note vocale' });
  await expect(progress).toBeVisible();
  upload.release();
  await expect(coach.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
  await coach.getByRole('button', { name: 'Réessayer' }).click();
  await expect(coach.getByRole('button', { name: /^Retirer note-vocale-00-0\d\.webm$/ })).toBeVisible();
  await expect(progress).toHaveCount(0);
  expect(upload.attempts()).toBe(2);
  await coach.context().close();
});

test('the alert form chooses its attachments with the French picker', async ({ browser }) => {
  const coach = await member(browser, 'coach', '/notification?room=Forex');
  await coach.getByRole('link', { name: 'Nouvelle notification' }).click();
  const form = coach.getByRole('dialog', { name: 'Nouvelle notification' });
  const picker = form.getByRole('group', { name: 'Pièces jointes' });
  await expect(picker.getByText(/^Images JPEG, PNG, GIF ou WebP \(10 Mo maximum\) ; vidéos MP4 ou WebM/)).toBeVisible();
  const chooser = coach.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Ajouter un fichier' }).click();
  await (await chooser).setFiles({ name: 'analyse.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
  await expect(form.getByRole('button', { name: 'Retirer analyse.pdf' })).toBeVisible();
  await form.getByRole('button', { name: 'Retirer analyse.pdf' }).click();
  await expect(form.getByRole('button', { name: 'Retirer analyse.pdf' })).toHaveCount(0);
  await coach.context().close();
});
