import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser, type Page } from './fixtures';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './app-routes';
import { signInContext } from './sign-in';
import { paced, journeyTime } from './pace';

/**
 * Issue 16, "accessible": axe finds no serious or critical violation on any route, for every
 * account, in both themes, at desktop and phone widths, nor with the messaging panel, a dialog,
 * the room switcher or a thread open. Fast by design: axe's source goes into the document once,
 * routes change inside that document (wouter follows `popstate`), and both themes are checked on
 * each rendered screen.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WIDTHS = [
  { name: '1400×900', width: 1400, height: 900 },
  { name: '390×844', width: 390, height: 844 },
] as const;

type Theme = 'light' | 'dark';
type Width = (typeof WIDTHS)[number];
type Finding = { rule: string; impact: string; help: string; targets: string[] };
type Where = { state: string; account: string; theme: Theme; width: string };

/** Serious and critical findings, collected over a whole test and reported by rule, then by element. */
class Findings {
  private readonly found: (Finding & Where)[] = [];
  add(where: Where, findings: Finding[]) {
    for (const finding of findings) this.found.push({ ...finding, ...where });
  }
  report(): string[] {
    const byRule = new Map<string, Map<string, string[]>>();
    for (const f of this.found) {
      const byTarget = byRule.get(`${f.rule} (${f.impact}): ${f.help}`) ?? new Map<string, string[]>();
      byRule.set(`${f.rule} (${f.impact}): ${f.help}`, byTarget);
      for (const target of f.targets) byTarget.set(target, [...(byTarget.get(target) ?? []), `${f.state} · ${f.account} · ${f.theme} · ${f.width}`]);
    }
    return [...byRule].flatMap(([rule, byTarget]) => [rule, ...[...byTarget].flatMap(([target, where]) => [`  ${target}`, `      in ${where.join(' | ')}`])]);
  }
}

/**
 * Axe over the document in one theme. The theme only swaps CSS colour variables (the markup stays
 * as it is), so the second theme needs only the rules that read colours.
 */
