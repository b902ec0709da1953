import { expect, test } from './fixtures';
import { composer, log, member, unique, toNewest } from './chat-room';
import { tokenOf } from './sign-in';
import { expectAccessible } from './axe';

/** Issue 22: a moderator mutes a member from one of their messages; the member's next message is refused with the mute's end, kept unsent. */

test("a moderator's 'Rendre muet' for 10 min: the member's next message is not sent, with the mute's end; nothing is lost", async ({ browser }) => {
  test.setTimeout(90_000);
  const coach = await member(browser, 'coach', 'Forex');
  await toNewest(coach);
  const live = await member(browser, 'live', 'Forex');
  await toNewest(live);
  const liveToken = await tokenOf(live.context());
  const liveId = (JSON.parse(Buffer.from(liveToken.split('.')[1]!, 'base64url').toString()) as { id: number }).id;
  const coachToken = await tokenOf(coach.context());
  try {
    const before = unique('Avant la sourdine');
    await composer(live).fill(before);
    await composer(live).press('Enter');
    const row = log(coach).getByRole('article').filter({ hasText: before });
    await expect(row).toBeVisible();
    // Members have no such action.
    await expect(log(live).getByRole('button', { name: 'Rendre muet' })).toHaveCount(0);

    await row.getByRole('button', { name: 'Rendre muet' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Rendre live muet' });
    await expect(dialog.getByRole('radio', { name: '10 min' })).toBeChecked();
    await expectAccessible(coach, 'dialog[open]');
    await dialog.getByRole('radio', { name: '1 h' }).check();
    await dialog.getByRole('radio', { name: '10 min' }).check();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(coach.getByText('live ne pourra plus écrire pendant 10 min')).toBeVisible();

    const during = unique('Pendant la sourdine');
    await composer(live).fill(during);
    await composer(live).press('Enter');
    await expect(log(live).getByText(/Non envoyé : Vous ne pouvez plus écrire dans le chat jusqu’à \d\d:\d\d\./)).toBeVisible();
    await expect(log(coach).getByRole('article').filter({ hasText: during })).toHaveCount(0);
  } finally {
    await coach.request.delete(`/rest/chat/mutes/${liveId}`, { headers: { authorization: `Bearer ${coachToken}` } });
    await coach.context().close();
    await live.context().close();
  }
});
