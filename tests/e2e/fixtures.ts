import { test as base } from '@playwright/test';
import { serverURL } from '../../playwright.config';

/**
 * The journeys' `test`: each Playwright worker drives its own server, with its own embedded
 * database (playwright.config.ts starts one per worker), so two journeys never share a member's
 * state. Contexts made by hand (`browser.newContext()`) and `request` take the same address.
 */
export * from '@playwright/test';
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
});
