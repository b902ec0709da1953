import { cpSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium, expect, type Browser, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_ARGS } from '../chromium-path';
import { probeScript } from './page-probe';

/**
 * Debian's Chromium driven by Playwright (FACTS.md: no browser downloads here), with the flags of
 * the e2e tests plus precise memory figures and an exposed GC. Every page gets the probe before
 * the app's first script runs.
 */

const launchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...QUIET_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
};
// No service worker: a kept profile's worker would serve the build it precached, not the one being
// measured (`--reuse`), and its background install would weigh on the timed opens.
const contextOptions = { viewport: { width: 1280, height: 800 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', serviceWorkers: 'block' } as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/** A fresh context: empty local database and HTTP cache (the cold visit). */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...contextOptions, baseURL });
  await context.addInitScript({ content: probeScript() });
  return noteErrors(context);
}

/** The pages' errors, told when a row never shows (a broken build fails with its reason). */
const pageErrors = new WeakMap<BrowserContext, string[]>();
function noteErrors(context: BrowserContext): BrowserContext {
  const errors: string[] = [];
  pageErrors.set(context, errors);
  context.on('weberror', (error) => errors.push(error.error().message));
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return context;
}

/**
 * A browser on a profile folder that persists: its IndexedDB, cookies and HTTP cache. Each is a new
 * browser process, and a browser just started is busy with itself for about a second (its own
 * WebUI renderers, the omnibox popup among them, took about a core for the first 500 ms in a trace
 * here, and its disk cache answered 100 ms late): a returning member opens Comptoir in a browser
 * already running, so nothing is timed before the browser has settled.
 */
export async function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, { ...launchOptions, ...contextOptions, baseURL });
  await context.addInitScript({ content: probeScript() });
  await new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));
  return noteErrors(context);
}
/** How long a freshly started browser is left to its own start-up before a page is timed in it. */
const BROWSER_SETTLE_MS = 2_000;

/** A copy of a prepared profile for one run, so no run sees what another one did. */
export function copyProfile(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, filter: (source) => !basename(source).startsWith('Singleton') });
}

/** The JS heap in MB after two forced garbage collections (CDP, as DevTools does). */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    if (used === undefined) throw new Error('JSHeapUsedSize absent des métriques CDP');
    return used / (1024 * 1024);
  } finally {
    await cdp.detach();
  }
}

/** The chat log of the page (role log named 'Messages', as the e2e tests find it). */
export const chatLog = (page: Page) => page.getByRole('log', { name: 'Messages' }).first();

/** The room buttons of the chat's room list. */
export const roomButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Rooms' }).getByRole('button', { name: new RegExp(`^${name}`) });

/** When the row with this id was first painted on screen (performance.now() of the page). */
export async function paintedAt(page: Page, id: string, timeout = 30_000): Promise<number> {
  try {
    const handle = await page.waitForFunction((rowId) => window.__bench?.painted.get(rowId) ?? null, id, { timeout, polling: 25 });
    return (await handle.jsonValue()) as number;
  } catch (error) {
    const errors = pageErrors.get(page.context()) ?? [];
    // What the page shows instead: the log on screen, its rows and its scroll.
    const shown = await page
      .evaluate(() => {
        const log = window.__bench.shownLog();
        if (!log) return 'aucun journal affiché';
        const ids = [...log.querySelectorAll<HTMLElement>('article[data-id]')].map((row) => row.dataset.id);
        return `journal « ${log.closest('section')?.getAttribute('aria-label') ?? '?'} » : scrollTop ${log.scrollTop} / ${log.scrollHeight - log.clientHeight}, lignes ${ids.join(' ')}`;
      })
      .catch(() => 'page illisible');
    throw new Error(`la ligne ${id} n'est jamais peinte ; ${shown} ; erreurs de la page :\n${errors.slice(-5).join('\n')}`, { cause: error });
  }
}

/** Signs in through the real form (the page must show it), as tests/e2e/sign-in.ts does. */
export async function signInThroughForm(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('E-mail ou pseudo').fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible({ timeout: 20_000 });
}

/** The page's sampling CPU profiler (Chrome DevTools Protocol), started now. */
export async function startPageProfile(page: Page): Promise<{ stop(): Promise<unknown> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return { stop: async () => (await cdp.send('Profiler.stop')).profile };
}
