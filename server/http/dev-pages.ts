import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REST_BASE } from '../../src/contract/hosts';
import { browserRequestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';

/**
 * The development pages: the local mailbox (every reset and confirmation link), the local Google
 * identity provider (anyone may sign in as anyone) and the local payment providers (they grant
 * for free). Where they are on, they answer only this machine or a staff member.
 */
export const DEV_PAGE_PREFIXES = ['/content/dev/', '/content/local-idp/', `${REST_BASE}/local-pay/`] as const;
export const DEV_PAGE_REFUSED = 'Page de développement réservée à la machine du serveur et au staff';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine: the connection's own peer is loopback and no proxy forwarded it
 * (the forwarded address can be written by anyone, so it never counts).
 */
export function isLocalRequest(request: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

export function registerDevPageGuard(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request, reply) => {
    // The route the router chose, never the address as written: it decodes '/content/%64ev/…' to
    // the same page, which a prefix of the raw address let through to anyone (issue 23).
    const route = request.routeOptions.url;
    if (route === undefined || !DEV_PAGE_PREFIXES.some((prefix) => route.startsWith(prefix))) return;
    if (isLocalRequest(request)) return;
    const user = await browserRequestUser(app, db, request).catch(() => null);
    if (user?.isStaff) return;
    return reply.code(403).send({ error: DEV_PAGE_REFUSED });
  });
}

/** The start-up line: which local providers answer, and the variables that turn them off. */
export function devPagesNotice(config: { mailboxPage: boolean; localPayments: boolean; google: unknown; stripe: unknown }): string | null {
  const on = [
    ...(config.mailboxPage ? ['boîte mail locale (/content/dev/mailbox)'] : []),
    ...(config.mailboxPage && !config.google ? ['connexion Google locale'] : []),
    ...(config.localPayments ? ['paiements locaux (cartes de test, PayPal et crypto locaux)'] : []),
  ];
  if (on.length === 0) return null;
  return `Fournisseurs locaux actifs : ${on.join(', ')} — réservés à cette machine et au staff ; pour les couper : NODE_ENV=production, ou MAILBOX_PAGE=0 et LOCAL_PAYMENTS=0.`;
}
