import { expect, type Browser, type Page } from '@playwright/test';
import { signIn, signedInPage } from './sign-in';

/** A member signed in on their own browser context, on /chat in the given room. */
export async function member(browser: Browser, identifier: string, room = 'Forex'): Promise<Page> {
  const page = await signedInPage(await browser.newContext(), identifier, `/chat?room=${room}`);
  await expect(page).toHaveTitle(new RegExp(`ChatRoom ${room}`));
  return page;
}

/** The room's log, its composer, and a text no other journey writes. */
export const log = (page: Page) => page.getByRole('log', { name: 'Messages' }).first();
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Votre message' }).first();
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
