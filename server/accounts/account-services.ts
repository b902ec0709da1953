import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/open-database';
import type { MailProvider } from '../mail/mail-provider';
import type { SessionEnds } from '../auth/session-ends';
import type { Limits } from '../http/shared-limits';

/** What the account routes share: the database, the mail provider, the outside providers' settings. */
export type AccountServices = Pick<ServerConfig, 'contactEmail' | 'publicUrl' | 'mailboxPage' | 'recaptcha' | 'google' | 'registerLimit'> & {
  app: FastifyInstance;
  db: Database;
  mail: MailProvider;
  /** The VAPID public key browsers subscribe to web push with (server/push/vapid-keys.ts). */
  vapidPublicKey: string;
  uploadsDir: string;
  /** The clock codes expire by (tests move it). */
  now: () => Date;
  /** Closes the connections of a member whose token version has just moved on. */
  sessions: SessionEnds;
  /** The throttles' counters (in Redis when the deployment has several processes). */
  limits: Limits;
};

/** Where members reach the app, for links in e-mails and redirects: `PUBLIC_URL`, else this request's origin. */
export function publicOrigin(services: Pick<AccountServices, 'publicUrl'>, request: FastifyRequest): string {
  return services.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Waits until `ms` have passed since `startedAt`, so an answer's timing says nothing about the path taken. */
export async function padTo(startedAt: number, ms: number): Promise<void> {
  const left = startedAt + ms - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
