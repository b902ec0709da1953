import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { HELD_EVENTS, keywordFiltersBody, type heldMessagesResponse } from '../../src/contract/reports';
import { MESSAGE_REJECTED_EVENT } from '../../src/contract/chat';
import { KEYWORD_TEXT, tidyRules } from '../../src/domain/keyword-filter';
import type { Database } from '../db/open-database';
import { rooms, users } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED } from '../chat/chat-access';
import { announceInboxChanges } from '../chat/inbox-handlers';
import { decideHeld, heldInput, openHeld, roomRules, waitingHeld } from '../chat/keyword-filters';
import { logModeration } from '../chat/moderation';
import { postMessage } from '../chat/post-message';
import { announcePost } from '../chat/chat-broadcast';
import { MODERATORS_CHANNEL, userChannel } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import type { UserRow } from '../users/user-queries';
import { NO_CHAT_PUSHES, type ChatPushes } from '../push/chat-pushes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * The keyword filter (issue 22), for moderators only: `GET` and `PUT
 * /rest/chat/rooms/{roomId}/keyword_filters` read and replace a room's rules (the change logged);
 * `GET /rest/chat/held_messages` lists the posts it holds; `POST /rest/chat/held_messages/{id}/approve`
 * posts one under its author's name (as if sent then), `…/reject` refuses it and tells its author's
 * sockets. Every decision is logged and leaves every moderator's queue.
 */
export function registerKeywordFilterRoutes(app: FastifyInstance, db: Database, io: ComptoirIo, pushes: ChatPushes = NO_CHAT_PUSHES): void {
  async function moderator(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    const user = await requestUser(app, db, request);
    if (!user) {
      await reply.code(401).send({ error: SIGN_IN_REQUIRED });
      return null;
    }
    if (!(await isModerator(db, user))) {
      await reply.code(403).send({ error: NOT_ALLOWED });
      return null;
    }
    return user;
  }

  app.get<{ Params: { roomId: string } }>('/rest/chat/rooms/:roomId/keyword_filters', async (request, reply) => {
    if (!(await moderator(request, reply))) return reply;
    const [room] = await db.select().from(rooms).where(eq(rooms.id, request.params.roomId)).limit(1);
    if (!room) return reply.code(404).send({ error: NOT_ALLOWED });
    return reply.send({ rules: roomRules(room) } satisfies z.infer<typeof keywordFiltersBody>);
  });

  app.put<{ Params: { roomId: string } }>('/rest/chat/rooms/:roomId/keyword_filters', async (request, reply) => {
    const user = await moderator(request, reply);
    if (!user) return reply;
    const input = keywordFiltersBody.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const tidy = tidyRules(input.data.rules);
    if ('error' in tidy) return reply.code(400).send({ error: tidy.error });
    const roomId = request.params.roomId;
    const [updated] = await db.update(rooms).set({ keywordFilters: tidy.rules }).where(eq(rooms.id, roomId)).returning({ id: rooms.id });
    if (!updated) return reply.code(404).send({ error: NOT_ALLOWED });
    await logModeration(db, {
      moderatorId: user.id,
      action: 'keyword_filter',
      roomId,
      details: tidy.rules.map((rule) => `${rule.keyword} (${KEYWORD_TEXT.actions[rule.action]})`).join(', '),
    });
    return reply.send({ rules: tidy.rules } satisfies z.infer<typeof keywordFiltersBody>);
  });

  app.get('/rest/chat/held_messages', async (request, reply) => {
    if (!(await moderator(request, reply))) return reply;
    return reply.send({ held: await openHeld(db) } satisfies z.infer<typeof heldMessagesResponse>);
  });

  app.post<{ Params: { heldId: string } }>('/rest/chat/held_messages/:heldId/approve', async (request, reply) => {
    const user = await moderator(request, reply);
    if (!user) return reply;
    const now = new Date();
    const held = await waitingHeld(db, request.params.heldId);
    if (!held) return reply.code(404).send({ error: KEYWORD_TEXT.decidedElsewhere });
    const [author] = await db.select().from(users).where(eq(users.id, held.authorId)).limit(1);
    const input = heldInput(held);
    // Posted as its author, with their rights now: a ban, a mute or a lost room since refuses it.
    const outcome = author && input ? await postMessage(db, author, input, now, true) : { error: NOT_ALLOWED };
    if ('error' in outcome) return reply.code(400).send({ error: outcome.error });
    if (!(await decideHeld(db, user, held.id, 'approved', now))) return reply.code(404).send({ error: KEYWORD_TEXT.decidedElsewhere });
    if ('created' in outcome && outcome.created && author) {
      announcePost(io, outcome.message, outcome.thread, outcome.blockerIds);
      await announceInboxChanges(io, db, author, outcome.message, pushes);
    }
    await logModeration(db, { moderatorId: user.id, action: 'held_approved', targetUserId: held.authorId, roomId: held.roomId, details: held.keyword }, now);
    io.to(MODERATORS_CHANNEL).emit(HELD_EVENTS.decided, { heldId: held.id });
    return reply.send({ ok: true });
  });

  app.post<{ Params: { heldId: string } }>('/rest/chat/held_messages/:heldId/reject', async (request, reply) => {
    const user = await moderator(request, reply);
    if (!user) return reply;
    const now = new Date();
    const held = await waitingHeld(db, request.params.heldId);
    if (!held || !(await decideHeld(db, user, held.id, 'rejected', now))) return reply.code(404).send({ error: KEYWORD_TEXT.decidedElsewhere });
    await logModeration(db, { moderatorId: user.id, action: 'held_rejected', targetUserId: held.authorId, roomId: held.roomId, details: held.keyword }, now);
    io.to(MODERATORS_CHANNEL).emit(HELD_EVENTS.decided, { heldId: held.id });
    io.to(userChannel(held.authorId)).emit(MESSAGE_REJECTED_EVENT, { clientId: held.clientId, error: KEYWORD_TEXT.rejected });
    return reply.send({ ok: true });
  });
}
