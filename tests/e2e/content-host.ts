import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from './fixtures';

/** A GraphQL call to the content host as the member of this token; fails the test on any error. */
export async function graphql(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown>) {
  const answer = await request.post('/content/graphql', { headers: { Authorization: `Bearer ${token}` }, data: { query, variables } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: Record<string, unknown> | null; errors?: { message: string }[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** How many items a content list of the server holds (other journeys may have published some). */
export async function serverTotal(request: APIRequestContext, token: string, path: string, query = ''): Promise<number> {
  const answer = await request.get(`${path}?pageSize=1${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
}

/** Axe finds no serious or critical violation on the page, in the light and the dark theme. */
export async function noSeriousViolation(page: Page, where: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${where} (${theme}) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
  });
}

/**
 * What does not fit a phone in the page's content (`#contenu`): sideways scroll, a control sticking
 * out, or one smaller than a 44 px touch target (controls inside a dialog are left out).
 */
export function phoneLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`document ${document.documentElement.scrollWidth}px`);
    const main = document.querySelector('#contenu');
    if (main && main.scrollWidth > main.clientWidth) out.push(`contenu ${main.scrollWidth}px`);
    for (const element of main?.querySelectorAll<HTMLElement>('a[href], button, input, select') ?? []) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || element.closest('dialog')) continue;
      if (box.right > window.innerWidth + 0.5) out.push(`${element.tagName} sticks out`);
      if (box.height < 43.5 || box.width < 43.5) out.push(`${element.tagName} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return out;
  });
}
