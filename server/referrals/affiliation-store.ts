import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { ALL_PRODUCTS } from '../../src/domain/pricing';
import { normaliseReferralCode, REFERRAL } from '../../src/domain/referral';
import type { Database } from '../db/open-database';
import { affiliations, coupons, payments, users } from '../db/schema';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(username: string): string {
  const stem = username.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 8) || 'COMPTOIR';
  let suffix = '';
  for (let i = 0; i < 4; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${stem.length >= 2 ? stem : `${stem}X`}-${suffix}`;
}

export type AffiliationRow = typeof affiliations.$inferSelect;

export async function affiliationOf(db: Database, userId: number): Promise<AffiliationRow | null> {
  const [row] = await db.select().from(affiliations).where(eq(affiliations.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Creates the member's affiliation once: a unique code and its coupon of the same code (20 % off
 * every product). Null when the member already has one. A code already taken (by an affiliation
 * or a coupon) is drawn again.
 */
export async function createAffiliation(db: Database, user: { id: number; username: string }): Promise<AffiliationRow | null> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = newCode(user.username);
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).limit(1);
      if (taken) return 'retry' as const;
      const [row] = await tx.insert(affiliations).values({ userId: user.id, code }).onConflictDoNothing().returning();
      if (!row) {
        // Either this member has one already, or the code was taken meanwhile.
        const [mine] = await tx.select().from(affiliations).where(eq(affiliations.userId, user.id)).limit(1);
        return mine ? null : ('retry' as const);
      }
      await tx.insert(coupons).values({ code, newPrices: { [ALL_PRODUCTS]: 1 - REFERRAL.couponPercent / 100 } });
      return row;
    });
    if (created !== 'retry') return created;
  }
  throw new Error('aucun code de parrainage libre');
}

/** The referrer a code names (an affiliation's code or coupon), null when none. */
export async function referrerOfCode(db: Database, raw: string | null | undefined): Promise<number | null> {
  const code = normaliseReferralCode(raw);
  if (code === null) return null;
  const [row] = await db.select({ userId: affiliations.userId }).from(affiliations).where(eq(affiliations.code, code)).limit(1);
  return row?.userId ?? null;
}

/**
 * Records who referred a member, from the codes a visit or a purchase carries (the referral
 * cookie, the internal marker, the coupon typed), the first that names a referrer: once (the
 * first referrer stays), never the member themselves, and only before the member's first paid
 * purchase. Returns the referrer recorded now, if any.
 */
export async function recordReferrer(db: Database, userId: number, codes: readonly (string | null | undefined)[]): Promise<number | null> {
  let referrerId: number | null = null;
  for (const code of codes) {
    const found = await referrerOfCode(db, code);
    if (found !== null && found !== userId) {
      referrerId = found;
      break;
    }
  }
  if (referrerId === null) return null;
  const [paid] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded'), inArray(payments.kind, ['purchase', 'upgrade'])));
  if ((paid?.n ?? 0) > 0) return null;
  const [row] = await db
    .update(users)
    .set({ referredBy: referrerId })
    .where(and(eq(users.id, userId), isNull(users.referredBy)))
    .returning({ id: users.id });
  return row ? referrerId : null;
}
