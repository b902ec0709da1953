import { expect } from 'vitest';
import type { TestServer } from './test-server';

export type MailboxEntry = { id: number; to: string; subject: string; text: string; createdAt: string };

/** The newest e-mail to `to` whose subject matches, waiting briefly (some are sent after the answer). */
export async function latestMail(server: TestServer, to: string, subject: RegExp): Promise<MailboxEntry> {
  for (let i = 0; i < 50; i += 1) {
    const mails = (await (await server.get('/content/dev/mailbox.json')).json()) as MailboxEntry[];
    const found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`aucun e-mail « ${subject.source} » pour ${to}`);
}

/** The code after `param=` in the e-mail's link. */
export function codeIn(mail: MailboxEntry, param: string): string {
  const match = new RegExp(`[?&]${param}=([^\\s&]+)`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? '');
}

export async function jsonOf<T = unknown>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}
