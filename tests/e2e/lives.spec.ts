import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './fixtures';
import { SAVE_PLANNING_SLOT_MUTATION, PUBLISH_REPLAY_MUTATION } from '../../src/contract/graphql-documents';
import type { PlanningSlotInput } from '../../src/contract/planning';
import { graphql } from './content-host';
import { signIn, signInContext, tokenOf } from './sign-in';

/**
 * Lives and the home page kept live by the content host's GraphQL subscriptions (issue 18): a
 * coach adds and moves a planning slot, publishes a replay, and the other browsers show it without
 * a reload; the poll thanks once; 'Accéder au live' for Live and for a VIP; the .ics of the week.
 */

/** Signs a member in on a page of its own; `subscribed` resolves once its content subscriptions are acknowledged. */
async function member(context: BrowserContext, identifier: string, path = '/'): Promise<{ page: Page; subscribed: Promise<void> }> {
  const page = await context.newPage();
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/content/graphql')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"connection_ack"')) resolve();
      });
    });
  });
  await signInContext(page.context(), identifier);
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
  return { page, subscribed };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** ISO weekday (1 = Monday) and minutes after midnight, in UTC like the programme. */
const utcSlot = (at: Date) => ({ weekday: ((at.getUTCDay() + 6) % 7) + 1, startMinute: at.getUTCHours() * 60 + at.getUTCMinutes() });

test.describe.configure({ mode: 'serial' });

test('a coach moves a slot so that a live starts now: the VIP home and live banner show it without a reload', async ({ browser, request }) => {
  const coachContext = await browser.newContext();
  const vipContext = await browser.newContext();
  const liveContext = await browser.newContext();
  await member(coachContext, 'coach');
  const token = await tokenOf(coachContext);
  const { page: vip, subscribed: vipSubscribed } = await member(vipContext, 'vip');
  const { page: live, subscribed: liveSubscribed } = await member(liveContext, 'live');
  const name = `Live surprise ${unique()}`;
  const room = `live-e2e-${unique()}`;
  // The subscriptions start after the first screen.
  await Promise.all([vipSubscribed, liveSubscribed]);

  // Added tomorrow: the planning shows it, nothing is live.
  const tomorrow = utcSlot(new Date(Date.now() + 24 * 3_600_000));
  const slot: PlanningSlotInput = { id: null, name, speaker: 'Coach Comptoir', ...tomorrow, durationMinutes: 60, roomClickId: room, directLink: null };
  const saved = (await graphql(request, token, SAVE_PLANNING_SLOT_MUTATION, { input: slot })).savePlanningSlot as { id: number };
  await live.getByRole('button', { name: 'Planning des lives' }).click();
  const planning = live.getByRole('dialog', { name: 'Planning des lives' });
  // A weekly slot: tomorrow and the same day next week — but on a Sunday (in Paris, where the page
  // runs), whose planning ends with next week's Sunday: tomorrow only.
  const sunday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short' }).format(new Date()) === 'Sun';
  await expect(planning.getByRole('cell', { name, exact: true })).toHaveCount(sunday ? 1 : 2);
  // The demo programme may have a live of its own running now: only this one is looked for.
  const banner = vip.getByRole('region', { name: /^LIVES? EN COURS$/ });
  await expect(banner.filter({ hasText: name })).toHaveCount(0);

  // Moved to now: the VIP's live card and the shell's banner show it, no reload.
  const now = utcSlot(new Date(Date.now() - 60_000));
  await graphql(request, token, SAVE_PLANNING_SLOT_MUTATION, { input: { ...slot, id: saved.id, ...now } });
  await expect(banner).toContainText(name);
  await expect(vip.getByRole('heading', { name: 'Live en cours' })).toBeVisible();
  await expect(vip.getByText(name).first()).toBeVisible();

  // 'Accéder au live' for Live: the planning's button opens the live's room in a new tab.
  const join = planning.getByRole('button', { name: `Accéder au live : ${name}` });
  await expect(join).toHaveCount(1);
  const [tab] = await Promise.all([live.waitForEvent('popup'), join.click()]);
  await expect(tab).toHaveURL(new RegExp(`/rest/live/salle/${room}$`));
  await expect(tab.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await tab.close();

  // For a VIP without Live: the banner's 'Accéder' asks for a link, NOT_ALLOWED opens the access prompt.
  const closed = vip.waitForEvent('popup').then((popup) => popup.waitForEvent('close'));
  const several = (await banner.getAttribute('aria-label')) === 'LIVES EN COURS';
  await banner.getByRole('button', { name: 'Accéder', exact: true }).click();
  // With another live running, a chooser names each one first.
  if (several) await vip.getByRole('dialog', { name: 'Choisir un live' }).getByRole('button', { name: `Accéder : ${name}` }).click();
  await closed;
  await expect(vip.getByRole('dialog', { name: /accès/i })).toBeVisible();

  // Moved back to yesterday: the live ends everywhere, still without a reload.
  const yesterday = utcSlot(new Date(Date.now() - 24 * 3_600_000));
  await graphql(request, token, SAVE_PLANNING_SLOT_MUTATION, { input: { ...slot, id: saved.id, ...yesterday } });
  await expect(banner.filter({ hasText: name })).toHaveCount(0);
  await Promise.all([coachContext.close(), vipContext.close(), liveContext.close()]);
});

test('a replay published by a coach appears on the other browser\'s home and replays list without a reload', async ({ browser, request }) => {
  const coachContext = await browser.newContext();
  const vipContext = await browser.newContext();
  await member(coachContext, 'coach');
  const token = await tokenOf(coachContext);
  const { page: vip, subscribed } = await member(vipContext, 'vip');
  await subscribed;
  // A second tab of the same member on the replays list (every category).
  const replays = await vipContext.newPage();
  await replays.goto('/replay');
  const list = replays.getByRole('list', { name: 'Liste des replays' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const id = unique();
  const title = `Bilan de séance ${id}`;
  await graphql(request, token, PUBLISH_REPLAY_MUTATION, {
    input: { title, slug: `bilan-${id}`, description: 'Le bilan de la séance.', category: 'Bilans de séance', authorId: null, video: 'chapitre-1.webm', durationSeconds: 15 },
  });
  const card = vip.getByRole('region', { name: 'Dernier replay' });
  await expect(card.getByText(title)).toBeVisible();
  await expect(card.getByRole('link', { name: `Visionner : ${title}` })).toHaveAttribute('href', `/replay/bilan-${id}`);
  // The newest replay heads the open list.
  await expect(list.getByRole('listitem').first().getByRole('heading', { name: title })).toBeVisible();
  await Promise.all([coachContext.close(), vipContext.close()]);
});

test('the poll asks one value, thanks once and keeps the answer', async ({ page, context, request }) => {
  await page.goto('/');
  await signIn(page, 'live');
  const poll = page.getByRole('region', { name: 'Votre avis' });
  await poll.getByRole('button', { name: 'Envoyer' }).click();
  await expect(poll.getByRole('alert')).toHaveText('Choisissez une note de 1 à 10.');
  await poll.getByRole('radio', { name: '8' }).check();
  await poll.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Merci pour votre réponse !').first()).toBeVisible();
  await expect(poll.getByRole('status')).toContainText('Votre note : 8/10');
  await page.reload();
  await expect(poll.getByRole('status')).toContainText('Votre note : 8/10');
  await expect(poll.getByRole('radio')).toHaveCount(0);
  // The server keeps the first answer: another value is refused.
  const question = (await poll.getByRole('status').locator('p').first().textContent())!;
  const again = await request.post('/rest/polls/answer', { headers: { Authorization: `Bearer ${await tokenOf(context)}` }, data: { question, answer: 3 } });
  expect(again.status()).toBe(409);
});

test('the planning downloads as an .ics holding the week\'s lives', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'live');
  await page.getByRole('button', { name: 'Planning des lives' }).click();
  const planning = page.getByRole('dialog', { name: 'Planning des lives' });
  const rows = planning.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const names = (await planning.locator('tbody tr td:nth-child(3)').allTextContents()).map((n) => n.trim());
  expect(names.length).toBeGreaterThan(3);
  const [download] = await Promise.all([page.waitForEvent('download'), planning.getByRole('button', { name: 'Télécharger le calendrier (.ics)' }).click()]);
  expect(download.suggestedFilename()).toBe('comptoir-lives.ics');
  const { readFile } = await import('node:fs/promises');
  const events = parseIcs(await readFile(await download.path(), 'utf8'));
  expect(events.map((e) => e.SUMMARY)).toEqual(names);
  for (const event of events) {
    expect(event.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(toDate(event.DTEND!).getTime()).toBeGreaterThan(toDate(event.DTSTART!).getTime());
  }
  expect(toDate(events.at(-1)!.DTSTART!).getTime() - Date.now()).toBeGreaterThan(3 * 24 * 3_600_000);
});

/** The VEVENTs of an iCalendar text (RFC 5545: CRLF lines, folded lines continue with a space). */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1).replace(/\\([,;\\])/g, '$1');
    }
  }
  return events;
}