async function analyse(page: Page, theme: Theme, rules: 'all' | 'colours'): Promise<Finding[]> {
  const run = () =>
    page.evaluate(
      async ({ theme, tags, colourRules, rules }) => {
        const axe = (window as unknown as { axe?: typeof import('axe-core') }).axe;
        if (!axe) return null;
        // As the app's toggle does (`applyTheme`): `data-theme` on <html>, remembered in localStorage.
        localStorage.setItem('theme', theme);
        document.documentElement.dataset.theme = theme;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const runOnly = rules === 'all' ? { type: 'tag' as const, values: tags } : { type: 'rule' as const, values: colourRules };
        const result = await axe.run(document, { runOnly, resultTypes: ['violations'], iframes: false });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 90)}`) }));
      },
      { theme, tags: TAGS, colourRules: COLOUR_RULES, rules },
    );
  const found = await run();
  if (found !== null) return found;
  await page.evaluate(AXE_SOURCE);
  return (await run()) ?? [];
}

/** Goes to a path inside the document, as a link would. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
}

/** The screen shows its heading (or its log) and the page has stopped changing; fades have ended. */
async function settled(page: Page) {
  await page.locator('h1, [role="log"]').filter({ visible: true }).first().waitFor({ timeout: paced(10_000) });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = 0;
        const done = () => {
          observer.disconnect();
          resolve();
        };
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = window.setTimeout(done, 60);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        timer = window.setTimeout(done, 60);
        window.setTimeout(done, 3000);
      }),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Both themes on the screen as it is: every rule in the light one, the colour rules in the dark one. */
async function checkThemes(page: Page, findings: Findings, where: Omit<Where, 'theme'>) {
  findings.add({ ...where, theme: 'light' }, await analyse(page, 'light', 'all'));
  findings.add({ ...where, theme: 'dark' }, await analyse(page, 'dark', 'colours'));
}

/**
 * Issue 23: the Content-Security-Policy's refusals during the sweep (a script, frame, style, image
 * or connection the policy blocked), reported to the test through a binding the page's policy
 * does not govern; the sweep fails on any.
 */
async function watchPolicy(page: Page, refused: string[]): Promise<void> {
  await page.exposeBinding('__reportCsp', (_source, line: string) => void refused.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCsp?: (line: string) => void }).__reportCsp;
      report?.(`${location.pathname}${location.search}: ${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

async function open(browser: Browser, account: string | null, refused: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watchPolicy(page, refused);
  if (account) await signInContext(context, `${account}@comptoir.test`);
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  return page;
}

async function sweepRoutes(page: Page, findings: Findings, account: string, routes: readonly string[], width: Width) {
  for (const route of routes) {
    await go(page, route);
    // A room's first messages, or the dialog of a room one cannot read. (Visible ones: the room
    // shown before stays in the page, hidden, for an instant switch back; its rows come first.)
    if (route.startsWith('/chat'))
      await page.locator('[role="log"] article, dialog[open]').filter({ visible: true }).first().waitFor({ timeout: paced(5_000) });
    await checkThemes(page, findings, { state: route, account, width: width.name });
  }
}

/** The messaging panel, the logout dialog and a thread, each open in turn over the Forex room. */
async function sweepOpenStates(page: Page, findings: Findings, account: string, width: Width) {
  await go(page, '/chat?room=Forex');
  const where = { account, width: width.name };
  // A room one cannot read opens 'Accès non autorisé' (checked with the routes): closed first.
  const locked = page.getByRole('dialog', { name: 'Accès non autorisé' });
  if (await locked.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(locked).toBeHidden();
  }

  const messaging = page.getByRole('banner').getByRole('button', { name: /^Messagerie/ });
  await messaging.click();
  // The messaging sheet, or the access prompt for a member without messaging.
  await page.getByRole('dialog').first().waitFor();
  await settled(page);
  await checkThemes(page, findings, { ...where, state: 'panneau Messagerie ouvert' });
  await page.keyboard.press('Escape');

  if (width.width < 900) await page.getByRole('button', { name: 'Plus', exact: true }).click();
  await page.getByRole('button', { name: 'Déconnexion' }).filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Voulez-vous vraiment vous déconnecter ?' });
  await dialog.waitFor();
  await settled(page);
  await checkThemes(page, findings, { ...where, state: 'dialogue de déconnexion' });
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(dialog).toBeHidden();

  // The room switcher (Ctrl+K), with a query typed: the combobox, its listbox and an active option.
  await page.keyboard.press('Control+k');
  const switcher = page.getByRole('dialog', { name: 'Aller à une room' });
  await switcher.waitFor();
  await page.keyboard.type('o');
  await settled(page);
  await checkThemes(page, findings, { ...where, state: 'sélecteur de room ouvert' });
  await page.keyboard.press('Escape');
  await expect(switcher).toBeHidden();

  // A thread, where the member reads the room.
  const reply = page.getByRole('log', { name: 'Messages' }).first().getByRole('button', { name: /^(Répondre|\d+ réponses?)$/ }).last();
  if ((await reply.count()) === 0) return;
  await reply.click();
  const thread = page.getByRole('complementary', { name: 'Fil de discussion' });
  await thread.waitFor();
  await settled(page);
  await checkThemes(page, findings, { ...where, state: 'fil de discussion ouvert' });
  await thread.getByRole('button', { name: /^(Fermer le fil|Retour)$/ }).filter({ visible: true }).click();
  await expect(thread).toBeHidden();
}

for (const account of [null, 'membre', 'vip', 'coach'] as const) {
  test(`axe: no serious or critical violation, no policy refusal — ${account ?? 'déconnecté'}, every route, light and dark, desktop and phone`, async ({ browser }) => {
    test.setTimeout(journeyTime(180_000));
    const findings = new Findings();
    const refused: string[] = [];
    const page = await open(browser, account, refused);
    const name = account ?? 'déconnecté';
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width: width.width, height: width.height });
        await sweepRoutes(page, findings, name, account ? SIGNED_IN_ROUTES : SIGNED_OUT_ROUTES, width);
        if (account) await sweepOpenStates(page, findings, name, width);
      }
    } finally {
      // What was found so far shows even when the sweep stopped on the way.
      expect.soft(findings.report()).toEqual([]);
      expect.soft(refused, 'refusals of the Content-Security-Policy').toEqual([]);
      await page.context().close();
    }
  });
}
