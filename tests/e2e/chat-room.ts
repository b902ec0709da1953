import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from './fixtures';
import { io } from 'socket.io-client';
import { CLIENT_EVENTS } from '../../src/contract/chat';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { signIn, signedInPage, tokenOf } from './sign-in';
import { paced } from './pace';

/**
 * A member signed in on their own browser context, on /chat in the given room, at its newest rows
 * (`atNewest: false`: where the room opened, e.g. at a first unread other journeys left there).
 */
export async function member(browser: Browser, identifier: string, room = 'Forex', options: { atNewest?: boolean } = {}): Promise<Page> {
  const page = await signedInPage(await browser.newContext(), identifier, `/chat?room=${room}`);
  await expect(page).toHaveTitle(new RegExp(`ChatRoom ${room}`));
  if (options.atNewest ?? true) await toNewest(page);
  return page;
}

/**
 * The log at its newest rows. A member with unread messages opens the room at the first of them
 * (issue 21), and what earlier journeys posted may be unread here: a journey about new rows goes to
 * the end first, as the member would with 'Revenir au direct'.
 */
export async function toNewest(page: Page): Promise<void> {
  // (A room's first rows on a loaded machine may take longer than an assertion's default 7 s.)
  await expect(page.getByRole('log', { name: 'Messages' }).first().getByRole('article').first()).toBeVisible({ timeout: paced(15_000) });
  const back = page.getByRole('button', { name: /^(Revenir au direct|\d+ nouveaux? messages?)$/ });
  if (await back.isVisible()) {
    await back.click();
    await expect(back).toBeHidden();
  }
}

/** The room's log, its composer, and a text no other journey writes. */
export const log = (page: Page) => page.getByRole('log', { name: 'Messages' }).first();
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Votre message' }).first();
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Where a post goes: a room or a thread. */
export type PostPlace = { room: string } | { parentMessage: string };

/**
 * Posts each text over the page's member's own socket, as another device of theirs would; the
 * stored ids, in order. Slowed down by the flood control, a post is sent again with its same
 * client id once the wait is over, as the app's outbox does.
 */
export async function postOverSocket(page: Page, place: PostPlace, texts: readonly string[]): Promise<string[]> {
  const socket = io(new URL(page.url()).origin, { path: SOCKET_PATH, transports: ['websocket'], auth: { token: await tokenOf(page.context()) }, forceNew: true });
  const ids: string[] = [];
  try {
    for (const content of texts) {
      const payload = { clientId: randomUUID(), content, ...place };
      for (;;) {
        const answer = (await socket.timeout(5000).emitWithAck(CLIENT_EVENTS.post, payload)) as { message?: { _id: string }; error?: string; retryAfterMs?: number };
        if (answer.retryAfterMs !== undefined) {
          await new Promise((resolve) => setTimeout(resolve, answer.retryAfterMs));
          continue;
        }
        expect(answer.message, answer.error).toBeDefined();
        ids.push(answer.message!._id);
        break;
      }
    }
  } finally {
    socket.close();
  }
  return ids;
}
