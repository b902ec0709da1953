import type { MailProvider } from './mail-provider';

/**
 * The real provider, selected when `SMTP_URL` is set: each e-mail goes out through that server.
 * (nodemailer loads with the first e-mail: a server without SMTP leaves its 3 MB of heap out.)
 */
export function smtpMailer(smtpUrl: string, from: string): MailProvider {
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  return {
    async send(mails) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      for (const mail of mails) {
        await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      }
    },
  };
}
