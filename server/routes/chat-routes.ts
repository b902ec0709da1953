import { and, count, desc, eq, exists, gt, isNotNull, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  likesQuery,
  mentionInput,
  pinnedMessagesQuery,
  searchQuery,
  togglePinnedInput,
  type likesResponse,
  type mentionResponse,
  type pinnedMessagesResponse,
  type searchResponse,
} from '../../src/contract/chat';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { alertLikes, messageLikes, messages, uploads, users, userSubscriptions } from '../db/schema';
import { parseSearch, type SearchFilters } from '../../src/domain/search-filters';
import { findAlert } from '../alerts/alert-actions';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import { ALERT_NOT_FOUND } from '../alerts/alert-write';
import { requestUser } from '../auth/tokens';
import { announcePin, connectedUsersIn } from '../chat/chat-broadcast';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED, roomAccess } from '../chat/chat-access';
import { toChatMessages, toSender } from '../chat/message-view';
import { mayReadMessage } from '../chat/message-actions';
import { decodeCursor, nextCursor, olderThan, type PageCursor } from '../chat/page-cursor';
import { nextSeq } from '../chat/room-seq';
import { blockedEitherWay } from '../chat/user-blocks';
import type { ComptoirIo } from '../realtime/socket-server';
import { roomChannel } from '../realtime/channels';

export const PIN_TITLE_REQUIRED = 'Le titre est obligatoire';
import { MESSAGE_NOT_FOUND } from '../chat/read-state';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';
export const PINNED_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE = 20;
export const LIKES_PAGE_SIZE = 20;
export const MENTION_LIMIT = 10;

