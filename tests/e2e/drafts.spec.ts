import { expect, test, type Browser, type Page } from './fixtures';
import { composer, log, member, unique } from './chat-room';
import { openSignedIn } from './sign-in';
import { paced, journeyTime } from './pace';

/**
 * Issue 21: what a member types is kept per room across switches and reloads, never posted into
 * another room, and marked by a pencil in the room list; a message that could not leave says so,
 * with 'Réessayer' and 'Supprimer', and is never delivered twice.
 */

const rooms = (page: Page) => page.getByRole('navigation', { name: 'Rooms' });
const roomButton = (page: Page, room: string) => rooms(page).getByRole('button', { name: new RegExp(`^${room}\\b`) });
const pencil = (page: Page, room: string) => roomButton(page, room).getByRole('img', { name: 'Brouillon' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Envoyer', exact: true }).first();
const row = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text });

async function openRoom(page: Page, room: string) {
  await roomButton(page, room).click();
  await expect(page).toHaveTitle(new RegExp(`ChatRoom ${room}`));
}

test('a draft typed in Forex survives a reload, stays in Forex, and is never sent in Indices', async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Forex');
  const draft = unique('Brouillon Forex : achat EUR/USD sous 1,08');
  await composer(vip).fill(draft);
  // Stored once the member pauses: the pencil says so in the room list.
  await expect(pencil(vip, 'Forex')).toBeVisible();
  await expect(pencil(vip, 'Indices')).toHaveCount(0);

  await vip.reload();
  await expect(vip).toHaveTitle(/ChatRoom Forex/);
  await expect(composer(vip)).toHaveValue(draft);
  await expect(pencil(vip, 'Forex')).toBeVisible();

  await openRoom(vip, 'Indices');
  await expect(composer(vip)).toHaveValue('');
  const message = unique('Le DAX repart à la hausse');
  await composer(vip).fill(message);
  await sendButton(vip).click();
  await expect(row(vip, message)).toHaveCount(1);
  await expect(row(vip, message).getByText('Envoi en cours…')).toHaveCount(0);
  await expect(composer(vip)).toHaveValue('');
  await expect(log(vip).getByText(draft)).toHaveCount(0);
  await expect(pencil(vip, 'Indices')).toHaveCount(0);

  await openRoom(vip, 'Forex');
  await expect(composer(vip)).toHaveValue(draft);
  await expect(log(vip).getByText(draft)).toHaveCount(0);
  await expect(pencil(vip, 'Forex')).toBeVisible();

  // Indices holds the message sent there, once, and not the draft (as the server has it).
  await openRoom(vip, 'Indices');
  await vip.reload();
  await expect(vip).toHaveTitle(/ChatRoom Indices/);
  await expect(row(vip, message)).toHaveCount(1);
  await expect(log(vip).getByText(draft)).toHaveCount(0);

  // Sent where it was typed, the draft is gone: no pencil, an empty composer after a reload.
  await openRoom(vip, 'Forex');
  await sendButton(vip).click();
  await expect(row(vip, draft)).toHaveCount(1);
  await expect(composer(vip)).toHaveValue('');
  await expect(pencil(vip, 'Forex')).toHaveCount(0);
  await vip.reload();
  await expect(composer(vip)).toHaveValue('');
  await expect(row(vip, draft)).toHaveCount(1);
  await vip.context().close();
});

test('a thread keeps its own draft, apart from its room', async ({ browser }) => {
  const vip = await member(browser, 'vip', 'Crypto');
  const question = unique('Question pour un fil');
  await composer(vip).fill(question);
  await sendButton(vip).click();
  await row(vip, question).getByRole('button', { name: 'Répondre' }).click();
  const thread = vip.getByRole('complementary', { name: 'Fil de discussion' });
  const reply = unique('Réponse en cours dans le fil');
  await thread.getByRole('textbox', { name: 'Votre message' }).fill(reply);
  await expect(composer(vip)).toHaveValue('');
  await vip.waitForTimeout(paced(600));
  await vip.reload();
  await row(vip, question).getByRole('button', { name: /réponse|Répondre/ }).first().click();
  await expect(thread.getByRole('textbox', { name: 'Votre message' })).toHaveValue(reply);
  await expect(composer(vip)).toHaveValue('');
  await vip.context().close();
});

