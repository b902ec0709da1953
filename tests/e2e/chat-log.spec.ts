import { expect, test, type Locator, type Page } from './fixtures';
import { openSignedIn } from './sign-in';
import { member, log, unique } from './chat-room';
import { paced, journeyTime } from './pace';

/**
 * The log as a reader sees it: formatted messages with safe links, day separators, placeholder
 * rows while the first page comes from the network, and the polite announcement of others'
 * messages.
 */

const announcement = (page: Page) => page.locator('[aria-live="polite"]');

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Votre message' }).first().fill(text);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
}

/** The day separator the browser shows for a moment `msAgo` before now ('Hier', 'lundi 23 novembre'). */
const dayAgo = (page: Page, msAgo: number) =>
  page.evaluate((ago) => {
    const now = new Date();
    const date = new Date(now.getTime() - ago);
    const day = (d: Date) => d.toDateString();
    if (day(date) === day(now)) return "Aujourd'hui";
    if (day(date) === day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12))) return 'Hier';
    const year = date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' as const };
    return new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', ...year }).format(date);
  }, msAgo);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

test('a message shows its link (new tab, no opener), its formatting, and a javascript: address as text', async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const vip = await member(browser, 'vip', 'Crypto');
  const live = await member(browser, 'live', 'Crypto');
  await expect(log(live).getByRole('article').last()).toBeVisible();
  const id = unique('Analyse');
  const address = 'https://fr.tradingview.com/chart/BTCUSD/';
  await send(vip, `${id} **gras** _italique_ \`code **brut**\`\nvoir ${address}. Pas javascript:alert(1) ni <script>alert(2)</script>`);

  for (const page of [vip, live]) {
    const row = log(page).getByRole('article').filter({ hasText: id });
    await expect(row).toBeVisible();
    const link = row.getByRole('link', { name: address });
    await expect(link).toHaveAttribute('href', address);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // One link only: the javascript: address and the tags are text.
    await expect(row.getByRole('link')).toHaveCount(1);
    await expect(row.locator('script')).toHaveCount(0);
    const text = row.locator('p').filter({ hasText: id });
    await expect(text.locator('strong')).toHaveText('gras');
    await expect(text.locator('em')).toHaveText('italique');
    await expect(text.locator('code')).toHaveText('code **brut**');
    await expect(text).toContainText(`${id} gras italique code **brut**\nvoir ${address}. Pas javascript:alert(1) ni <script>alert(2)</script>`, { useInnerText: true });
  }

  // The log is a log; others' new messages are read out politely, one's own are not.
  await expect(log(live)).toHaveAttribute('aria-live', 'off');
  await expect(announcement(live).filter({ hasText: id })).toHaveText(`vip : ${id} gras italique code **brut**\nvoir ${address}. Pas javascript:alert(1) ni <script>alert(2)</script>`);
  await expect(announcement(vip).filter({ hasText: id })).toHaveCount(0);
  await vip.context().close();
  await live.context().close();
});

test("day separators: 'Aujourd'hui' above today's messages, then 'Hier' and the older days up the history; a conversation's too", async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  // live: its one conversation is read already (the messaging journeys count vip's unread ones).
  const live = await member(browser, 'live', 'Forex');
  const id = unique('Message du jour');
  await send(live, id);
  // The confirmed row (the outbox's pending row, shown first, has no id yet).
  const row = log(live).locator('article[data-id]').filter({ hasText: id });
  await expect(row).toBeVisible();
  const posted = await row.getAttribute('data-id');

  // The seeded history spans the last three days: every day once, oldest first, from the room's
  // start, and the message just posted under 'Aujourd'hui'.
  const list = log(live);
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(list.getByText('Début de la conversation')).toBeVisible({ timeout: paced(500) });
  }).toPass({ timeout: paced(30_000) });
  const seen = await logDownwards(list);
  const separators = seen.filter((entry) => entry.startsWith('— ')).map((entry) => entry.slice(2));
  const walked = await live.evaluate(() => (window as unknown as { __walked?: string[] }).__walked ?? []);
  expect(separators, `the walk (virtuoso indices, separators): ${walked.join(' ')}`).toEqual([await dayAgo(live, 3 * DAY), await dayAgo(live, 2 * DAY), 'Hier', "Aujourd'hui"]);
  expect(seen.indexOf(posted!)).toBeGreaterThan(seen.indexOf("— Aujourd'hui"));

  // live's conversation with the coach: its first message is 30 hours old.
  await live.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Messagerie' }).click();
  const panel = live.getByRole('dialog', { name: 'Messagerie' });
  await panel.getByRole('button', { name: 'coach', exact: true }).click();
  await expect(panel.getByRole('log').getByRole('separator', { name: await dayAgo(live, 30 * HOUR) })).toBeVisible();
  await live.context().close();
});

