import { expect, test, type Page } from './fixtures';
import { composer, log, member, toNewest, unique, postOverSocket } from './chat-room';
import { signedInPage, tokenOf } from './sign-in';
import { paced } from './pace';

// Three browsers signed in per journey: more than the default 30 s on this machine.
test.describe.configure({ timeout: paced(90_000) });

const rooms = (page: Page) => page.getByRole('navigation', { name: 'Rooms' });
const roomButton = (page: Page, name: string) => rooms(page).getByRole('button', { name: new RegExp(`^${name}`) });

/** The member's unread count in a room, as the server keeps it. */
async function unreadIn(page: Page, room: string): Promise<number | undefined> {
  const response = await page.request.get('/rest/chat/read-state', { headers: { authorization: `Bearer ${await tokenOf(page.context())}` } });
  return ((await response.json()) as { rooms: { room: string; unread: number }[] }).rooms.find((r) => r.room === room)?.unread;
}

test("a room opens at its first unread under 'Nouveaux messages', and the member's other device clears its badge", async ({ browser }) => {
  // Two devices of `vip`, both reading Indices once Forex is read up to its newest message.
  const desktop = await member(browser, 'vip', 'Forex');
  await expect.poll(() => unreadIn(desktop, 'forex')).toBe(0);
  await roomButton(desktop, 'Indices').click();
  await expect(desktop).toHaveTitle(/ChatRoom Indices/);
  const phone = await member(browser, 'vip', 'Indices');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');

  // `vip` is away from Forex while `coach` posts 30 messages there (its read state is on the server).
  const label = unique('Point marché');
  const texts = Array.from({ length: 30 }, (_, i) => `${label} n°${i + 1}`);
  await postOverSocket(coach, { room: 'forex' }, texts);
  for (const page of [desktop, phone]) await expect(roomButton(page, 'Forex').getByLabel('30 nouveaux messages')).toBeVisible();

  // The desktop opens Forex at the first of them, under the line, not at the newest.
  await roomButton(desktop, 'Forex').click();
  await expect(desktop).toHaveTitle(/ChatRoom Forex/);
  const line = log(desktop).getByRole('separator', { name: 'Nouveaux messages' });
  await expect(line).toBeVisible();
  const first = log(desktop).getByText(texts[0]!, { exact: true });
  await expect(first).toBeInViewport();
  await expect(log(desktop).getByText(texts[29]!, { exact: true })).not.toBeInViewport();
  const lineBox = (await line.boundingBox())!;
  const firstBox = (await first.boundingBox())!;
  expect(firstBox.y).toBeGreaterThan(lineBox.y);
  expect(firstBox.y - lineBox.y).toBeLessThan(120);
  await expect(desktop.getByRole('button', { name: 'Revenir au direct' })).toBeVisible();

  // The phone, still in Indices, sees Forex's badge clear.
  await expect(roomButton(phone, 'Forex').getByLabel(/nouveaux? messages?/)).toHaveCount(0);

  // 'Revenir au direct' jumps to the newest; the line stays while the member is in the room.
  await desktop.getByRole('button', { name: 'Revenir au direct' }).click();
  await expect(log(desktop).getByText(texts[29]!, { exact: true })).toBeInViewport({ timeout: paced(15_000) });
  await expect(desktop.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);

  // Back in Indices, then Forex again: everything was read, no line.
  await roomButton(desktop, 'Indices').click();
  await expect(desktop).toHaveTitle(/ChatRoom Indices/);
  await roomButton(desktop, 'Forex').click();
  await expect(log(desktop).getByText(texts[29]!, { exact: true })).toBeInViewport({ timeout: paced(15_000) });
  await expect(log(desktop).getByRole('separator', { name: 'Nouveaux messages' })).toHaveCount(0);

  for (const page of [desktop, phone, coach]) await page.context().close();
});

