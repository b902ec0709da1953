/** One e-mail to one member. */
export type OutgoingMail = { toUserId: number | null; to: string; subject: string; text: string };

/**
 * How the server sends e-mail (DESIGN.md "External services"): the local mailbox by default and in
 * tests (server/mail/local-mailbox.ts); a real provider's adapter is selected by configuration and
 * implements the same call.
 */
export type MailProvider = { send(mails: readonly OutgoingMail[]): Promise<void> };
