import type { WebPushPayload } from '../../src/contract/account';

/** One notification to every browser a member subscribed with (title, body and path in French). */
export type OutgoingPush = WebPushPayload & { toUserId: number };

/**
 * How the server reaches browsers (like `MailProvider` for e-mail): web push through the members'
 * push services (server/push/web-push-sender.ts).
 */
export type PushProvider = { send(pushes: readonly OutgoingPush[]): Promise<void> };