test('a message sent from a room opened at its first unread brings the log to its end, where it shows', async ({ browser }) => {
  // Crypto read up to its newest message (other journeys post there), then left for Indices.
  const vip = await member(browser, 'vip', 'Crypto');
  await expect.poll(() => unreadIn(vip, 'crypto')).toBe(0);
  await roomButton(vip, 'Indices').click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Forex');
  const texts = Array.from({ length: 30 }, (_, i) => `${unique('Crypto en direct')} n°${i + 1}`);
  await postOverSocket(coach, { room: 'crypto' }, texts);
  await expect(roomButton(vip, 'Crypto').getByLabel('30 nouveaux messages')).toBeVisible();
  await roomButton(vip, 'Crypto').click();
  await expect(log(vip).getByText(texts[0]!, { exact: true })).toBeInViewport();
  await expect(log(vip).getByText(texts[29]!, { exact: true })).not.toBeInViewport();

  const mine = unique('Je prends position');
  await composer(vip).fill(mine);
  await composer(vip).press('Enter');
  await expect(log(vip).locator('article[data-id]').filter({ hasText: mine })).toBeInViewport();
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);
  for (const page of [vip, coach]) await page.context().close();
});

test('a message sent as soon as the composer shows, while the room still opens at its first unread, shows at the end', async ({ browser }) => {
  // Crypto read up to its newest message, a draft left in it.
  const vip = await member(browser, 'vip', 'Crypto');
  await expect.poll(() => unreadIn(vip, 'crypto')).toBe(0);
  const mine = unique('Envoyé en arrivant');
  await composer(vip).fill(mine);
  await expect(roomButton(vip, 'Crypto').getByRole('img', { name: 'Brouillon' })).toBeVisible();
  // Away (offline): its store misses what `coach` posts meanwhile.
  await vip.context().setOffline(true);
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Forex');
  const texts = Array.from({ length: 30 }, (_, i) => `${unique('Crypto au retour')} n°${i + 1}`);
  await postOverSocket(coach, { room: 'crypto' }, texts);
  await vip.context().setOffline(false);

  // Crypto opened anew (a link, a reload), the draft sent the moment its composer shows, before the
  // log's rows are laid out (then at the first unread, or followed by the rows it missed), as a
  // member in a hurry (or the soak's browsers) does. Without the list following its own message,
  // one run in three ended above the end with 'Revenir au direct', the message below the fold.
  await vip.addInitScript(() => {
    const sendOnce = () => {
      const box = document.querySelector<HTMLTextAreaElement>('section[aria-label="Crypto"] textarea[aria-label="Votre message"]');
      if (!box || box.value.length === 0) return false;
      box.form?.requestSubmit();
      return true;
    };
    const watch = new MutationObserver(() => {
      if (sendOnce()) watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  await vip.goto('/chat?room=Crypto');
  await expect(log(vip).locator('article[data-id]').filter({ hasText: mine })).toBeInViewport({ timeout: paced(10_000) });
  await expect(vip.getByRole('button', { name: /Revenir au direct|nouveaux? messages?/ })).toHaveCount(0);
  for (const page of [vip, coach]) await page.context().close();
});

test("'Marquer comme non lu' brings the line and the badge back; 'Tout marquer comme lu' clears every badge", async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Forex');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  const label = unique('Analyse');
  const texts = Array.from({ length: 3 }, (_, i) => `${label} n°${i + 1}`);
  await postOverSocket(coach, { room: 'forex' }, texts);
  await expect(log(vip).getByText(texts[2]!, { exact: true })).toBeVisible();

  // Marked unread from its second message: the line moves above it, the badge shows once away.
  const row = log(vip).locator('[data-id]').filter({ hasText: texts[1]! });
  await row.hover();
  await row.getByRole('button', { name: 'Marquer comme non lu' }).click();
  await expect(log(vip).getByRole('separator', { name: 'Nouveaux messages' })).toBeVisible();
  await roomButton(vip, 'Indices').click();
  await expect(roomButton(vip, 'Forex').getByLabel('2 nouveaux messages')).toBeVisible();

  await postOverSocket(coach, { room: 'crypto' }, [unique('Bitcoin')]);
  await expect(roomButton(vip, 'Crypto').getByLabel(/nouveaux? messages?/)).toBeVisible();
  await vip.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(rooms(vip).getByLabel(/nouveaux? messages?/)).toHaveCount(0);
  // A reload keeps it: the badges come from the server's read state.
  await vip.reload();
  await expect(roomButton(vip, 'Forex')).toBeVisible();
  await expect(rooms(vip).getByLabel(/nouveaux? messages?/)).toHaveCount(0);
  for (const page of [vip, coach]) await page.context().close();
});

test('Escape in a room marks it read, on the other device too', async ({ browser }) => {
  const desktop = await member(browser, 'vip', 'Crypto');
  const phone = await member(browser, 'vip', 'Indices');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Forex');
  const texts = [unique('Ethereum'), unique('Solana')];
  await postOverSocket(coach, { room: 'crypto' }, texts);
  // The desktop has Crypto open: it reads what comes, until the member marks a message unread.
  await expect(log(desktop).getByText(texts[1]!, { exact: true })).toBeVisible();
  const row = log(desktop).locator('[data-id]').filter({ hasText: texts[0]! });
  await row.hover();
  await row.getByRole('button', { name: 'Marquer comme non lu' }).click();
  await expect(roomButton(phone, 'Crypto').getByLabel('2 nouveaux messages')).toBeVisible();
  await composer(desktop).focus();
  await desktop.keyboard.press('Escape');
  await expect(roomButton(phone, 'Crypto').getByLabel(/nouveaux? messages?/)).toHaveCount(0);
  for (const page of [desktop, phone, coach]) await page.context().close();
});

/** The id of the first message row at the top of the log's visible part. */
const topRowId = (page: Page) =>
  log(page).evaluate((scroller) => {
    const top = scroller.getBoundingClientRect().top;
    const rows = [...scroller.querySelectorAll<HTMLElement>('[data-id]')];
    return rows.find((row) => row.getBoundingClientRect().bottom > top + 1)?.dataset.id ?? null;
  });

test("a room's reading place is kept when switching back and across a reload", async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Forex');
  await expect(log(vip).locator('[data-id]').first()).toBeVisible();
  await log(vip).hover();
  for (let i = 0; i < 3; i += 1) {
    await vip.mouse.wheel(0, -600);
    await vip.waitForTimeout(paced(150));
  }
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toBeVisible();
  await vip.waitForTimeout(paced(800));
  const top = await topRowId(vip);
  expect(top).not.toBeNull();

  await roomButton(vip, 'Indices').click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  await roomButton(vip, 'Forex').click();
  await expect(vip).toHaveTitle(/ChatRoom Forex/);
  await expect(log(vip).locator(`[data-id="${top}"]`)).toBeInViewport();
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toBeVisible();

  await vip.reload();
  await expect(log(vip).locator(`[data-id="${top}"]`)).toBeInViewport();
  // At the end again, the place is forgotten: the next visit opens at the newest.
  await vip.getByRole('button', { name: 'Revenir au direct' }).click();
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);
  // The place is kept (here: forgotten) once the scroll has come to rest, as above.
  await vip.waitForTimeout(paced(800));
  await roomButton(vip, 'Indices').click();
  await roomButton(vip, 'Forex').click();
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);
  await vip.context().close();
});

