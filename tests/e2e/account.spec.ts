import { expect, test } from './fixtures';
import { freshAccount, signedIn } from './accounts';
import { CONTACT_SUBJECTS } from '../../src/contract/account';
import { signIn } from './sign-in';
import { paced } from './pace';

test("the profile's 'Valider' saves its fields, refuses an empty first name or pseudo, and sends the pseudo only when changed", async ({ page, request }) => {
  const account = await freshAccount(request, 'profil');
  await signedIn(page, account.email, account.password, '/profil');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await page.getByLabel('Prénom').fill('');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez renseigner votre prénom');
  await page.getByLabel('Prénom').fill('Lucie');
  await page.getByLabel('Pseudo').fill(' ');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez renseigner votre pseudo');
  await page.getByLabel('Pseudo').fill(account.username);
  await page.getByLabel('Bio').fill('Trader sur indices.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/content/api/user/update') && r.method() === 'PUT');
  await page.getByRole('button', { name: 'Valider' }).click();
  expect((await sent).postDataJSON()).not.toHaveProperty('username');
  await expect(page.getByText('Votre profil a été mis à jour')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Prénom')).toHaveValue('Lucie');
  await expect(page.getByLabel('Bio')).toHaveValue('Trader sur indices.');
  const renamed = page.waitForRequest((r) => r.url().endsWith('/content/api/user/update') && r.method() === 'PUT');
  await page.getByLabel('Pseudo').fill(`${account.username}2`);
  await page.getByRole('button', { name: 'Valider' }).click();
  expect((await renamed).postDataJSON()).toMatchObject({ username: `${account.username}2` });
});

