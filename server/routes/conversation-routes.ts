import { and, desc, eq, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  conversationSearchQuery,
  conversationsQuery,
  type conversationSearchResponse,
  type ConversationsResponse,
} from '../../src/contract/messaging';
import type { Database } from '../db/open-database';
import { conversationMembers, conversations, users } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST, NOT_ALLOWED } from '../chat/chat-access';
import { decodeCursor, nextCursor, olderThan } from '../chat/page-cursor';
import { blockedEitherWay } from '../chat/user-blocks';
import { toConversations, toConversationUser, unreadConversationsOf } from '../messaging/conversation-view';
import { hasMessagingAccess } from '../messaging/messaging-access';
import { escapeLike } from './chat-routes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

export const CONVERSATIONS_PAGE_SIZE = 30;
export const CONTACT_SEARCH_LIMIT = 20;

/**
 * `GET /conversations` and `GET /conversations/search` (spec 2 §7), for members with messaging
 * access; others are answered 403 'NOT_ALLOWED', which the client turns into the access prompt.
 */
export function registerConversationRoutes(app: FastifyInstance, db: Database): void {
  app.get('/rest/conversations', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = conversationsQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    if (!(await hasMessagingAccess(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    let before: SQL | undefined;
    if (query.data.cursor !== undefined && query.data.cursor !== '') {
      const cursor = decodeCursor(query.data.cursor);
      if (!cursor) return reply.code(400).send({ error: INVALID_REQUEST });
      before = olderThan(conversations.updatedAt, conversations.id, cursor);
    }
    const rows = await db
      .select({ conversation: conversations })
      .from(conversations)
      .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, user.id)))
      .where(before)
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(CONVERSATIONS_PAGE_SIZE + 1);
    const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE).map((row) => row.conversation);
    const hidden = await blockedEitherWay(db, user.id);
    const answer: ConversationsResponse = {
      conversations: await toConversations(db, user.id, page, hidden),
      cursor: nextCursor(rows, CONVERSATIONS_PAGE_SIZE, (row) => ({ at: row.conversation.updatedAt, key: row.conversation.id })),
      unreadConversations: await unreadConversationsOf(db, user.id, hidden),
    };
    return reply.send(answer);
  });

  app.get('/rest/conversations/search', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = conversationSearchQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    if (!(await hasMessagingAccess(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const wanted = query.data.query.toLowerCase();
    if (wanted === '') return reply.send({ users: [] } satisfies z.infer<typeof conversationSearchResponse>);
    // Members a block stands between with the searcher cannot be written to: they are not offered.
    const hidden = await blockedEitherWay(db, user.id);
    const name = sql`lower(${users.username})`;
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          ne(users.id, user.id),
          isNull(users.deletedAt),
          hidden.length > 0 ? notInArray(users.id, hidden) : undefined,
          sql`${name} LIKE ${`%${escapeLike(wanted)}%`}`,
        ),
      )
      // Pseudos starting with the query first, then alphabetical.
      .orderBy(sql`(${name} LIKE ${`${escapeLike(wanted)}%`}) desc`, name, users.id)
      .limit(CONTACT_SEARCH_LIMIT);
    const answer: z.infer<typeof conversationSearchResponse> = { users: rows.map(toConversationUser) };
    return reply.send(answer);
  });
}
