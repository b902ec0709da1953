import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

/** No serious or critical accessibility violation (colour contrast included) inside this part of the page. */
export async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