test('the password change: its rules, then the new password signs in and the old one does not', async ({ page, request, browser }) => {
  const account = await freshAccount(request, 'secu');
  // Another session of the same member, which the change must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedIn(otherPage, account.email, account.password);

  await signedIn(page, account.email, account.password, '/profil/security');
  const form = page.getByRole('form', { name: 'Changer de mot de passe' });
  await form.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Ces 3 champs sont requis');
  await form.getByLabel('Mot de passe actuel').fill(account.password);
  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveaumdp2');
  await form.getByLabel('Confirmer le nouveau mot de passe').fill('autrechose3');
  await form.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Les deux nouveaux mot de passe ne sont pas identiques');
  await form.getByLabel('Confirmer le nouveau mot de passe').fill('nouveaumdp2');
  await form.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié')).toBeVisible();
  // This session carries on; the other one is signed out at its next check.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sécurité' })).toBeVisible();
  // Its socket closed by the server, the other page may be on its way to the sign-in page by itself:
  // its own navigation then aborts the reload, and both end on 'Connexion'.
  await otherPage.reload().catch((error: unknown) => {
    if (!String(error).includes('ERR_ABORTED')) throw error;
  });
  await expect(otherPage.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await other.close();
});

test("'Se déconnecter de tous les appareils' asks first, then signs out this browser and, by itself, the member's other one", async ({ page, request, browser }) => {
  const account = await freshAccount(request, 'partout');
  // The member's other browser: its socket is closed by the server and refused again.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedIn(otherPage, account.email, account.password);

  await signedIn(page, account.email, account.password, '/profil/security');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
  const question = page.getByRole('dialog', { name: /Fermer toutes vos sessions/ });
  await question.getByRole('button', { name: 'Non' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sécurité' })).toBeVisible();
  await sessions.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
  await question.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // No reload: the other browser signs itself out once its socket is refused.
  await expect(otherPage.getByRole('heading', { name: 'Connexion' })).toBeVisible({ timeout: paced(10_000) });
  // The password still signs in: a new session.
  await signIn(page, account.email, account.password);
  await other.close();
});

test("deleting the account from the profile asks twice, signs out, and the account cannot sign in again", async ({ page, request }) => {
  const account = await freshAccount(request, 'adieu');
  await signedIn(page, account.email, account.password, '/profil');
  // 'Non' at either question keeps the account.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await page.getByRole('dialog', { name: 'Voulez-vous vraiment supprimer votre compte ?' }).getByRole('button', { name: 'Non' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await page.getByRole('dialog', { name: 'Voulez-vous vraiment supprimer votre compte ?' }).getByRole('button', { name: 'Oui' }).click();
  // The second question asks the password again: a wrong one is refused, the account stays.
  const last = page.getByRole('dialog', { name: 'Attention la suppression est définitive, êtes-vous sûr ?' });
  await last.getByLabel('Votre mot de passe').fill('pas-le-bon-1');
  await last.getByRole('button', { name: 'Oui' }).click();
  await expect(last.getByRole('alert')).toHaveText('Mot de passe incorrect');
  await last.getByLabel('Votre mot de passe').fill(account.password);
  await last.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByLabel('E-mail ou pseudo').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ces informations ne sont pas valides' })).toBeVisible();
});

test('contact: a subject from the list, name and e-mail locked to the account, every field required, then the message is sent', async ({ page, request }) => {
  await signedIn(page, 'live@comptoir.test', 'comptoir123', '/contact');
  const form = page.getByRole('form', { name: 'Contact' });
  const subject = form.getByRole('combobox', { name: 'Sujet' });
  await expect(form.getByLabel('E-mail')).toHaveValue('live@comptoir.test');
  await expect(form.getByLabel('Nom')).not.toHaveValue('');
  for (const locked of [form.getByLabel('E-mail'), form.getByLabel('Nom')]) {
    await expect(locked).toHaveAttribute('readonly', '');
    await locked.press('End');
    await page.keyboard.type('xyz');
    await expect(locked).not.toHaveValue(/xyz$/);
  }
  await form.getByRole('button', { name: 'Envoyer' }).click();
  // The two empty fields say it, each under itself.
  await expect(form.getByRole('alert')).toHaveText(['Ce champs est requis', 'Ce champs est requis']);
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  const options = await subject.getByRole('option').allInnerTexts();
  // The list the server accepts, no other (the server refuses any other subject).
  expect(options.slice(1)).toEqual([...CONTACT_SUBJECTS]);
  await subject.selectOption('Lives et replays');
  await form.getByLabel('Message', { exact: true }).fill('Bonjour, à quelle heure commence la session US ?');
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Votre message a bien été envoyé')).toBeVisible();
  await expect(subject).toHaveValue('');
  const mailbox = (await (await request.get('/content/dev/mailbox.json')).json()) as { subject: string; text: string }[];
  const mail = mailbox.find((m) => m.subject === '[Contact] Lives et replays' && m.text.includes('session US'));
  expect(mail?.text).toContain('<live@comptoir.test>');
});

test('forgot password: unknown address refused, then the e-mailed code resets the password', async ({ page, request }) => {
  const account = await freshAccount(request, 'oubli');
  await page.goto('/');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await page.getByLabel('Adresse e-mail').fill('personne@comptoir.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('alert')).toHaveText("Nous n'avons trouvé aucun compte qui correspond à cette adresse e-mail");
  await page.getByLabel('Adresse e-mail').fill(account.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Un email vous a été envoyé pour réinitialiser votre mot de passe' })).toBeVisible();

  const mailbox = (await (await request.get('/content/dev/mailbox.json')).json()) as { to: string; text?: string; body?: string; html?: string }[];
  const mail = mailbox.find((m) => m.to === account.email && /reset_password\?code=/.test(JSON.stringify(m)));
  expect(mail).toBeDefined();
  const link = /\/reset_password\?code=([\w-]+)/.exec(JSON.stringify(mail))!;
  await page.goto(`/reset_password?code=${link[1]}`);
  await page.getByLabel('Nouveau mot de passe').fill('retrouve42');
  await page.getByLabel('Confirmer le mot de passe').fill('autre');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas');
  await page.getByLabel('Confirmer le mot de passe').fill('retrouve42');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
});

test('e-mail confirmation: a missing or wrong code is invalid', async ({ page }) => {
  await page.goto('/confirm_email');
  await expect(page.getByRole('alert')).toHaveText('Code invalide');
  await page.goto('/confirm_email?confirmation=mauvais-code');
  await expect(page.getByRole('alert')).toHaveText('Code invalide');
});

test('notification preferences: the matrix of the spec (Mobile, E-mail, Web; general, rooms, the global keys) is saved and read back', async ({ page, request }) => {
  const account = await freshAccount(request, 'notif');
  await signedIn(page, account.email, account.password, '/profil/notif');
  await expect(page.getByRole('heading', { name: 'Préférences de notification' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Notification', 'Mobile', 'E-mail', 'Web']);
  // A fresh member reads no room yet: general, then the global keys, new-post hidden.
  await expect(table.getByRole('rowheader')).toHaveText([
    'Notifications générales',
    'Message privé',
    'J’aime sur mes messages',
    'Réponse dans un fil de discussion',
    'Commentaire sur une notification que j’ai commentée',
    'Mention de mon pseudo',
  ]);
  const box = page.getByRole('checkbox', { name: 'Mention de mon pseudo — E-mail' });
  const before = await box.isChecked();
  await box.click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mise à jour effectuée')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mention de mon pseudo — E-mail' })).toBeChecked({ checked: !before });
  await expect(page.getByRole('checkbox', { name: /Nouvelle publication/ })).toHaveCount(0);
});

test('notification preferences of a subscriber: a row per room read, and the coaches to follow', async ({ page }) => {
  await signedIn(page, 'live@comptoir.test', 'comptoir123', '/profil/notif');
  const rows = page.getByRole('table').getByRole('rowheader');
  await expect(rows.filter({ hasText: /^Room / })).toHaveText(['Room ALL', 'Room Forex', 'Room Indices', 'Room Crypto']);
  const coaches = page.getByRole('group', { name: 'Coachs suivis' });
  await expect(coaches.getByRole('checkbox')).toHaveCount(2);
  await coaches.getByRole('checkbox', { name: 'coach' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mise à jour effectuée')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Coachs suivis' }).getByRole('checkbox', { name: 'coach' })).toBeChecked();
});

test('web notifications: the service worker is served, and a refused permission is explained while the choice is saved', async ({ page, request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(await worker.text()).toContain('notificationclick');

  const account = await freshAccount(request, 'pushrefus');
  await signedIn(page, account.email, account.password, '/profil/notif');
  const web = page.getByRole('checkbox', { name: 'Notifications générales — Web' });
  await expect(web).toBeChecked();
  await web.click();
  await expect(page.getByRole('status')).toHaveCount(0);
  // Turned back on: the browser is asked, and (no permission granted to this context) refuses.
  await web.click();
  await expect(page.getByRole('status')).toHaveText(
    'Votre navigateur bloque les notifications de Comptoir : autorisez-les dans les réglages du site pour les recevoir. Votre choix reste enregistré.',
  );
  await page.getByRole('checkbox', { name: 'Mention de mon pseudo — Web' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mise à jour effectuée')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Notifications générales — Web' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Mention de mon pseudo — Web' })).not.toBeChecked();
});

test("the payout account link: 'Paramètre manquant' without a code, the server's refusal, then the account linked", async ({ page, request }) => {
  const account = await freshAccount(request, 'connect');
  await signedIn(page, account.email, account.password, '/stripe_connect');
  await expect(page.getByRole('heading', { name: 'Compte de paiement' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Paramètre manquant');
  await expect(page.getByText('Cette page sera bientôt disponible')).toHaveCount(0);
  await page.goto('/stripe_connect?code=ac_court');
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien de compte de paiement est invalide ou a expiré : recommencez la liaison depuis votre parrainage.',
  );
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rest/settings/set_stripe_connect')) calls.push(r.postData() ?? '');
  });
  await page.goto('/stripe_connect?code=ac_DepuisStripe42');
  await expect(page.getByRole('status')).toHaveText('Votre compte de paiement est lié : vos gains de parrainage y seront versés.');
  await expect(page.getByRole('link', { name: 'Voir mon parrainage' })).toHaveAttribute('href', '/profil/parrainage');
  expect(calls).toEqual([JSON.stringify({ code: 'ac_DepuisStripe42' })]);
});
