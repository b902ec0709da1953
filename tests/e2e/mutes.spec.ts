import { expect, test } from './fixtures';
import { composer, log, member, unique, toNewest } from './chat-room';
import { tokenOf } from './sign-in';
import { expectAccessible } from './axe';
import { journeyTime } from './pace';

/** Issue 22: a moderator mutes a member from one of their messages; the member's composer says until when at once, and their draft waits for the mute's end. */

test("a moderator's 'Rendre muet' for 10 min: the member's composer gives way to the mute's end at once; lifted, the draft is sent once", async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
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
    // Typing, not sent yet, when the mute comes.
    const during = unique('Pendant la sourdine');
    await composer(live).fill(during);
    await dialog.getByRole('radio', { name: '1 h' }).check();
    await dialog.getByRole('radio', { name: '10 min' }).check();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(coach.getByText('live ne pourra plus écrire pendant 10 min')).toBeVisible();

    // The member's composer says it at once, before anything is sent; what they were typing waits.
    await expect(live.getByRole('status').filter({ hasText: /^Vous ne pouvez plus écrire dans le chat jusqu’à \d\d:\d\d\.$/ })).toBeVisible();
    await expect(composer(live)).toHaveCount(0);
    await expect(log(coach).getByRole('article').filter({ hasText: during })).toHaveCount(0);

    // Lifted: the composer is back with the draft, and it leaves once.
    expect((await coach.request.delete(`/rest/chat/mutes/${liveId}`, { headers: { authorization: `Bearer ${coachToken}` } })).ok()).toBe(true);
    await expect(composer(live)).toHaveValue(during);
    await composer(live).press('Enter');
    await expect(log(coach).getByRole('article').filter({ hasText: during })).toHaveCount(1);
  } finally {
    await coach.request.delete(`/rest/chat/mutes/${liveId}`, { headers: { authorization: `Bearer ${coachToken}` } });
    await coach.context().close();
    await live.context().close();
  }
});
