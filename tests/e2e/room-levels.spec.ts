import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { member, postOverSocket, unique } from './chat-room';
import { signedInPage, tokenOf } from './sign-in';
import { journeyTime } from './pace';

/** Issue 22: a member's notification level per room, chosen on a phone, kept on their other devices, shown in the room list. */

test('notification levels: a member mutes Indices on the phone, their desktop follows live; at Mentions a busy room shows a dot, not a count', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await signedInPage(phoneContext, 'vip', '/chat?room=Indices');
  await expect(phone).toHaveTitle(/ChatRoom Indices/);
  const desktop = await member(browser, 'vip', 'Forex');
  const coach = await member(browser, 'coach', 'Forex');
  const token = await tokenOf(desktop.context());
  const reset = () => desktop.request.put('/rest/chat/rooms/indices/notification_level', { data: { level: 'all' }, headers: { authorization: `Bearer ${token}` } });
  try {
    const indicesButton = desktop.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Indices/ });
    await expect(indicesButton.getByRole('img', { name: 'Notifications coupées' })).toHaveCount(0);

    // On the phone: the room header's bell, the four levels, 'Rien'.
    await phone.getByRole('button', { name: 'Notifications de la room' }).tap();
    const dialog = phone.getByRole('dialog', { name: 'Notifications de Indices' });
    await expect(dialog.getByRole('radio', { name: /^Tout/ })).toBeChecked();
    for (const level of ['Mentions', 'Coachs seulement', 'Rien']) await expect(dialog.getByRole('radio', { name: new RegExp(`^${level}`) })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(phone, 'dialog[open]');
    await dialog.getByRole('radio', { name: /^Rien/ }).check();
    await save.tap();
    await expect(phone.getByText('Notifications de Indices : Rien')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The desktop follows without a reload: Indices shows a crossed bell, and no count whatever is posted there.
    await expect(indicesButton.getByRole('img', { name: 'Notifications coupées' })).toBeVisible();
    await postOverSocket(coach, { room: 'indices' }, [unique('Volatilité implicite en hausse')]);
    await expect(indicesButton.getByLabel(/nouveaux? messages?/)).toHaveCount(0);

    // At 'Mentions', a dot says something is new, not how much.
    await desktop.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Indices/ }).click();
    await expect(desktop).toHaveTitle(/ChatRoom Indices/);
    await desktop.getByRole('button', { name: 'Notifications de la room' }).click();
    const desktopDialog = desktop.getByRole('dialog', { name: 'Notifications de Indices' });
    await expect(desktopDialog.getByRole('radio', { name: /^Rien/ })).toBeChecked();
    await desktopDialog.getByRole('radio', { name: /^Mentions/ }).check();
    await desktopDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(desktop.getByText('Notifications de Indices : Mentions')).toBeVisible();
    await desktop.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Forex/ }).click();
    await expect(desktop).toHaveTitle(/ChatRoom Forex/);
    await postOverSocket(coach, { room: 'indices' }, [unique('Put 18 000'), unique('Call 18 500')]);
    await expect(indicesButton.getByRole('img', { name: 'Nouveaux messages' })).toBeVisible();
    await expect(indicesButton.getByLabel(/nouveaux? messages?$/)).toHaveCount(0);
  } finally {
    await reset();
    await phoneContext.close();
    await desktop.context().close();
    await coach.context().close();
  }
});

test("in-app notice: a mention in another room says so with 'Ouvrir', which opens the room at the message; at 'Rien' nothing is said", async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const vip = await member(browser, 'vip', 'Forex');
  const coach = await member(browser, 'coach', 'Forex');
  const token = await tokenOf(vip.context());
  const setLevel = (level: string) => vip.request.put('/rest/chat/rooms/crypto/notification_level', { data: { level }, headers: { authorization: `Bearer ${token}` } });
  try {
    const text = unique('@vip le BTC casse');
    const [id] = await postOverSocket(coach, { room: 'crypto' }, [text]);
    const notice = vip.getByRole('listitem').filter({ hasText: 'Nouvelle mention dans Crypto' });
    await expect(notice).toContainText(`coach : ${text}`);
    await notice.getByRole('button', { name: 'Ouvrir' }).click();
    await expect(vip).toHaveTitle(/ChatRoom Crypto/);
    await expect(vip.getByRole('log', { name: 'Messages' }).first().locator(`[data-id="${id}"]`)).toBeVisible();

    // Back in Forex with Crypto at 'Rien': a mention there says nothing.
    expect((await setLevel('none')).ok()).toBe(true);
    await vip.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Forex/ }).click();
    await expect(vip).toHaveTitle(/ChatRoom Forex/);
    await expect(vip.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /Crypto/ }).getByRole('img', { name: 'Notifications coupées' })).toBeVisible();
    await postOverSocket(coach, { room: 'crypto' }, [unique('@vip encore')]);
    // A mention in Indices (at 'Tout') is said: the one before it in Crypto never was.
    await postOverSocket(coach, { room: 'indices' }, [unique('@vip et le DAX')]);
    await expect(vip.getByRole('listitem').filter({ hasText: 'Nouvelle mention dans Indices' })).toBeVisible();
    await expect(vip.getByRole('listitem').filter({ hasText: '@vip encore' })).toHaveCount(0);
  } finally {
    await setLevel('all');
    await vip.context().close();
    await coach.context().close();
  }
});
