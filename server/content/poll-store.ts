import { and, asc, eq } from 'drizzle-orm';
import { poll, type Poll, type PollAnswer } from '../../src/contract/home-content';
import { contentEntryOf } from '../db/content-entries';
import type { Database } from '../db/open-database';
import { pollAnswers } from '../db/schema';

/** The running poll is the content entry ('poll', 1); none when it is missing. */
export const POLL_TYPE = 'poll';

export async function currentPoll(db: Database): Promise<Poll | null> {
  const row = await contentEntryOf(db, POLL_TYPE, 1);
  return row ? (poll.safeParse(row.data).data ?? null) : null;
}

export async function answersOf(db: Database, userId: number): Promise<PollAnswer[]> {
  return db
    .select({ question: pollAnswers.question, answer: pollAnswers.answer })
    .from(pollAnswers)
    .where(eq(pollAnswers.userId, userId))
    .orderBy(asc(pollAnswers.createdAt));
}

/**
 * Records a member's answer once per question (spec 3 §5). The insert does nothing when an
 * answer exists, so two concurrent posts cannot both land; the stored answer is returned either
 * way, with whether this call wrote it.
 */
export async function answerPoll(db: Database, userId: number, input: PollAnswer): Promise<{ stored: PollAnswer; created: boolean }> {
  const [created] = await db
    .insert(pollAnswers)
    .values({ userId, question: input.question, answer: input.answer })
    .onConflictDoNothing()
    .returning({ question: pollAnswers.question, answer: pollAnswers.answer });
  if (created) return { stored: created, created: true };
  const [stored] = await db
    .select({ question: pollAnswers.question, answer: pollAnswers.answer })
    .from(pollAnswers)
    .where(and(eq(pollAnswers.userId, userId), eq(pollAnswers.question, input.question)))
    .limit(1);
  // The conflict proves a row exists; it cannot be deleted but with the member's account.
  return { stored: stored ?? input, created: false };
}
