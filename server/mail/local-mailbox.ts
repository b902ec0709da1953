import type { Database } from '../db/open-database';
import { mailOutbox } from '../db/schema';
import type { MailProvider } from './mail-provider';

const BATCH = 500;

/** The local provider: every e-mail is kept in `mail_outbox`, nothing leaves the machine. */
export function localMailbox(db: Database): MailProvider {
  return {
    async send(mails) {
      for (let i = 0; i < mails.length; i += BATCH) {
        await db.insert(mailOutbox).values(
          mails.slice(i, i + BATCH).map((mail) => ({ toUserId: mail.toUserId, toEmail: mail.to, subject: mail.subject, text: mail.text })),
        );
      }
    },
  };
}
