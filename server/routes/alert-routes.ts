import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { alertInput, alertsQuery, alertsSummaryInput, tradeUpdateInput, type alertAckAnswer, type alertAcksResponse, type alertAnswer, type alertsListResponse, type alertsResponse } from '../../src/contract/alerts';
import type { Database } from '../db/open-database';
import { alertAcks, messages, rooms } from '../db/schema';
import { requestUser } from '../auth/tokens';
import { announceAlert, announceAlertAcks } from '../alerts/alert-broadcast';
import { acknowledgeAlert, findAlert } from '../alerts/alert-actions';
import { alertNotifications } from '../alerts/alert-notifications';
import { ALERTS_PAGE_SIZE, ALERTS_SUMMARY_SIZE, alertAuthors, alertRows } from '../alerts/alert-queries';
import { toAlert, toAlerts, type AlertRow } from '../alerts/alert-view';
import { alertViewerOf } from '../alerts/alert-viewer';
import { ALERT_NOT_FOUND, createAlert, updateAlert, updateTrade } from '../alerts/alert-write';
import { tradeUpdateLine } from '../../src/domain/alert-form';
import { connectedUsersIn } from '../chat/chat-broadcast';
import { INVALID_REQUEST, isModerator, NOT_ALLOWED } from '../chat/chat-access';
import { sendersById } from '../chat/message-view';
import { decodeCursor, nextCursor } from '../chat/page-cursor';
import type { MailProvider } from '../mail/mail-provider';
import type { PushProvider } from '../push/push-provider';
import type { ComptoirIo } from '../realtime/socket-server';
import { roomChannel } from '../realtime/channels';
import type { UserRow } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

const summaryQuery = z.pick(alertsQuery, { room: true });
const alertEdit = z.omit(alertInput, { sendMail: true });

/**
 * The alerts' REST calls on the API host (spec 2 §7). Every signed-in member gets every room's
 * alerts, each one whole or locked by `isUnlocked` (alert-viewer.ts): a member without VIP sees the
 * blurred cards, never their content.
 */