test('a room left read at its newest rows shows again as it was, with what the member posted meanwhile from another device', async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Crypto');
  // Read once, so that this visit opens at its newest rows (what other journeys posted here may
  // have been unread on the first): the room is kept as it is when the member leaves it.
  await roomButton(vip, 'Indices').click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  await roomButton(vip, 'Crypto').click();
  await expect(vip).toHaveTitle(/ChatRoom Crypto/);
  // A text being typed (not even kept as a draft yet).
  const typing = unique('Je regarde le BTC');
  await composer(vip).fill(typing);

  await roomButton(vip, 'Indices').click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  // Crypto's view is not on the page's surface while Indices shows: one log, Indices'.
  await expect(vip.getByRole('log', { name: 'Messages' })).toHaveCount(1);
  await expect(vip.getByRole('region', { name: 'Crypto' })).toHaveCount(0);
  const own = unique('Depuis mon téléphone : stop sous 60 000');
  await postOverSocket(vip, { room: 'crypto' }, [own]);

  await roomButton(vip, 'Crypto').click();
  await expect(vip).toHaveTitle(/ChatRoom Crypto/);
  await expect(composer(vip)).toHaveValue(typing);
  await expect(log(vip).getByText(own, { exact: true })).toBeInViewport();
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);
  await vip.context().close();
});