/** A member whose chat socket passes through the test: `refuse` answers a post as the server would refuse it. */
async function memberBehindProxy(browser: Browser, room: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const proxy = { refuse: true, posts: [] as string[] };
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const post = typeof frame === 'string' ? /^42(\d+)\["post message",(.*)\]$/s.exec(frame) : null;
      if (post) proxy.posts.push(post[2]!);
      if (post && proxy.refuse) ws.send(`43${post[1]}[{"error":"Message refusé par le serveur"}]`);
      else server.send(frame);
    });
    server.onMessage((frame) => ws.send(frame));
  });
  await openSignedIn(page, 'vip', `/chat?room=${room}`);
  await expect(page).toHaveTitle(new RegExp(`ChatRoom ${room}`));
  return { page, proxy };
}

test("a message the server refuses shows 'Non envoyé'; 'Supprimer' drops it, 'Réessayer' delivers it once", async ({ browser }) => {
  const { page: vip, proxy } = await memberBehindProxy(browser, 'Forex');
  const live = await member(browser, 'live', 'Forex');
  const kept = unique('Refusé puis réessayé');
  const dropped = unique('Refusé puis supprimé');
  for (const text of [kept, dropped]) {
    await composer(vip).fill(text);
    await sendButton(vip).click();
    await expect(row(vip, text).getByText('Non envoyé')).toBeVisible();
    await expect(row(vip, text).getByText('Message refusé par le serveur')).toBeVisible();
  }

  await row(vip, dropped).getByRole('button', { name: 'Supprimer' }).click();
  await expect(row(vip, dropped)).toHaveCount(0);

  proxy.refuse = false;
  await row(vip, kept).getByRole('button', { name: 'Réessayer' }).click();
  await expect(row(vip, kept).getByText('Non envoyé')).toHaveCount(0);
  await expect(row(vip, kept)).toHaveCount(1);
  await expect(log(live).getByText(kept)).toHaveCount(1);
  // Every attempt carried the same client id: one message for the server.
  const ids = proxy.posts.filter((p) => p.includes(kept)).map((p) => (JSON.parse(p) as { clientId: string }).clientId);
  expect(ids.length).toBe(2);
  expect(new Set(ids).size).toBe(1);

  await vip.reload();
  await expect(row(vip, kept)).toHaveCount(1);
  await expect(row(vip, dropped)).toHaveCount(0);
  await live.reload();
  await expect(log(live).getByText(kept)).toHaveCount(1);
  await expect(log(live).getByText(dropped)).toHaveCount(0);
  await vip.context().close();
  await live.context().close();
});

test('offline, a message waits for the network and may be deleted before it leaves; the rest leaves once', async ({ browser }) => {
  test.setTimeout(journeyTime(90_000));
  const vip = await member(browser, 'vip', 'Indices');
  const live = await member(browser, 'live', 'Indices');
  await expect(log(vip).getByText('Le DAX ouvre en gap').first()).toBeVisible();
  await vip.context().setOffline(true);
  const kept = unique('Hors ligne, gardé');
  const dropped = unique('Hors ligne, supprimé');
  for (const text of [kept, dropped]) {
    await composer(vip).fill(text);
    await sendButton(vip).click();
    await expect(row(vip, text).getByText('Envoi en cours…')).toBeVisible();
  }
  await expect(row(vip, dropped).getByText('en attente du réseau')).toBeVisible({ timeout: paced(20_000) });
  await row(vip, dropped).getByRole('button', { name: 'Supprimer' }).click();
  await expect(row(vip, dropped)).toHaveCount(0);
  await expect(row(vip, kept).getByRole('button', { name: 'Réessayer' })).toBeVisible();

  await vip.context().setOffline(false);
  await expect(log(live).getByText(kept)).toHaveCount(1, { timeout: paced(30_000) });
  await expect(row(vip, kept).getByText('Envoi en cours…')).toHaveCount(0, { timeout: paced(30_000) });
  await live.reload();
  await expect(log(live).getByText(kept)).toHaveCount(1);
  await expect(log(live).getByText(dropped)).toHaveCount(0);
  await vip.context().close();
  await live.context().close();
});
