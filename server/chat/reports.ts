import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ReportEntry, ReportInput, ReportReason, ResolveAction } from '../../src/contract/reports';
import { REPORT_REASONS } from '../../src/contract/reports';
import { REPORT_TEXT } from '../../src/domain/report-text-fr';
import type { Database } from '../db/open-database';
import { messageReports, messages } from '../db/schema';
import type { UserRow } from '../users/user-queries';
import { NOT_ALLOWED } from './chat-access';
import { mayReadMessage } from './message-actions';
import { sendersById, toChatMessages } from './message-view';
import { logModeration } from './moderation';

/** The open entries the queue lists at most (the oldest beyond wait for the newer to be handled). */
const QUEUE_MAX = 200;

export type Refusal = { error: string; status: 400 | 403 | 404 };

/**
 * 'Signaler' (issue 22): a member reports a message of a room, a thread or an alert's comments
 * they may read, never their own nor a private one. One report per member and message: a second
 * one while the first is open records nothing (`already`); once classed, a new report opens it
 * again.
 */
export async function reportMessage(db: Database, user: UserRow, input: Required<ReportInput>, now: Date = new Date()): Promise<Refusal | { already: boolean; messageId: string }> {
  const [message] = await db.select().from(messages).where(eq(messages.id, input.messageId)).limit(1);
  if (!message || message.deletedAt !== null || message.roomId === null) return { error: REPORT_TEXT.notFound, status: 404 };
  if (message.authorId === user.id) return { error: REPORT_TEXT.ownMessage, status: 400 };
  if (!(await mayReadMessage(db, user, { ...message, roomId: message.roomId }, now))) return { error: NOT_ALLOWED, status: 403 };
  const report = { reason: input.reason, details: input.details.trim(), createdAt: now, resolvedAt: null, resolvedBy: null, resolution: null };
  const written = await db
    .insert(messageReports)
    .values({ messageId: message.id, reporterId: user.id, roomId: message.roomId, ...report })
    .onConflictDoUpdate({ target: [messageReports.messageId, messageReports.reporterId], set: report, where: isNotNull(messageReports.resolvedAt) })
    .returning({ messageId: messageReports.messageId });
  return { already: written.length === 0, messageId: message.id };
}

/** The open reports, one entry per live message, most recently reported first; only `messageIds` when given. */
export async function openReports(db: Database, messageIds?: readonly string[]): Promise<ReportEntry[]> {
  if (messageIds?.length === 0) return [];
  const rows = await db
    .select({ report: messageReports, message: messages })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .where(and(isNull(messageReports.resolvedAt), isNull(messages.deletedAt), messageIds ? inArray(messageReports.messageId, [...messageIds]) : undefined))
    .orderBy(desc(messageReports.createdAt))
    .limit(QUEUE_MAX * 5);
  const byMessage = new Map<string, { message: typeof messages.$inferSelect; reports: (typeof messageReports.$inferSelect)[] }>();
  for (const row of rows) {
    const entry = byMessage.get(row.message.id) ?? { message: row.message, reports: [] };
    entry.reports.push(row.report);
    byMessage.set(row.message.id, entry);
  }
  const entries = [...byMessage.values()].slice(0, QUEUE_MAX);
  const [views, reporters] = await Promise.all([
    toChatMessages(db, entries.map((e) => e.message), null),
    sendersById(db, entries.flatMap((e) => e.reports.map((r) => r.reporterId))),
  ]);
  return entries.map((entry, index) => {
    const counts = new Map<ReportReason, number>();
    for (const report of entry.reports) {
      const reason = REPORT_REASONS.find((r) => r === report.reason) ?? 'other';
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
    const dates = entry.reports.map((r) => r.createdAt.getTime());
    return {
      _id: entry.message.id,
      message: views[index]!,
      reasons: REPORT_REASONS.flatMap((reason) => (counts.has(reason) ? [{ reason, count: counts.get(reason)! }] : [])),
      details: entry.reports.map((r) => r.details).filter((d) => d !== ''),
      reporters: entry.reports.flatMap((r) => {
        const reporter = reporters.get(r.reporterId);
        return reporter ? [reporter] : [];
      }),
      firstReportedAt: new Date(Math.min(...dates)).toISOString(),
      lastReportedAt: new Date(Math.max(...dates)).toISOString(),
    };
  });
}

/** A moderator closes every open report of a message, with what was done; false when none was open. */
export async function resolveReports(db: Database, moderator: UserRow, messageId: string, action: ResolveAction, now: Date = new Date()): Promise<boolean> {
  const closed = await db
    .update(messageReports)
    .set({ resolvedAt: now, resolvedBy: moderator.id, resolution: action === 'delete' ? 'deleted' : 'dismissed' })
    .where(and(eq(messageReports.messageId, messageId), isNull(messageReports.resolvedAt)))
    .returning({ messageId: messageReports.messageId });
  if (closed.length === 0) return false;
  await logModeration(db, { moderatorId: moderator.id, action: action === 'delete' ? 'report_deleted' : 'report_dismissed', messageId }, now);
  return true;
}