test("placeholder rows while a room's first page comes from the network, then its rows", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The first page ('more messages') is held until released; everything else goes through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const held = new Promise<void>((resolve) => (asked = resolve));
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"more messages"')) {
        asked();
        void released.then(() => server.send(message));
      } else server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  await openSignedIn(page, 'vip', '/chat?room=Indices');
  await held;
  const busy = page.getByRole('log', { name: 'Messages' });
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  await expect(busy.getByText('Chargement des messages…')).toBeAttached();
  await expect(busy.getByRole('article')).toHaveCount(0);
  release();
  await expect(log(page).getByText('Le DAX ouvre en gap').first()).toBeVisible();
  await expect(log(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Chargement des messages…')).toHaveCount(0);
  await context.close();
});

/**
 * Scrolls a virtualised log from its top to its end, noting each row (its id) and each day
 * separator ('— ' and its name) once, in the order they come.
 */
function logDownwards(list: Locator): Promise<string[]> {
  return list.evaluate(async (el, endWaitMs) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    /**
     * The rows drawn reach from the viewport's middle to its bottom (or the list's end): each step
     * scrolls half a viewport, so what comes into view is drawn before the next step. (A busy
     * machine draws the rows scrolled to some frames later: a walk that did not wait skipped them.)
     */
    const drawn = () => {
      const view = el.getBoundingClientRect();
      const boxes = [...el.querySelectorAll('[data-index]')].map((item) => item.getBoundingClientRect()).filter((box) => box.height > 0);
      if (boxes.length === 0) return false;
      const top = Math.min(...boxes.map((box) => box.top));
      const bottom = Math.max(...boxes.map((box) => box.bottom));
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      return top <= view.top + view.height / 2 && (bottom >= view.bottom - 1 || atEnd);
    };
    const seen: string[] = [];
    const walked: string[] = [];
    el.scrollTo({ top: 0 });
    /** Where the walk left the scroller. */
    let at = 0;
    for (let step = 0; step < 400; step += 1) {
      await frame();
      // Virtuoso retries a scroll to the end it was asked for (following the row just posted) as
      // rows are measured, for a second or so: a walk that started meanwhile is taken back to
      // where it was.
      const farFromEnd = at + 2 * el.clientHeight < el.scrollHeight;
      if (farFromEnd && el.scrollTop + el.clientHeight >= el.scrollHeight - 2) {
        walked.push(`(taken to the end from ${Math.round(at)})`);
        el.scrollTop = at;
        continue;
      }
      for (let wait = 0; wait < 300 && !drawn(); wait += 1) await frame();
      await frame();
      for (const entry of el.querySelectorAll('[role="separator"], article[data-id]')) {
        const name = entry.tagName === 'ARTICLE' ? (entry.getAttribute('data-id') ?? '') : `— ${entry.getAttribute('aria-label') ?? ''}`;
        if (!seen.includes(name)) {
          seen.push(name);
          // Virtuoso's index of the item: a walk that skips rows shows a jump here (kept for the failure's message).
          const index = entry.closest('[data-index]')?.getAttribute('data-index');
          if (entry.tagName !== 'ARTICLE') walked.push(`${name}@${index ?? '?'}`);
          else walked.push(index ?? '?');
        }
      }
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) {
        // At the bottom of a window slid up the history, the newer rows slide back in: on a busy
        // machine that takes more than a couple of frames. The end is where nothing more comes.
        const height = el.scrollHeight;
        const until = performance.now() + endWaitMs;
        while (performance.now() < until && el.scrollHeight === height) await frame();
        if (el.scrollHeight === height) break;
      }
      el.scrollBy({ top: el.clientHeight / 2 });
      at = el.scrollTop;
    }
    (window as unknown as { __walked?: string[] }).__walked = walked;
    return seen;
  }, paced(2_000));
}

test('an XSS payload posted in a room shows as its text for everyone and runs nothing', async ({ browser }) => {
  test.setTimeout(journeyTime(60_000));
  const vip = await member(browser, 'vip', 'Indices');
  const live = await member(browser, 'live', 'Indices');
  await expect(log(live).getByRole('article').last()).toBeVisible();
  const id = unique('Charge');
  const payload = `${id} <img src=x onerror="window.pwned=1"> <script>window.pwned=2</script> <svg onload="window.pwned=3"></svg> javascript:window.pwned=4 &lt;b&gt; ${'X'.repeat(300)}`;
  await send(vip, payload);
  for (const page of [vip, live]) {
    const row = log(page).getByRole('article').filter({ hasText: id });
    await expect(row).toBeVisible();
    await expect(row.locator('p').filter({ hasText: id })).toHaveText(payload);
    await expect(row.locator('img[src="x"], script, svg[onload], [onerror]')).toHaveCount(0);
    await expect(row.getByRole('link')).toHaveCount(0);
    // The long word wraps inside the row: nothing wider than the log.
    const [rowWidth, logWidth] = await Promise.all([row.evaluate((e) => e.scrollWidth), log(page).evaluate((e) => e.clientWidth)]);
    expect(rowWidth).toBeLessThanOrEqual(logWidth);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  }
  await vip.context().close();
  await live.context().close();
});