export function registerAlertRoutes(app: FastifyInstance, db: Database, io: ComptoirIo, outlets: { mail: MailProvider; push: PushProvider }): void {
  app.get('/rest/alerts/v2', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = alertsQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const { author, cursor } = query.data;
    if (author !== undefined && author !== '' && !/^\d{1,9}$/.test(author)) return reply.code(400).send({ error: INVALID_REQUEST });
    const before = cursor ? decodeCursor(cursor) : null;
    if (cursor && !before) return reply.code(400).send({ error: INVALID_REQUEST });

    const asked = await askedRooms(db, query.data.room ?? query.data.rooms);
    const viewer = await alertViewerOf(db, user);
    const rows = await alertRows(
      db,
      viewer,
      { rooms: asked, authorId: author ? Number(author) : null, audio: query.data.alertType === 'audio', query: query.data.query ?? null, before },
      ALERTS_PAGE_SIZE + 1,
    );
    const oneRoom = asked?.length === 1 ? asked[0] : undefined;
    const answer: z.infer<typeof alertsResponse> = {
      alerts: await toAlerts(db, rows.slice(0, ALERTS_PAGE_SIZE), viewer),
      cursor: nextCursor(rows, ALERTS_PAGE_SIZE, (row) => ({ at: row.createdAt, key: row.id })),
      authors: await alertAuthors(db),
      userCount: oneRoom ? await connectedUsersIn(io, roomChannel(oneRoom)) : 0,
      pinsCount: oneRoom ? await pinsCountOf(db, oneRoom) : 0,
    };
    return reply.send(answer);
  });

  // The home page's summary (spec 3 §2): the latest alerts of a room, or of every room.
  app.get('/rest/alerts', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = summaryQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: INVALID_REQUEST });
    return reply.send(await summaryOf(user, await askedRooms(db, query.data.room)));
  });

  // The same summary as the spec's `POST /alerts/v2` (spec 3 §7): `{ rooms }` in one call, every room without it.
  app.post('/rest/alerts/v2', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = alertsSummaryInput.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    return reply.send(await summaryOf(user, input.data.rooms ? await askedRooms(db, input.data.rooms.join(',')) : null));
  });

  async function summaryOf(user: UserRow, rooms: string[] | null): Promise<z.infer<typeof alertsListResponse>> {
    const viewer = await alertViewerOf(db, user);
    const rows = await alertRows(db, viewer, { rooms, authorId: null, audio: false, query: null, before: null }, ALERTS_SUMMARY_SIZE);
    return { alerts: await toAlerts(db, rows, viewer) };
  }

  app.post('/rest/alerts', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = alertInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const { sendMail, ...fields } = input.data;
    const outcome = await createAlert(db, user, fields);
    if ('error' in outcome) return reply.code(outcome.status).send({ error: outcome.error });
    await afterWrite(outcome.row, user, true, sendMail === true, request.log);
    const answer: z.infer<typeof alertAnswer> = { alert: await toAlert(db, outcome.row, await alertViewerOf(db, user)) };
    return reply.send(answer);
  });

  app.put<{ Params: { id: string } }>('/rest/alerts/:id', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = alertEdit.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const outcome = await updateAlert(db, user, request.params.id, input.data);
    if ('error' in outcome) return reply.code(outcome.status).send({ error: outcome.error });
    await afterWrite(outcome.row, user, false, false, request.log);
    const answer: z.infer<typeof alertAnswer> = { alert: await toAlert(db, outcome.row, await alertViewerOf(db, user)) };
    return reply.send(answer);
  });

  // A trade update (issue 22): the alert, edited, goes to everyone as an edit does.
  app.post<{ Params: { id: string } }>('/rest/alerts/:id/trade_updates', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = tradeUpdateInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const outcome = await updateTrade(db, user, request.params.id, input.data);
    if ('error' in outcome) return reply.code(outcome.status).send({ error: outcome.error });
    await afterWrite(outcome.row, user, false, false, request.log);
    // Pushed to the room's followers as a new alert is, with what changed.
    const last = outcome.row.trade?.updates?.at(-1);
    if (last) {
      const line = tradeUpdateLine(last, (value) => String(value).replace('.', ','));
      void alertNotifications(db, { mail: false, push: true }, outcome.row, user, new Date(), line)
        .then((built) => (built.pushes.length > 0 ? outlets.push.send(built.pushes) : undefined))
        .catch((error: unknown) => request.log.error({ err: error, alertId: outcome.row.id }, 'trade update push failed'));
    }
    const answer: z.infer<typeof alertAnswer> = { alert: await toAlert(db, outcome.row, await alertViewerOf(db, user)) };
    return reply.send(answer);
  });

  // Who acknowledged an urgent alert (issue 22): for its author and moderators.
  app.get<{ Params: { id: string } }>('/rest/alerts/:id/acks', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const alert = await findAlert(db, request.params.id);
    if (!alert || alert.deletedAt !== null) return reply.code(404).send({ error: ALERT_NOT_FOUND });
    if (alert.authorId !== user.id && !(await isModerator(db, user))) return reply.code(403).send({ error: NOT_ALLOWED });
    const rows = await db.select().from(alertAcks).where(eq(alertAcks.alertId, alert.id)).orderBy(alertAcks.createdAt).limit(500);
    const senders = await sendersById(db, rows.map((row) => row.userId));
    const acks = rows.flatMap((row) => {
      const sender = senders.get(row.userId);
      return sender ? [{ user: { id: sender.id, firstName: sender.firstName, username: sender.username, picture: sender.picture, mention: sender.mention }, date: row.createdAt.toISOString() }] : [];
    });
    return reply.send({ acks } satisfies z.infer<typeof alertAcksResponse>);
  });

  // 'Bien reçu' on an urgent alert (issue 22).
  app.post<{ Params: { id: string } }>('/rest/alerts/:id/ack', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const alert = await findAlert(db, request.params.id);
    if (!alert) return reply.code(404).send({ error: ALERT_NOT_FOUND });
    const outcome = await acknowledgeAlert(db, user, alert);
    if ('error' in outcome) return reply.code(outcome.status).send({ error: outcome.error });
    if (outcome.changed) announceAlertAcks(io, alert.id, outcome.roomId, outcome.acksCount, outcome.seq);
    return reply.send({ _id: alert.id, acksCount: outcome.acksCount, acknowledged: true, seq: outcome.seq } satisfies z.infer<typeof alertAckAnswer>);
  });

  /**
   * Announced, mailed and pushed once stored: a failure there is logged, the alert stays posted.
   * The e-mails are queued before the answer; the web pushes, which wait on outside push services,
   * go on after it.
   */
  async function afterWrite(row: AlertRow, author: UserRow, created: boolean, sendMail: boolean, log: FastifyBaseLogger): Promise<void> {
    await announceAlert(io, db, row, created).catch((error: unknown) => log.error({ err: error, alertId: row.id }, 'alert broadcast failed'));
    if (!created) return;
    const failed = (what: string) => (error: unknown) => log.error({ err: error, alertId: row.id }, `alert ${what} failed`);
    const built = await alertNotifications(db, { mail: sendMail, push: true }, row, author).catch(failed('notifications'));
    if (!built) return;
    if (built.mails.length > 0) await outlets.mail.send(built.mails).catch(failed('mail'));
    if (built.pushes.length > 0) void outlets.push.send(built.pushes).catch(failed('push'));
  }
}

/**
 * The rooms a feed asks for: one id, or a comma-separated list; unknown ids are dropped (none
 * left: an empty feed); nothing asked: every room.
 */
async function askedRooms(db: Database, asked: string | undefined): Promise<string[] | null> {
  if (asked === undefined) return null;
  const ids = [...new Set(asked.split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0) return [];
  const known = new Set((await db.select({ id: rooms.id }).from(rooms)).map((room) => room.id));
  return ids.filter((id) => known.has(id));
}

async function pinsCountOf(db: Database, roomId: string): Promise<number> {
  const [pins] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.roomId, roomId), eq(messages.pinned, true), isNull(messages.deletedAt), isNull(messages.alertId)));
  return pins?.n ?? 0;
}