test("rows arriving below a reader who scrolled up are counted on 'N nouveaux messages'", async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Indices');
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  await expect(log(vip).locator('[data-id]').first()).toBeVisible();
  await log(vip).hover();
  for (let i = 0; i < 3; i += 1) {
    await vip.mouse.wheel(0, -600);
    await vip.waitForTimeout(paced(150));
  }
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toBeVisible();
  const texts = [unique('DAX'), unique('CAC')];
  await postOverSocket(coach, { room: 'indices' }, texts);
  const below = vip.getByRole('button', { name: '2 nouveaux messages' });
  await expect(below).toBeVisible();
  await expect(log(vip).getByText(texts[1]!, { exact: true })).not.toBeInViewport();
  await below.click();
  await expect(log(vip).getByText(texts[1]!, { exact: true })).toBeInViewport();
  await expect(below).toHaveCount(0);
  for (const page of [vip, coach]) await page.context().close();
});

test('a first unread far back opens there, from the rows stored here (offline too); reading on down joins the newest rows, live again', async ({ browser }) => {
  // ALL (coaches only write there) read up to its newest message, then left for Indices.
  const vip = await member(browser, 'vip', 'ALL');
  await expect.poll(() => unreadIn(vip, 'all')).toBe(0);
  await roomButton(vip, 'Indices').click();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  const coachContext = await browser.newContext();
  const coach = await signedInPage(coachContext, 'coach', '/chat?room=Crypto');
  // More than the widest window the log reads from the store (200 rows).
  const label = unique('Revue');
  const texts = Array.from({ length: 260 }, (_, i) => `${label} n°${i + 1}`);
  await postOverSocket(coach, { room: 'all' }, texts);
  await expect.poll(() => unreadIn(vip, 'all')).toBe(260);
  // ALL's new rows came live and are stored: its first unread and the rows after it need no network.
  await expect(roomButton(vip, 'ALL').getByLabel(/nouveaux messages/)).toBeVisible();
  await vip.context().setOffline(true);

  await roomButton(vip, 'ALL').click();
  await expect(vip).toHaveTitle(/ChatRoom ALL/);
  const line = log(vip).getByRole('separator', { name: 'Nouveaux messages' });
  await expect(line).toBeVisible();
  await expect(log(vip).getByText(texts[0]!, { exact: true })).toBeInViewport();
  expect((await log(vip).getByText(texts[0]!, { exact: true }).boundingBox())!.y).toBeGreaterThan((await line.boundingBox())!.y);
  await expect(log(vip).getByText(texts[259]!, { exact: true })).toHaveCount(0);
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toBeVisible();

  // Reading on down: the newer rows come page by page, up to the room's newest.
  const newest = log(vip).getByText(texts[259]!, { exact: true });
  await expect(async () => {
    await log(vip).evaluate((element) => element.scrollBy(0, element.scrollHeight));
    await expect(newest).toBeInViewport({ timeout: paced(500) });
  }).toPass({ timeout: paced(30_000) });
  // At the end, the log is the room's own again: live, a new row shows as it comes, and the room is read.
  await expect(vip.getByRole('button', { name: 'Revenir au direct' })).toHaveCount(0);
  await vip.context().setOffline(false);
  const after = unique('Clôture');
  await postOverSocket(coach, { room: 'all' }, [after]);
  await expect(log(vip).getByText(after, { exact: true })).toBeInViewport();
  await expect.poll(() => unreadIn(vip, 'all')).toBe(0);
  for (const page of [vip, coach]) await page.context().close();
});
