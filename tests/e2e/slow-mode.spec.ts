import { expect, test } from './fixtures';
import { composer, log, member, unique, toNewest } from './chat-room';
import { tokenOf } from './sign-in';
import { paced, journeyTime } from './pace';

/** Issue 22: a moderator slows a room down; a member's composer shows the pace and the wait, and the server holds the second message until it is over. */

test('slow mode: set by the coach, shown to the member live, the next message waits its turn and arrives once', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const coach = await member(browser, 'coach', 'Crypto');
  await toNewest(coach);
  const vip = await member(browser, 'vip', 'Crypto');
  await toNewest(vip);
  // Whatever happens below, Crypto is not left slowed down for the journeys after this one.
  const token = await tokenOf(coach.context());
  const reset = () => coach.request.post('/rest/chat/rooms/crypto/slow_mode', { data: { seconds: 0 }, headers: { authorization: `Bearer ${token}` } });
  try {
    // A member has no control of it.
    await expect(vip.getByRole('combobox', { name: 'Mode lent' })).toHaveCount(0);

    const pace = coach.getByRole('combobox', { name: 'Mode lent' });
    await pace.selectOption({ label: 'Un message toutes les 10 s' });
    await expect(coach.getByText('Mode lent activé dans Crypto : un message toutes les 10 s')).toBeVisible();
    await expect(vip.getByRole('status').filter({ hasText: 'Mode lent : un message toutes les 10 s' })).toBeVisible();

    const [first, second] = [unique('Premier avis'), unique('Second avis')];
    const send = async (text: string) => {
      await composer(vip).fill(text);
      await composer(vip).press('Enter');
    };
    await send(first);
    await expect(log(coach).getByRole('article').filter({ hasText: first })).toBeVisible();
    await expect(vip.getByRole('status').filter({ hasText: /Mode lent : prochain message possible dans \d+ s/ })).toBeVisible();
    const sentAt = Date.now();
    await send(second);
    // Held by the server until the wait is over, then delivered once.
    await expect(log(coach).getByRole('article').filter({ hasText: second })).toBeVisible({ timeout: paced(20_000) });
    expect(Date.now() - sentAt).toBeGreaterThan(5_000);
    await expect(log(coach).getByRole('article').filter({ hasText: second })).toHaveCount(1);
    await expect(log(vip).locator('article[data-id]').filter({ hasText: second })).toHaveCount(1);

    await pace.selectOption({ label: 'Désactivé' });
    await expect(vip.getByText(/Mode lent/)).toHaveCount(0);
  } finally {
    await reset();
    await coach.context().close();
    await vip.context().close();
  }
});