const toDate = (value: string) => new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

test('a coach adds a live from the planning editor (beta key) and moves it', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'coach');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Calendrier' }).click();
  await page.getByRole('button', { name: 'Modifier le planning' }).click();
  const editor = page.getByRole('dialog', { name: 'Modifier le planning' });
  await expect(editor.getByRole('button', { name: /^Modifier : Analyse pré-ouverture, Lundi/ })).toBeVisible();
  await editor.getByRole('button', { name: 'Ajouter un live' }).click();
  const name = `Atelier ${unique()}`;
  await editor.getByLabel('Programme').fill(name);
  await editor.getByLabel('Durée (minutes)').fill('3');
  await editor.getByLabel('Intervenant').fill('Coach Comptoir');
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor.getByRole('alert')).toContainText('durée de 5 à 720 minutes');
  await editor.getByLabel('Durée (minutes)').fill('45');
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  await editor.getByLabel('Jour').selectOption({ index: (tomorrow.getDay() + 6) % 7 });
  await editor.getByLabel('Début').fill('21:30');
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor.getByRole('button', { name: new RegExp(`^Modifier : ${name}, \\w+ 21:30$`) })).toBeVisible();
  // The planning behind shows it, by the subscription, in the coach's own time.
  const planning = page.getByRole('dialog', { name: 'Calendrier des lives' });
  await expect(planning.getByRole('row').filter({ hasText: name }).filter({ hasText: '21:30 – 22:15' }).first()).toBeAttached();
  // Moved to 22:00.
  await editor.getByRole('button', { name: new RegExp(`^Modifier : ${name}`) }).click();
  await editor.getByLabel('Début').fill('22:00');
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(planning.getByRole('row').filter({ hasText: name }).filter({ hasText: '22:00 – 22:45' }).first()).toBeAttached();
  await expect(planning.getByRole('row').filter({ hasText: name }).filter({ hasText: '21:30 – 22:15' })).toHaveCount(0);
});
