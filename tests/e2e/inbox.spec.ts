import { expect, test, type Page } from './fixtures';
import { log, member, unique, postOverSocket } from './chat-room';
import { noSeriousViolation } from './content-host';
import { signedInPage, tokenOf } from './sign-in';
import { paced } from './pace';

test.describe.configure({ timeout: paced(90_000) });

const inboxButton = (page: Page) => page.getByRole('button', { name: /^Non lus/ });
const inboxDialog = (page: Page) => page.getByRole('dialog', { name: 'Non lus' });

test("'Non lus' lists a mention and the room across rooms, opens the mention in its room; a followed thread's reply shows a badge until opened", async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Indices');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  // `vip`'s read state exists on the server (their device fetched it) before `coach` writes.
  await expect.poll(async () => (await vip.request.get('/rest/chat/read-state', { headers: { authorization: `Bearer ${await tokenOf(vip.context())}` } })).status()).toBe(200);

  // `coach` names `vip` in Forex while `vip` reads Indices.
  const text = unique('Regarde ce niveau');
  await postOverSocket(coach, { room: 'forex' }, [`@vip ${text}`]);
  await expect(inboxButton(vip).getByLabel(/éléments? non lus?/)).toBeVisible();

  await inboxButton(vip).click();
  const dialog = inboxDialog(vip);
  await expect(dialog).toBeVisible();
  const mention = dialog.getByRole('button', { name: /coach vous a mentionné dans Forex/ }).filter({ hasText: text });
  await expect(mention).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Forex : \d+ nouveaux? messages?/ })).toBeVisible();
  await noSeriousViolation(vip, 'inbox');
  // By keyboard: Enter on the focused entry opens it.
  await mention.focus();
  await vip.keyboard.press('Enter');

  await expect(vip).toHaveTitle(/ChatRoom Forex/);
  await expect(vip.getByRole('region', { name: 'Forex' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(log(vip).getByText(text)).toBeVisible({ timeout: paced(15_000) });
  // Read in Forex: the mention leaves the inbox.
  await inboxButton(vip).click();
  await expect(inboxDialog(vip).getByRole('button', { name: /coach vous a mentionné/ }).filter({ hasText: text })).toHaveCount(0, { timeout: paced(10_000) });
  await vip.keyboard.press('Escape');

  // `vip` starts a thread in Indices; `coach` answers it: `vip` follows it by default.
  await vip.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: /^Indices/ }).click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  const question = unique('Une question');
  const parent = (await postOverSocket(vip, { room: 'indices' }, [question]))[0]!;
  await expect(log(vip).getByText(question)).toBeVisible();
  const answerText = unique('Une réponse');
  await postOverSocket(coach, { parentMessage: parent }, [answerText]);

  const threadsButton = vip.getByRole('button', { name: /^Fils de discussion/ });
  await expect(threadsButton.getByLabel('1 fil avec des réponses non lues')).toBeVisible();
  await threadsButton.click();
  const row = vip.getByRole('button', { name: new RegExp(question) });
  await expect(row.getByLabel('1 réponse non lue')).toBeVisible();
  // The inbox lists it too.
  await inboxButton(vip).click();
  await expect(inboxDialog(vip).getByRole('button', { name: /Fil suivi dans Indices : 1 nouvelle réponse/ })).toBeVisible();
  await vip.keyboard.press('Escape');

  await row.click();
  const thread = vip.getByRole('complementary', { name: 'Fil de discussion' });
  await expect(thread.getByText(answerText)).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Ne plus suivre le fil', exact: true })).toBeVisible();
  await expect(threadsButton.getByLabel(/fils? avec des réponses non lues/)).toHaveCount(0);

  // 'Ne plus suivre le fil', then 'Suivre le fil' again.
  await thread.getByRole('button', { name: 'Ne plus suivre le fil', exact: true }).click();
  await expect(thread.getByRole('button', { name: 'Suivre le fil', exact: true })).toBeVisible();
  await thread.getByRole('button', { name: 'Suivre le fil', exact: true }).click();
  await expect(thread.getByRole('button', { name: 'Ne plus suivre le fil', exact: true })).toBeVisible();

  for (const page of [vip, coach]) await page.context().close();
});

test("on a phone 'Non lus' is a full-screen sheet with 44 px entries", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  await page.goto('/chat?room=Indices');
  const { signIn } = await import('./sign-in');
  await signIn(page, 'vip');
  await expect(page).toHaveTitle(/ChatRoom Indices/);
  await expect.poll(async () => (await page.request.get('/rest/chat/read-state', { headers: { authorization: `Bearer ${await tokenOf(context)}` } })).status()).toBe(200);
  await postOverSocket(coach, { room: 'crypto' }, [`@vip ${unique('Sur mobile')}`]);
  await inboxButton(page).click();
  const dialog = inboxDialog(page);
  await expect(dialog.getByRole('button', { name: /coach vous a mentionné dans Crypto/ }).first()).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  expect(box.height).toBeGreaterThanOrEqual(800);
  const small = await dialog.locator('button').evaluateAll((buttons) =>
    buttons.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 1 && (r.height < 43.5 || r.width < 43.5)).length,
  );
  expect(small).toBe(0);
  await noSeriousViolation(page, 'inbox (phone)');
  await context.close();
  await coachContext.close();
});
