import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { log, member, postOverSocket, unique, toNewest } from './chat-room';
import { journeyTime } from './pace';

/** Issue 22: 'Signaler' sends a report with its reason; a moderator's queue shows it live and acts on it. */

test("a member reports a message with its reason; the moderator's queue shows it live, opens it, classes one and deletes the other", async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const coach = await member(browser, 'coach', 'Indices');
  await toNewest(coach);
  const vip = await member(browser, 'vip', 'Forex');
  await toNewest(vip);
  const live = await member(browser, 'live', 'Forex');
  await toNewest(live);
  const [scam, rude] = [unique('Signal garanti, écrivez-moi en privé'), unique('Propos déplacés')];
  const [, rudeId] = await postOverSocket(live, { room: 'forex' }, [scam, rude]);

  // Only moderators have the queue.
  await expect(vip.getByRole('button', { name: 'Modération' })).toHaveCount(0);
  const queueButton = coach.getByRole('button', { name: 'Modération' });
  await expect(queueButton).toBeVisible();

  const report = async (text: string, reason: string, words?: string) => {
    const row = log(vip).getByRole('article').filter({ hasText: text });
    await row.getByRole('button', { name: 'Signaler' }).click();
    const dialog = vip.getByRole('dialog', { name: 'Confirmez-vous le signalement de ce message ?' });
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choisissez le motif du signalement.');
    await dialog.getByRole('radio', { name: reason }).check();
    if (words) await dialog.getByRole('textbox', { name: 'Précisions (facultatif)' }).fill(words);
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(dialog).toBeHidden();
  };
  await report(scam, 'Arnaque ou sollicitation', 'Il demande de l’argent en privé');
  await expect(vip.getByText('Merci pour votre signalement. Notre équipe va examiner ce message.')).toBeVisible();
  // The second: while it is being written, the room moves on and its row leaves the log (sixty newer
  // rows past the list's window): the dialog stays with what was chosen and typed, and is sent.
  await log(vip).getByRole('article').filter({ hasText: rude }).getByRole('button', { name: 'Signaler' }).click();
  const dialog = vip.getByRole('dialog', { name: 'Confirmez-vous le signalement de ce message ?' });
  await dialog.getByRole('radio', { name: 'Harcèlement ou propos haineux' }).check();
  await dialog.getByRole('textbox', { name: 'Précisions (facultatif)' }).fill('Insultes répétées');
  const flood = Array.from({ length: 60 }, (_, i) => `${unique('Suite du direct')} n°${i + 1}`);
  await postOverSocket(coach, { room: 'forex' }, flood);
  await expect(log(vip).getByText(flood[59]!, { exact: true })).toBeVisible();
  await expect(vip.locator(`article[data-id="${rudeId}"]`)).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Harcèlement ou propos haineux' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Précisions (facultatif)' })).toHaveValue('Insultes répétées');
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(dialog).toBeHidden();

  // The moderator's count moved without a reload; the queue lists both, newest first.
  await expect(queueButton.getByLabel('2 signalements en attente')).toBeVisible();
  await queueButton.click();
  const queue = coach.getByRole('dialog', { name: 'Modération' });
  const scamEntry = queue.getByRole('article').filter({ hasText: scam });
  await expect(scamEntry).toContainText('Forex · 1 signalement');
  await expect(scamEntry).toContainText('Arnaque ou sollicitation (1)');
  await expect(scamEntry).toContainText('« Il demande de l’argent en privé »');
  await expect(scamEntry).toContainText('Signalé par vip');
  await expectAccessible(coach, 'dialog[open]');

  // 'Aller au message' opens Forex at it.
  await scamEntry.getByRole('button', { name: 'Aller au message' }).click();
  await expect(coach).toHaveTitle(/ChatRoom Forex/);
  await expect(log(coach).locator('[data-jumped]').filter({ hasText: scam })).toBeVisible();

  await queueButton.click();
  await queue.getByRole('article').filter({ hasText: scam }).getByRole('button', { name: 'Classer sans suite' }).click();
  await expect(coach.getByText('Le signalement a été classé sans suite')).toBeVisible();
  await expect(queue.getByRole('article').filter({ hasText: scam })).toHaveCount(0);
  await expect(log(coach).getByRole('article').filter({ hasText: rude })).toBeAttached();
  await queue.getByRole('article').filter({ hasText: rude }).getByRole('button', { name: 'Supprimer le message' }).click();
  await coach.getByRole('dialog', { name: 'Confirmez-vous la suppression de ce message ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(queue.getByText('Aucun signalement en attente')).toBeVisible();
  // The deleted message leaves the log (the coach's, opened at the first report, holds both); the classed one stays.
  await expect(log(coach).getByRole('article').filter({ hasText: rude })).toHaveCount(0);
  await expect(log(coach).getByRole('article').filter({ hasText: scam })).toBeAttached();
  for (const page of [coach, vip, live]) await page.context().close();
});