/** The chat's REST calls on the API host (spec 2 §7): pins, search, mentions and the likes list. */
export function registerChatRoutes(app: FastifyInstance, db: Database, io: ComptoirIo): void {
  app.post('/rest/chat/toggle_pinned', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = togglePinnedInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const [message] = await db.select().from(messages).where(eq(messages.id, input.data.messageId)).limit(1);
    // Comments under alerts are not pinned: the room's pinned list is read by non-VIP readers too.
    if (!message?.roomId || message.deletedAt !== null || message.alertId !== null) return reply.code(404).send({ error: MESSAGE_NOT_FOUND });
    const roomId = message.roomId;
    const pinned = !message.pinned;
    const title = input.data.title?.trim() ?? '';
    if (pinned && title === '') return reply.code(400).send({ error: PIN_TITLE_REQUIRED });
    const now = new Date();
    const seq = await db.transaction(async (tx) => {
      const next = await nextSeq(tx, roomId);
      await tx
        .update(messages)
        .set({ pinned, pinTitle: pinned ? title : null, pinnedAt: pinned ? now : null, seq: next })
        .where(eq(messages.id, message.id));
      return next;
    });
    announcePin(io, { id: message.id, roomId, parentId: message.parentId, alertId: null }, pinned, pinned ? title : null, seq);
    return reply.send({ ok: true, pinned });
  });

  app.get('/rest/chat/pinned_messages', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = pinnedMessagesQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const access = await roomAccess(db, user, query.data.room);
    if (!access?.rights.canRead) return reply.code(403).send({ error: NOT_ALLOWED });
    const before = cursorCondition(query.data.cursor, (cursor) => olderThan(messages.pinnedAt, messages.id, cursor));
    if (before === false) return reply.code(400).send({ error: INVALID_REQUEST });
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, query.data.room), eq(messages.pinned, true), isNotNull(messages.pinnedAt), isNull(messages.deletedAt), before))
      .orderBy(desc(messages.pinnedAt), desc(messages.id))
      .limit(PINNED_PAGE_SIZE + 1);
    const page = rows.slice(0, PINNED_PAGE_SIZE);
    const wire = await toChatMessages(db, page, user.id);
    const answer: z.infer<typeof pinnedMessagesResponse> = {
      pinnedMessages: wire.map((message, index) => ({
        message,
        title: page[index]?.pinTitle ?? '',
        date: (page[index]?.pinnedAt ?? new Date(message.date)).toISOString(),
        user: message.sender,
      })),
      nextCursor: nextCursor(rows, PINNED_PAGE_SIZE, (row) => ({ at: row.pinnedAt ?? row.createdAt, key: row.id })),
    };
    return reply.send(answer);
  });

  app.get('/rest/chat/search', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = searchQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const { room } = query.data;
    const parsed = parseSearch(query.data.query);
    if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
    const access = await roomAccess(db, user, room);
    if (!access?.rights.canRead) return reply.code(403).send({ error: NOT_ALLOWED });
    const before = cursorCondition(query.data.cursor, (cursor) => olderThan(messages.createdAt, messages.id, cursor));
    if (before === false) return reply.code(400).send({ error: INVALID_REQUEST });
    const blocked = await blockedEitherWay(db, user.id);
    const now = new Date();
    const byCoach =
      query.data.onlyCoach === '1'
        ? exists(
            db
              .select({ one: sql`1` })
              .from(userSubscriptions)
              .where(
                and(
                  eq(userSubscriptions.userId, messages.authorId),
                  eq(userSubscriptions.subscriptionId, SUBSCRIPTION.MODERATOR),
                  gt(userSubscriptions.expiresAt, now),
                ),
              ),
          )
        : undefined;
    const rows = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.roomId, room),
          isNull(messages.deletedAt),
          // Comments under alerts are not the room's chat (and may be locked to this reader).
          isNull(messages.alertId),
          ...searchConditions(parsed.filters),
          byCoach,
          blocked.length > 0 ? notInArray(messages.authorId, blocked) : undefined,
          before,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(SEARCH_PAGE_SIZE + 1);
    const [pins] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.roomId, room), eq(messages.pinned, true), isNull(messages.deletedAt)));
    const answer: z.infer<typeof searchResponse> = {
      messages: await toChatMessages(db, rows.slice(0, SEARCH_PAGE_SIZE), user.id),
      cursor: nextCursor(rows, SEARCH_PAGE_SIZE, (row) => ({ at: row.createdAt, key: row.id })),
      userCount: await connectedUsersIn(io, roomChannel(room)),
      pinsCount: pins?.n ?? 0,
    };
    return reply.send(answer);
  });

  app.post('/rest/chat/mention', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = mentionInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const rows = await db
      .select()
      .from(users)
      .where(and(ne(users.id, user.id), sql`lower(${users.username}) LIKE ${`${escapeLike(input.data.query.toLowerCase())}%`}`))
      .orderBy(sql`lower(${users.username})`)
      .limit(MENTION_LIMIT);
    const answer: z.infer<typeof mentionResponse> = {
      users: rows.map((row) => ({ id: String(row.id), username: row.username, picture: row.picture?.url ?? null })),
    };
    return reply.send(answer);
  });

  app.get('/rest/chat/likes', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = likesQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    // The likers of an alert or of a message (spec 2 §7 names both by one id), for whoever reads it.
    const alert = await findAlert(db, query.data.message);
    let target: { kind: 'alert' | 'message'; id: string };
    if (alert) {
      if (alert.deletedAt !== null) return reply.code(404).send({ error: ALERT_NOT_FOUND });
      if (!isUnlocked(alert, await alertViewerOf(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
      target = { kind: 'alert', id: alert.id };
    } else {
      const [message] = await db.select().from(messages).where(eq(messages.id, query.data.message)).limit(1);
      if (!message?.roomId || message.deletedAt !== null) return reply.code(404).send({ error: MESSAGE_NOT_FOUND });
      if (!(await mayReadMessage(db, user, { ...message, roomId: message.roomId }))) return reply.code(403).send({ error: NOT_ALLOWED });
      target = { kind: 'message', id: message.id };
    }
    const cursor = query.data.cursor === undefined || query.data.cursor === '' ? null : decodeCursor(query.data.cursor);
    if (cursor === null && query.data.cursor) return reply.code(400).send({ error: INVALID_REQUEST });
    if (cursor !== null && !/^\d+$/.test(cursor.key)) return reply.code(400).send({ error: INVALID_REQUEST });
    const rows = await likeRows(db, target, cursor);
    const answer: z.infer<typeof likesResponse> = {
      likes: rows.slice(0, LIKES_PAGE_SIZE).map((row) => ({ _id: `${target.id}:${row.user.id}`, user: toSender(row.user) })),
      cursor: nextCursor(rows, LIKES_PAGE_SIZE, (row) => ({ at: row.at, key: row.user.id })),
    };
    return reply.send(answer);
  });
}

/** One page (and one row more) of the likers of an alert or a message, latest first. */
async function likeRows(db: Database, target: { kind: 'alert' | 'message'; id: string }, cursor: PageCursor | null) {
  if (target.kind === 'alert') {
    return db
      .select({ at: alertLikes.createdAt, user: users })
      .from(alertLikes)
      .innerJoin(users, eq(users.id, alertLikes.userId))
      .where(and(eq(alertLikes.alertId, target.id), cursor ? olderThan(alertLikes.createdAt, alertLikes.userId, cursor, true) : undefined))
      .orderBy(desc(alertLikes.createdAt), desc(alertLikes.userId))
      .limit(LIKES_PAGE_SIZE + 1);
  }
  return db
    .select({ at: messageLikes.createdAt, user: users })
    .from(messageLikes)
    .innerJoin(users, eq(users.id, messageLikes.userId))
    .where(and(eq(messageLikes.messageId, target.id), cursor ? olderThan(messageLikes.createdAt, messageLikes.userId, cursor, true) : undefined))
    .orderBy(desc(messageLikes.createdAt), desc(messageLikes.userId))
    .limit(LIKES_PAGE_SIZE + 1);
}

/** The days of `avant:` / `après:` are the community's (Paris) days. */
const SEARCH_TIME_ZONE = 'Europe/Paris';
const UPLOAD_KIND = { fichier: 'file', image: 'image' } as const;

/** A search's filters (src/domain/search-filters.ts) as conditions on messages. */
function searchConditions(filters: SearchFilters): (SQL | undefined)[] {
  const localTime = sql`(${messages.createdAt} AT TIME ZONE ${SEARCH_TIME_ZONE})`;
  return [
    filters.text === '' ? undefined : sql`${messages.content} ILIKE ${`%${escapeLike(filters.text)}%`}`,
    filters.author === null ? undefined : sql`${messages.authorId} IN (SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = ${filters.author.toLowerCase()})`,
    ...filters.has.map((kind) =>
      kind === 'lien'
        ? sql`${messages.content} ~* 'https?://'`
        : sql`EXISTS (SELECT 1 FROM ${uploads} WHERE ${uploads.messageId} = ${messages.id} AND ${uploads.attachmentType} = ${UPLOAD_KIND[kind]})`,
    ),
    filters.before === null ? undefined : sql`${localTime} < ${filters.before}::date`,
    filters.after === null ? undefined : sql`${localTime} >= (${filters.after}::date + 1)`,
  ];
}

/** `%` and `_` match themselves in a search, and so does the escape character. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keyset condition of an optional cursor: undefined for the first page, false for a bad cursor. */
function cursorCondition(
  raw: string | undefined,
  build: (cursor: NonNullable<ReturnType<typeof decodeCursor>>) => SQL | false,
): SQL | undefined | false {
  if (raw === undefined || raw === '') return undefined;
  const cursor = decodeCursor(raw);
  return cursor ? build(cursor) : false;
}
