import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider';

/** The real provider, selected when `SMTP_URL` is set: each e-mail goes out through that server. */
export function smtpMailer(smtpUrl: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mails) {
      for (const mail of mails) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      }
    },
  };
}
