import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { member, toNewest, unique } from './chat-room';
import { signedInPage } from './sign-in';
import { journeyTime } from './pace';

/** Issue 22: a coach keeps Forex beside Crypto on a wide screen, posts in both, and finds them so after a reload. */

test('rooms side by side: the coach pins Forex, opens Crypto beside it, posts in both; the member sees both; the layout survives a reload', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const coach = await signedInPage(context, 'coach', '/chat?room=Forex');
  await expect(coach).toHaveTitle(/ChatRoom Forex/);
  const vip = await member(browser, 'vip', 'Forex');
  await toNewest(vip);
  const column = (name: string) => coach.getByRole('region', { name: 'Rooms côte à côte' }).getByRole('region', { name, exact: true });
  try {
    await coach.getByRole('button', { name: 'Garder en colonne' }).click();
    await coach.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Crypto/ }).click();
    await expect(coach).toHaveTitle(/ChatRoom Crypto/);
    // Crypto is the current room (its title is the page's), Forex stays beside it.
    await expect(column('Crypto').getByRole('heading', { level: 1, name: 'Crypto' })).toBeVisible();
    await expect(column('Forex').getByRole('heading', { level: 2, name: 'Forex' })).toBeVisible();
    await expectAccessible(coach, 'main');

    const [inForex, inCrypto] = [unique('Forex : EUR/USD au-dessus de 1,09'), unique('Crypto : BTC teste 60k')];
    for (const [name, text] of [
      ['Forex', inForex],
      ['Crypto', inCrypto],
    ] as const) {
      const box = column(name).getByRole('textbox', { name: 'Votre message' });
      await box.fill(text);
      await box.press('Enter');
      await expect(column(name).getByRole('log', { name: 'Messages' }).locator('article[data-id]').filter({ hasText: text })).toBeVisible();
    }
    // Each went to its own room, once.
    await expect(vip.getByRole('log', { name: 'Messages' }).first().getByRole('article').filter({ hasText: inForex })).toHaveCount(1);
    await vip.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Crypto/ }).click();
    await expect(vip.getByRole('log', { name: 'Messages' }).first().getByRole('article').filter({ hasText: inCrypto })).toHaveCount(1);
    await expect(vip.getByRole('log', { name: 'Messages' }).first().getByRole('article').filter({ hasText: inForex })).toHaveCount(0);
    // A column's room shows no badge: it is on screen.
    await expect(coach.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Forex/ }).getByLabel(/nouveaux? messages?$/)).toHaveCount(0);

    // Kept on this device for this member.
    await coach.reload();
    await expect(column('Forex').getByRole('heading', { level: 2, name: 'Forex' })).toBeVisible();
    await expect(column('Forex').getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: inForex })).toBeVisible();

    await coach.getByRole('button', { name: 'Fermer la colonne Forex' }).click();
    await expect(coach.getByRole('region', { name: 'Rooms côte à côte' })).toHaveCount(0);
    await expect(coach.getByRole('heading', { level: 1, name: 'Crypto' })).toBeVisible();
  } finally {
    await context.close();
    await vip.context().close();
  }
});

test('pop-out: a room opens in its own window that stays in step with the main one, both ways, each message once', async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const main = await signedInPage(context, 'coach', '/chat?room=Indices');
  await expect(main).toHaveTitle(/ChatRoom Indices/);
  const [popup] = await Promise.all([context.waitForEvent('page'), main.getByRole('button', { name: 'Ouvrir dans une fenêtre' }).click()]);
  try {
    await expect(popup).toHaveTitle(/ChatRoom Indices/);
    const logOf = (page: typeof main) => page.getByRole('log', { name: 'Messages' }).first();
    await expect(logOf(popup).getByRole('article').first()).toBeVisible();
    await expectAccessible(popup, 'main, section');

    const fromPopup = unique('Depuis la fenêtre : DAX 18 100');
    await popup.getByRole('textbox', { name: 'Votre message' }).fill(fromPopup);
    await popup.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(logOf(main).locator('article[data-id]').filter({ hasText: fromPopup })).toHaveCount(1);
    const fromMain = unique('Depuis la page : DAX 18 150');
    await main.getByRole('textbox', { name: 'Votre message' }).fill(fromMain);
    await main.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(logOf(popup).locator('article[data-id]').filter({ hasText: fromMain })).toHaveCount(1);
    await expect(logOf(popup).locator('article[data-id]').filter({ hasText: fromPopup })).toHaveCount(1);

    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Fermer la fenêtre' }).click()]);
  } finally {
    await context.close();
  }
});
