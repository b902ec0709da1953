import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GlobalNotificationKey } from '../../src/contract/account';
import type { ChatMessage } from '../../src/contract/chat';
import type { PlanningItem } from '../../src/contract/planning';
import { hourMinute } from '../../src/domain/dates-fr';
import { inboxHref } from '../../src/domain/inbox';
import { visibleText } from '../../src/domain/message-format';
import { levelNotifies } from '../../src/domain/notification-level';
import { NOTICE_TEXT } from '../../src/domain/notification-text-fr';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { rooms, userSubscriptions } from '../db/schema';
import { settingsOf } from '../accounts/notification-defaults';
import { levelsIn } from '../chat/room-levels';
import type { OutgoingPush, PushProvider } from './push-provider';
import { pushExcerpt } from './push-text';

/** Who a room message reaches by push, and why: named in it, or following the thread it answers. */
export type RoomRecipient = { userId: number; notice: 'mention' | 'reply' };

/** The /profil/notif row that decides each kind of push. */
const KEY: Record<RoomRecipient['notice'], GlobalNotificationKey> = { mention: 'mentioned-you', reply: 'thread' };

/**
 * The web pushes of a room message (issue 22): to each member it names ('Nouvelle mention dans
 * Forex') and each follower of the thread it answers ('Nouvelle réponse dans un fil de Forex'),
 * when their box of /profil/notif ('Vous a mentionné', 'Fil de discussion') is ticked for the Web
 * and their level in the room lets it through. One push per member (a mention wins over a reply).
 * The callers pass only members who may read the room and did not block the author.
 */
export async function roomMessagePushes(db: Database, message: ChatMessage, recipients: readonly RoomRecipient[]): Promise<OutgoingPush[]> {
  const byUser = new Map<number, RoomRecipient['notice']>();
  for (const { userId, notice } of recipients) {
    if (userId === message.sender.id) continue;
    if (byUser.get(userId) !== 'mention') byUser.set(userId, notice);
  }
  if (byUser.size === 0) return [];
  const ids = [...byUser.keys()];
  const [[room], settings, levels] = await Promise.all([
    db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, message.room)).limit(1),
    settingsOf(db, ids),
    levelsIn(db, message.room, ids),
  ]);
  if (!room) return [];
  const author = message.sender.firstName || message.sender.username;
  const body = NOTICE_TEXT.line(author, pushExcerpt(visibleText(message.content)) || NOTICE_TEXT.privateAttachment);
  const url = inboxHref({ roomName: room.name, message: message.parentMessage ?? message._id });
  return ids.flatMap((userId) => {
    const notice = byUser.get(userId)!;
    const wanted = settings.get(userId)?.global[KEY[notice]].web === true && levelNotifies(levels.get(userId)!, notice);
    if (!wanted) return [];
    return [{ toUserId: userId, title: notice === 'mention' ? NOTICE_TEXT.mentionTitle(room.name) : NOTICE_TEXT.replyTitle(room.name), body, url }];
  });
}

/** A private message's push to its receivers whose 'Message privé' box is ticked for the Web. */
export async function privateMessagePushes(db: Database, message: ChatMessage, receivers: readonly number[]): Promise<OutgoingPush[]> {
  const ids = receivers.filter((id) => id !== message.sender.id);
  const settings = await settingsOf(db, ids);
  const author = message.sender.firstName || message.sender.username;
  const body = pushExcerpt(visibleText(message.content)) || NOTICE_TEXT.privateAttachment;
  return ids
    .filter((id) => settings.get(id)?.global['private-message'].web === true)
    .map((toUserId) => ({ toUserId, title: NOTICE_TEXT.privateTitle(author), body, url: '/chat' }));
}

/**
 * Lives that just opened (their window starts 15 minutes before the start): a push to every member
 * with the live subscription (4, or 6) whose coaches' notifications are on for the Web.
 */
export async function liveStartPushes(db: Database, lives: readonly PlanningItem[], now: Date): Promise<OutgoingPush[]> {
  if (lives.length === 0) return [];
  const holders = await db
    .selectDistinct({ id: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(and(inArray(userSubscriptions.subscriptionId, [SUBSCRIPTION.LIVE, SUBSCRIPTION.MODERATOR]), gt(userSubscriptions.expiresAt, now)));
  const ids = holders.map((h) => h.id);
  const settings = await settingsOf(db, ids);
  const wanted = ids.filter((id) => settings.get(id)?.general.web === true);
  return lives.flatMap((live) =>
    wanted.map((toUserId) => ({
      toUserId,
      title: NOTICE_TEXT.liveTitle(live.attributes.name),
      body: NOTICE_TEXT.liveBody(live.attributes.speaker, hourMinute(new Date(live.attributes.date))),
      url: '/',
    })),
  );
}

/**
 * The chat's pushes, sent beside the work that causes them (a post is answered before its pushes
 * leave, and a failure is logged, never the post's).
 */
export type ChatPushes = {
  roomMessage(message: ChatMessage, recipients: readonly RoomRecipient[]): void;
  privateMessage(message: ChatMessage, receivers: readonly number[]): void;
  livesStarted(lives: readonly PlanningItem[], now: Date): void;
  /** Settles once every push asked so far has been handed to the provider (tests, shutdown). */
  idle(): Promise<void>;
};

export function createChatPushes(db: Database, push: PushProvider, log: FastifyBaseLogger): ChatPushes {
  const inFlight = new Set<Promise<void>>();
  const send = (build: () => Promise<OutgoingPush[]>, what: string) => {
    const job = build()
      .then((pushes) => push.send(pushes))
      .catch((error: unknown) => log.error({ err: error }, `${what} push failed`))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };
  return {
    roomMessage: (message, recipients) => {
      if (recipients.length > 0) send(() => roomMessagePushes(db, message, recipients), 'room message');
    },
    privateMessage: (message, receivers) => send(() => privateMessagePushes(db, message, receivers), 'private message'),
    livesStarted: (lives, now) => {
      if (lives.length > 0) send(() => liveStartPushes(db, lives, now), 'live start');
    },
    idle: async () => {
      await Promise.all([...inFlight]);
    },
  };
}

/** No pushes (a server without a provider, the tests that do not look at them). */
export const NO_CHAT_PUSHES: ChatPushes = { roomMessage: () => {}, privateMessage: () => {}, livesStarted: () => {}, idle: async () => {} };
