import { expect, test } from './fixtures';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './app-routes';

/**
 * Issue 23, security headers on the app's pages (the accessibility sweep, which walks every route
 * for every account, also fails on any refusal of the Content-Security-Policy: a11y.spec.ts).
 */
test('every page is served with its policy: scripts from our origin only, never framed, a referrer and a permissions policy', async ({ request }) => {
  for (const route of [...new Set([...SIGNED_OUT_ROUTES, ...SIGNED_IN_ROUTES])]) {
    const answer = await request.get(route);
    expect(answer.status(), route).toBe(200);
    const headers = answer.headers();
    expect(headers['content-security-policy'], route).toContain("script-src 'self';");
    expect(headers['content-security-policy'], route).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], route).toContain("object-src 'none'");
    expect(headers['x-frame-options'], route).toBe('DENY');
    expect(headers['x-content-type-options'], route).toBe('nosniff');
    expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], route).toContain('microphone=(self)');
    // The served page holds no inline script (the theme's is /theme.js).
    expect(await answer.text(), route).not.toMatch(/<script>(?!<\/script>)/);
  }
});

test('the theme is applied before the first paint from its own file, under the policy', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
});
