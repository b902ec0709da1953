import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { TradeFields } from '../../src/contract/alerts';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { rooms, users, userSubscriptions } from '../db/schema';
import { generalChannelsOf } from '../accounts/notification-defaults';
import { levelsIn } from '../chat/room-levels';
import { DEFAULT_ROOM_LEVEL, levelNotifies } from '../../src/domain/notification-level';
import type { OutgoingMail } from '../mail/mail-provider';
import type { OutgoingPush } from '../push/push-provider';
import { pushExcerpt } from '../push/push-text';
import type { UserRow } from '../users/user-queries';
import type { AlertRow } from './alert-view';
import { alertViewersOf, isUnlocked } from './alert-viewer';

/** Spec 2 §6, the text of the blurred card; the mail and push of a member without VIP say the same. */
const LOCKED_TEXT = 'Cette notification est réservée aux membres VIP. Deviens VIP pour y accéder !';

/** Which channels to build for: e-mail only when the author asked for it (sendMail). */
export type AlertChannels = { mail: boolean; push: boolean };

/**
 * A new alert to the room's followers, which are here the members who may read the room, the
 * author aside, on the channels each chose for the coaches' notifications (the general row of /profil/notif):
 * an e-mail when the author asked for one (sendMail) and the member's E-mail box is ticked, a web
 * push when the Web box is. The content is in them only for those who may read the alert whole, by
 * the same rule as every other call; the push only when the member's level in the room lets alerts
 * through (issue 22). Built here, sent by the caller through its providers.
 */
export async function alertNotifications(
  db: Database,
  wanted: AlertChannels,
  alert: AlertRow,
  author: UserRow,
  now: Date = new Date(),
  /** A trade update's line (issue 22): the push says it instead of announcing a new alert. */
  update: string | null = null,
): Promise<{ mails: OutgoingMail[]; pushes: OutgoingPush[] }> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, alert.roomId)).limit(1);
  if (!room || (!wanted.mail && !wanted.push)) return { mails: [], pushes: [] };
  // Members holding a subscription that may open the room; room-rights.ts then decides.
  const holders = db
    .select({ id: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(and(inArray(userSubscriptions.subscriptionId, [room.readSubscription, SUBSCRIPTION.MODERATOR]), gt(userSubscriptions.expiresAt, now)));
  const members = await db
    .select()
    .from(users)
    .where(and(ne(users.id, author.id), inArray(users.id, holders)))
    .orderBy(users.id);
  const viewers = await alertViewersOf(db, members, now);
  const followers = members.flatMap((member) => {
    const viewer = viewers.get(member.id);
    return viewer?.readable.has(room.id) ? [{ member, unlocked: isUnlocked(alert, viewer) }] : [];
  });
  const followerIds = followers.map((f) => f.member.id);
  // The member's level in the room decides the push (issue 22: 'Mentions' and 'Rien' hear no alert); the e-mail the author asked for goes by its box alone.
  const [channels, levels] = await Promise.all([generalChannelsOf(db, followerIds), levelsIn(db, room.id, followerIds)]);
  const link = `/notification?room=${encodeURIComponent(room.name)}`;
  const authorName = author.firstName || author.username;

  const mails: OutgoingMail[] = wanted.mail
    ? followers
        .filter(({ member }) => channels.get(member.id)?.mail === true)
        .map(({ member, unlocked }) => ({
          toUserId: member.id,
          to: member.email,
          subject: `Nouvelle notification ${room.name} : ${alert.title}`,
          text: [
            `Bonjour ${member.firstName || member.username},`,
            '',
            `${authorName} a publié « ${alert.title} » dans la room ${room.name}.`,
            '',
            unlocked ? [alert.content, ...tradeLines(alert.trade)].join('\n') : LOCKED_TEXT,
            '',
            `À retrouver sur Comptoir : ${link}`,
          ].join('\n'),
        }))
    : [];
  const pushes: OutgoingPush[] = wanted.push
    ? followers
        .filter(({ member }) => channels.get(member.id)?.web === true && levelNotifies(levels.get(member.id) ?? DEFAULT_ROOM_LEVEL, 'alert'))
        .map(({ member, unlocked }) => ({
          toUserId: member.id,
          title: update ? `Mise à jour du trade ${room.name} : ${alert.title}` : `Nouvelle notification ${room.name} : ${alert.title}`,
          body: !unlocked ? LOCKED_TEXT : update ? `${alert.trade?.name ?? ''} · ${update}`.replace(/^ · /, '') : pushExcerpt(alert.content) || `${authorName} a publié une notification.`,
          url: link,
        }))
    : [];
  return { mails, pushes };
}

function tradeLines(trade: TradeFields | null): string[] {
  if (!trade) return [];
  const prices = (['enter', 'sl', 'be', 'tp1', 'tp2', 'tp3'] as const)
    .filter((key) => trade[key] !== null)
    .map((key) => `${key.toUpperCase()} ${trade[key]}`);
  return ['', `Trade : ${[trade.name, trade.order, ...prices].filter((part) => part !== '').join(' · ')}`];
}
