import { and, desc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { alertAuthor } from '../../src/contract/alerts';
import { SEARCH_MIN_LENGTH } from '../../src/domain/chat-limits';
import type { Database } from '../db/open-database';
import { alerts, uploads, users } from '../db/schema';
import { olderThan, type PageCursor } from '../chat/page-cursor';
import { escapeLike } from '../routes/chat-routes';
import type { UserRow } from '../users/user-queries';
import type { AlertRow } from './alert-view';
import { unlockedRooms, type AlertViewer } from './alert-viewer';

export const ALERTS_PAGE_SIZE = 20;
/** The home page's summary list (spec 3 §2). */
export const ALERTS_SUMMARY_SIZE = 10;

export type AlertFilter = {
  /** null: every room. */
  rooms: string[] | null;
  authorId: number | null;
  audio: boolean;
  /** Ignored under 3 characters (spec 2 §5). */
  query: string | null;
  before: PageCursor | null;
};

/**
 * Live alerts matching the filter, newest first (keyset on created_at, id), `limit` rows. No filter
 * matches on what the viewer may not see: the search reads the content, and the audio type the
 * attachments, only of the alerts shown whole to them; the title is on every card.
 */
export async function alertRows(db: Database, viewer: AlertViewer, filter: AlertFilter, limit: number): Promise<AlertRow[]> {
  if (filter.rooms !== null && filter.rooms.length === 0) return [];
  const open = unlockedFor(viewer);
  const text = filter.query?.trim() ?? '';
  const pattern = `%${escapeLike(text)}%`;
  return db
    .select()
    .from(alerts)
    .where(
      and(
        isNull(alerts.deletedAt),
        filter.rooms !== null ? inArray(alerts.roomId, filter.rooms) : undefined,
        filter.authorId !== null ? eq(alerts.authorId, filter.authorId) : undefined,
        filter.audio
          ? and(
              open,
              exists(
                db
                  .select({ one: sql`1` })
                  .from(uploads)
                  .where(and(eq(uploads.messageId, alerts.id), eq(uploads.attachmentType, 'audio'))),
              ),
            )
          : undefined,
        text.length >= SEARCH_MIN_LENGTH ? or(ilike(alerts.title, pattern), and(open, ilike(alerts.content, pattern))) : undefined,
        filter.before ? olderThan(alerts.createdAt, alerts.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

/**
 * The team members who post alerts, in their priority order (spec 2 §2: "fixed priority ids, not
 * shown"): ours is staff first, then by id, decided in `byAuthorPriority` only.
 */
export async function alertAuthors(db: Database): Promise<z.infer<typeof alertAuthor>[]> {
  const posting = db.selectDistinct({ id: alerts.authorId }).from(alerts).where(isNull(alerts.deletedAt));
  const rows = await db.select().from(users).where(inArray(users.id, posting));
  return rows.sort(byAuthorPriority).map((row) => ({ _id: String(row.id), username: row.username, picture: row.picture?.url ?? null }));
}

export const byAuthorPriority = (a: UserRow, b: UserRow): number => Number(b.isStaff) - Number(a.isStaff) || a.id - b.id;

/** The SQL twin of `isUnlocked` (alert-viewer.ts), for filters that must not see locked alerts. */
function unlockedFor(viewer: AlertViewer): SQL | undefined {
  const rooms = unlockedRooms(viewer);
  return or(eq(alerts.freeAlert, true), eq(alerts.authorId, viewer.id), rooms.length > 0 ? inArray(alerts.roomId, rooms) : undefined);
}
