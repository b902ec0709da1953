import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { accountCodes } from '../db/schema';

export type CodePurpose = 'reset' | 'confirm';

/** A reset code is good for one hour; a confirmation link for 30 days. */
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = { reset: 60 * 60 * 1000, confirm: 30 * 24 * 60 * 60 * 1000 };

/** Only this digest is stored: the code itself exists in the e-mail alone. */
export const digestOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/** A fresh random code (192 bits) and its digest. */
export function newCode(): { code: string; digest: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, digest: digestOf(code) };
}

export async function storeCode(db: Database, userId: number, purpose: CodePurpose, digest: string, now: Date): Promise<void> {
  await db.insert(accountCodes).values({
    userId,
    purpose,
    codeHash: digest,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS[purpose]),
    createdAt: now,
  });
}

/**
 * Spends a code: marks it used if it exists for this purpose, is unused and unexpired, in one
 * statement so two requests racing with the same code cannot both win. Answers its user, or null.
 */
export async function spendCode(db: Database, purpose: CodePurpose, code: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(accountCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountCodes.codeHash, digestOf(code)),
        eq(accountCodes.purpose, purpose),
        isNull(accountCodes.usedAt),
        gt(accountCodes.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ userId: accountCodes.userId });
  return row?.userId ?? null;
}

/** After a reset, the member's other reset codes die with the old password. */
export async function spendAllCodes(db: Database, userId: number, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .update(accountCodes)
    .set({ usedAt: now })
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.usedAt)));
}
