import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Trade } from '../../src/contract/alerts';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { rooms, users, userSubscriptions } from '../db/schema';
import type { MailProvider, OutgoingMail } from '../mail/mail-provider';
import type { UserRow } from '../users/user-queries';
import type { AlertRow } from './alert-view';
import { alertViewersOf, isUnlocked } from './alert-viewer';

/** Spec 2 §6, the text of the blurred card; the mail of a member without VIP says the same. */
const LOCKED_TEXT = 'Cette notification est réservée aux membres VIP. Deviens VIP pour y accéder !';

/**
 * sendMail on `POST /alerts`: an e-mail to the room's followers, which are here the members who may
 * read the room, the author aside. The content is in it only for those who may read the alert
 * whole, by the same rule as every other call. Returns how many were queued.
 */
export async function mailAlertToFollowers(db: Database, mail: MailProvider, alert: AlertRow, author: UserRow, now: Date = new Date()): Promise<number> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, alert.roomId)).limit(1);
  if (!room) return 0;
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
  const mails: OutgoingMail[] = members.flatMap((member) => {
    const viewer = viewers.get(member.id);
    if (!viewer?.readable.has(room.id)) return [];
    const body = isUnlocked(alert, viewer) ? [alert.content, ...tradeLines(alert.trade)].join('\n') : LOCKED_TEXT;
    return [
      {
        toUserId: member.id,
        to: member.email,
        subject: `Nouvelle notification ${room.name} : ${alert.title}`,
        text: [
          `Bonjour ${member.firstName || member.username},`,
          '',
          `${author.firstName || author.username} a publié « ${alert.title} » dans la room ${room.name}.`,
          '',
          body,
          '',
          `À retrouver sur Comptoir : /notification?room=${encodeURIComponent(room.name)}`,
        ].join('\n'),
      },
    ];
  });
  await mail.send(mails);
  return mails.length;
}

function tradeLines(trade: Trade | null): string[] {
  if (!trade) return [];
  const prices = (['enter', 'sl', 'be', 'tp1', 'tp2', 'tp3'] as const)
    .filter((key) => trade[key] !== null)
    .map((key) => `${key.toUpperCase()} ${trade[key]}`);
  return ['', `Trade : ${[trade.name, trade.order, ...prices].filter((part) => part !== '').join(' · ')}`];
}
