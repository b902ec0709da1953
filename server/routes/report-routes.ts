import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { REPORT_EVENTS, reportInput, resolveReportInput, type reportResponse, type reportsResponse } from '../../src/contract/reports';
import { REPORT_TEXT } from '../../src/domain/report-text-fr';
import type { Database } from '../db/open-database';
import { requestUser } from '../auth/tokens';
import { announceDelete } from '../chat/chat-broadcast';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED } from '../chat/chat-access';
import { deleteMessage } from '../chat/message-actions';
import { openReports, reportMessage, resolveReports } from '../chat/reports';
import { MODERATORS_CHANNEL } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/**
 * Reports (issue 22): `POST /rest/chat/reports` by any member who may read the message;
 * `GET /rest/chat/reports` and `POST /rest/chat/reports/{messageId}/resolve` by moderators only.
 * Moderators' sockets hear 'chat report' (an entry new or changed) and 'chat report resolved'.
 */
export function registerReportRoutes(app: FastifyInstance, db: Database, io: ComptoirIo): void {
  app.post('/rest/chat/reports', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = reportInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const outcome = await reportMessage(db, user, input.data);
    if ('error' in outcome) return reply.code(outcome.status).send({ error: outcome.error });
    if (!outcome.already) {
      const [entry] = await openReports(db, [outcome.messageId]);
      if (entry) io.to(MODERATORS_CHANNEL).emit(REPORT_EVENTS.entry, entry);
    }
    return reply.send({ ok: true, already: outcome.already } satisfies z.infer<typeof reportResponse>);
  });

  app.get('/rest/chat/reports', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    return reply.send({ reports: await openReports(db) } satisfies z.infer<typeof reportsResponse>);
  });

  app.post<{ Params: { messageId: string } }>('/rest/chat/reports/:messageId/resolve', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const input = resolveReportInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const { messageId } = request.params;
    const [open] = await openReports(db, [messageId]);
    if (!open) return reply.code(404).send({ error: REPORT_TEXT.resolvedElsewhere });
    if (input.data.action === 'delete') {
      const deleted = await deleteMessage(db, user, messageId);
      if ('error' in deleted) return reply.code(403).send({ error: deleted.error });
      if ('place' in deleted && deleted.seq !== null) announceDelete(io, deleted.place, deleted.seq, deleted.thread);
    }
    if (!(await resolveReports(db, user, messageId, input.data.action))) return reply.code(404).send({ error: REPORT_TEXT.resolvedElsewhere });
    io.to(MODERATORS_CHANNEL).emit(REPORT_EVENTS.resolved, { messageId });
    return reply.send({ ok: true });
  });
}
