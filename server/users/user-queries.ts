import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionEntry, User } from '../../src/contract/user';
import type { Database } from '../db/open-database';
import { users, userSubscriptions } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Sign-in accepts the e-mail or the pseudo (spec 1 §7), both without regard to case. */
export async function findUserByIdentifier(db: Database, identifier: string): Promise<UserRow | undefined> {
  const wanted = identifier.trim().toLowerCase();
  const condition = wanted.includes('@') ? eq(users.email, wanted) : eq(sql`lower(${users.username})`, wanted);
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row;
}

export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function subscriptionsOf(db: Database, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(userSubscriptions.subscriptionId);
}

export async function holdsSubscription(db: Database, userId: number, subscriptionId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: userSubscriptions.subscriptionId })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.subscriptionId, subscriptionId),
        sql`${userSubscriptions.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The wire shape of `GET /api/users/me` (spec 1 §3 User); never carries the hash or token version. */
export function toUserDto(row: UserRow, subscriptions: SubscriptionRow[]): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    metadata: {
      firstName: row.firstName,
      lastName: row.lastName,
      description: row.description,
      phoneNumber: row.phoneNumber,
      picture: row.picture ?? null,
    },
    tradingview: row.tradingview,
    billing: row.billing ?? null,
    abonnements: toAbonnements(subscriptions),
    settings: { isNewVIP: row.isNewVip, displayAvis: row.displayAvis },
    stripeConnectId: row.stripeConnectId ?? null,
    canWriteNews: row.canWriteNews,
    isStaff: row.isStaff,
  };
}

/** Subscriptions as the wire carries them (spec 1 §3 abonnements). */
export function toAbonnements(subscriptions: SubscriptionRow[]): SubscriptionEntry[] {
  return subscriptions.map((s) => ({ abonnement: { id: s.subscriptionId }, expiration: s.expiresAt.toISOString() }));
}
