import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { composer, log, member, toNewest } from './chat-room';
import { tokenOf } from './sign-in';
import { journeyTime } from './pace';

/** Issue 22: a moderator lists a room's blocked and held words; a member's post is refused or waits for the moderator, who lets it through. */

test('keyword filter: the coach lists a blocked and a held word; the member is refused the first, the second waits until the coach lets it through', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const coach = await member(browser, 'coach', 'Indices');
  await toNewest(coach);
  const vip = await member(browser, 'vip', 'Indices');
  await toNewest(vip);
  const tag = Date.now().toString(36);
  const [blocked, held] = [`interdit${tag}`, `douteux${tag}`];
  // Whatever happens below, Indices is not left filtered for the journeys after this one.
  const token = await tokenOf(coach.context());
  const reset = () => coach.request.put('/rest/chat/rooms/indices/keyword_filters', { data: { rules: [] }, headers: { authorization: `Bearer ${token}` } });
  try {
    // A member has no control of it.
    await expect(vip.getByRole('button', { name: 'Filtre de mots' })).toHaveCount(0);

    await coach.getByRole('button', { name: 'Filtre de mots' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Filtre de mots · Indices' });
    await expect(dialog.getByText('Aucun mot filtré dans cette room.')).toBeVisible();
    const word = dialog.getByRole('textbox', { name: 'Mot ou expression' });
    // Refused on the spot, kept to be corrected.
    await word.fill('x');
    await word.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Un mot filtré compte de 2 à 60 caractères.');
    await word.fill(blocked.toUpperCase());
    await word.press('Enter');
    await expect(word).toHaveValue('');
    await word.fill(held);
    await dialog.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Retenir pour validation' });
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog.getByRole('listitem')).toHaveText([`${blocked.toUpperCase()} · Bloquer`, `${held} · Retenir pour validation`]);
    await expectAccessible(coach, 'dialog[open]');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(coach.getByText('Filtre de mots enregistré pour Indices')).toBeVisible();
    await expect(dialog).toBeHidden();

    const send = async (text: string) => {
      await composer(vip).fill(text);
      await composer(vip).press('Enter');
    };
    // Blocked whatever its case: refused, said on the member's own row, never shown to others.
    const refusedText = `Voici un mot ${blocked} en passant`;
    await send(refusedText);
    await expect(log(vip).getByRole('alert').filter({ hasText: 'Ce message contient un mot interdit dans cette room.' })).toBeVisible();
    // Held: the member sees it wait; the coach's queue counts it live.
    const heldText = `Un avis ${held.toUpperCase()} à valider`;
    await send(heldText);
    await expect(log(vip).getByRole('article').filter({ hasText: heldText }).getByRole('status')).toHaveText('En attente de validation par un modérateur');
    const queueButton = coach.getByRole('button', { name: 'Modération' });
    await expect(queueButton.getByLabel(/1 message retenu en attente/)).toBeVisible();
    await expect(log(coach).getByRole('article').filter({ hasText: heldText })).toHaveCount(0);
    await expect(log(coach).getByRole('article').filter({ hasText: refusedText })).toHaveCount(0);

    await queueButton.click();
    const queue = coach.getByRole('dialog', { name: 'Modération' });
    await queue.getByRole('tab', { name: /Messages retenus/ }).click();
    const entry = queue.getByRole('article').filter({ hasText: heldText });
    await expect(entry).toContainText(`Retenu pour « ${held} »`);
    await expect(entry).toContainText('Indices · vip');
    await expectAccessible(coach, 'dialog[open]');
    await entry.getByRole('button', { name: 'Valider' }).click();
    await expect(coach.getByText('Le message a été publié')).toBeVisible();
    await expect(queue.getByText('Aucun message retenu')).toBeVisible();
    // Both acts are on record, with their author.
    await queue.getByRole('tab', { name: 'Journal' }).click();
    await expect(queue.getByText(`coach a validé un message retenu de vip dans Indices : ${held}`)).toBeVisible();
    await expect(queue.getByText(`coach a modifié le filtre de mots dans Indices : ${blocked.toUpperCase()} (Bloquer), ${held} (Retenir pour validation)`)).toBeVisible();
    await queue.getByRole('button', { name: 'Fermer' }).first().click();

    // Let through: in both logs once, under the member's name; the member's waiting row is gone.
    await expect(log(coach).getByRole('article').filter({ hasText: heldText })).toHaveCount(1);
    await expect(log(vip).locator('article[data-id]').filter({ hasText: heldText })).toHaveCount(1);
    await expect(log(vip).getByText('En attente de validation par un modérateur')).toHaveCount(0);
  } finally {
    await reset();
    await coach.context().close();
    await vip.context().close();
  }
});
