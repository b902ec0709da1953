import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { TOKEN_COOKIE } from '../../src/sync/token-cookie';
import { launchBrowser } from '../bench/bench-browser';
import { buildClient } from '../bench/bench-server';

/**
 * The soak's members in a real Chromium (the app itself: its RxDB outbox, its sync): each writes in
 * Forex, goes offline and writes more, reloads the page with those messages still in its outbox,
 * stays offline `offlineMs`, comes back, and writes again. Each of their texts must end in the
 * history exactly once (run-soak.ts reads it).
 */

/** `deliverWithinMs`: how long its outbox may take to empty once it wrote its last (the socket members' settle, beside the soak's own writing). */
export type BrowserPlan = { offlineMs: number; online: number; offline: number; deliverWithinMs: number };
export type BrowserOutcome = { offlineMs: number; texts: string[]; error: string | null };

const root = new URL('../../', import.meta.url).pathname;

/**
 * The built client: `dist/` when the smoke finds it (the e2e tests of `npm test` built it just
 * before); otherwise a build of its own, so a concurrent `vite build` is never disturbed.
 */
export async function builtClient(reuse: boolean): Promise<string> {
  const dist = join(root, 'dist');
  if (reuse && existsSync(join(dist, 'index.html'))) return dist;
  const outDir = mkdtempSync(join(tmpdir(), 'comptoir-soak-client-'));
  await buildClient(outDir);
  return outDir;
}

export async function runBrowserMembers(url: string, members: { token: string; plan: BrowserPlan }[], label: string): Promise<BrowserOutcome[]> {
  const browser = await launchBrowser();
  try {
    return await Promise.all(members.map((member, n) => browserMember(browser, url, member.token, member.plan, `${label}-${n}`)));
  } finally {
    await browser.close();
  }
}

async function browserMember(browser: Browser, url: string, token: string, plan: BrowserPlan, label: string): Promise<BrowserOutcome> {
  const texts: string[] = [];
  const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', timezoneId: 'Europe/Paris', serviceWorkers: 'block' });
  await context.addCookies([{ name: TOKEN_COOKIE, value: token, url }]);
  const page = await context.newPage();
  const write = async (phase: string, n: number) => {
    for (let i = 0; i < n; i += 1) {
      const text = `Navigateur ${label} ${phase} ${i} ${Date.now().toString(36)}`;
      texts.push(text);
      await composer(page).fill(text);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
      await log(page).getByRole('article').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
    }
  };
  try {
    await openForex(page);
    await write('en-ligne', plan.online);
    await context.setOffline(true);
    await write('hors-ligne', plan.offline);
    // Reloaded with its messages in the outbox: without network (and no service worker here) the
    // page does not come back; the outbox waits in the browser's IndexedDB.
    await page.reload({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(plan.offlineMs);
    await context.setOffline(false);
    await openForex(page);
    await write('retour', plan.online);
    // Delivered: nothing left waiting in the page.
    // Delivered: nothing left in the outbox (sending, waiting, or refused: 'Non envoyé' is a loss),
    // seen twice a second apart in the log on screen (one look may fall while the log re-renders).
    const left = await outboxLeft(page, plan.deliverWithinMs);
    if (left.length > 0) return { offlineMs: plan.offlineMs, texts, error: `encore dans la boîte d'envoi : ${left.join(' | ')}` };
    return { offlineMs: plan.offlineMs, texts, error: null };
  } catch (error) {
    await page.screenshot({ path: join(tmpdir(), `comptoir-soak-${label}.png`) }).catch(() => undefined);
    return { offlineMs: plan.offlineMs, texts, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await context.close();
  }
}

/** The chat on Forex; the server may be down (the soak kills it): tried again until it answers. */
async function openForex(page: Page): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await page.goto('/chat?room=Forex', { timeout: 30_000 });
      await composer(page).waitFor({ timeout: 30_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.waitForTimeout(1000);
    }
  }
  // What is written next goes to the room shown: Forex, as asked, or the soak says which.
  const shown = await page.getByRole('region', { name: 'Forex', exact: true }).waitFor({ timeout: 10_000 }).then(
    () => null,
    () => page.locator('section[aria-label]').evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')).join(', ')),
  );
  if (shown !== null) throw new Error(`/chat?room=Forex montre : ${shown}`);
}

/** The outbox rows still in Forex's log after waiting up to `ms` for none (each as its text). */
async function outboxLeft(page: Page, ms: number): Promise<string[]> {
  const deadline = Date.now() + ms;
  let emptyBefore = false;
  for (;;) {
    const rows = await log(page)
      .locator('article[data-status]')
      .allInnerTexts()
      .catch(() => null);
    const empty = rows !== null && rows.length === 0 && (await log(page).isVisible());
    if (empty && emptyBefore) return [];
    emptyBefore = empty;
    if (Date.now() > deadline) return (rows ?? ['journal illisible']).map((t) => t.replace(/\s+/g, ' '));
    await page.waitForTimeout(1000);
  }
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' }).first();
const composer = (page: Page) => page.getByRole('textbox', { name: 'Votre message' }).first();
