import type { Agent } from 'node:https';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pushSubscription, type WebPushPayload } from '../../src/contract/account';
import type { Database } from '../db/open-database';
import { pushEndpoints } from '../db/schema';
import type { OutgoingPush, PushProvider } from './push-provider';
import type { VapidKeys } from './vapid-keys';

/** Pushes in flight at once, so that an alert to many members does not open thousands of sockets. */
const CONCURRENCY = 16;
/** How long a push service keeps a message for a browser that is off (a day: alerts age fast). */
const TTL_SECONDS = 24 * 60 * 60;
/** The push service's answers meaning the subscription is gone for good. */
const GONE = new Set([404, 410]);

export type WebPushSenderOptions = {
  log: FastifyBaseLogger;
  /** The HTTPS agent pushes go through (the tests trust their local push service's certificate). */
  agent?: Agent;
  timeoutMs?: number;
};

/**
 * Web push (RFC 8030/8291/8292, the `web-push` library): each push is encrypted for every browser
 * the member subscribed with and signed with the VAPID keys. A subscription the push service says
 * is gone (404, 410) is removed; other failures are logged and the others still go.
 */
export function webPushSender(db: Database, vapid: VapidKeys, options: WebPushSenderOptions): PushProvider {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

  async function deliver(endpointId: number, subscription: unknown, payload: WebPushPayload): Promise<void> {
    const decoded = pushSubscription.safeParse(subscription);
    if (!decoded.success) {
      // Stored before the contract was this strict: it can never be encrypted for.
      await db.delete(pushEndpoints).where(eq(pushEndpoints.id, endpointId));
      return;
    }
    // (The library loads with the first push: a server that sends none leaves it out.)
    const { default: webpush } = await import('web-push');
    try {
      await webpush.sendNotification(decoded.data, JSON.stringify(payload), {
        vapidDetails,
        TTL: TTL_SECONDS,
        timeout: options.timeoutMs ?? 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      });
    } catch (error) {
      if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) {
        await db.delete(pushEndpoints).where(eq(pushEndpoints.id, endpointId));
        return;
      }
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      options.log.warn({ endpointId, status, reason: error instanceof Error ? error.message : String(error) }, 'web push failed');
    }
  }

  return {
    async send(pushes: readonly OutgoingPush[]): Promise<void> {
      if (pushes.length === 0) return;
      const byUser = new Map<number, WebPushPayload[]>();
      for (const { toUserId, ...payload } of pushes) byUser.set(toUserId, [...(byUser.get(toUserId) ?? []), payload]);
      const endpoints = await db
        .select({ id: pushEndpoints.id, userId: pushEndpoints.userId, subscription: pushEndpoints.subscription })
        .from(pushEndpoints)
        .where(and(eq(pushEndpoints.channel, 'WEB'), inArray(pushEndpoints.userId, [...byUser.keys()])))
        .orderBy(pushEndpoints.id);
      const jobs = endpoints.flatMap((endpoint) =>
        (byUser.get(endpoint.userId) ?? []).map((payload) => () => deliver(endpoint.id, endpoint.subscription, payload)),
      );
      for (let start = 0; start < jobs.length; start += CONCURRENCY) {
        await Promise.all(
          jobs.slice(start, start + CONCURRENCY).map((job) =>
            job().catch((error: unknown) => options.log.error({ err: error }, 'web push bookkeeping failed')),
          ),
        );
      }
    },
  };
}
