import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  notificationSettings,
  pushEndpointInput,
  PUSH_SUBSCRIPTION_INVALID,
  type WebPushKeyAnswer,
  type CoachesResponse,
  type NotificationSettings,
} from '../../src/contract/account';
import { notificationPreferences, pushEndpoints, users } from '../db/schema';
import { requestUser } from '../auth/tokens';
import type { AccountServices } from '../accounts/account-services';
import { defaultNotificationSettings, readSavedSettings, settingsForRooms } from '../accounts/notification-defaults';
import { INVALID_REQUEST, readableRoomIds } from '../chat/chat-access';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** Browsers one member may receive web pushes on; registering one more forgets the oldest. */
export const PUSH_ENDPOINTS_PER_MEMBER = 10;

/**
 * The API host's notification preferences (spec 1 §3, §7): `GET`/`PUT /settings/notifications`,
 * `GET /settings/coaches`, `POST /settings/notifications/endpoint`, and `GET /public/web-push-key`,
 * the server's VAPID public key the browser subscribes with.
 */
export function registerSettingsRoutes(services: AccountServices): void {
  const { app, db } = services;

  const coaches = (): Promise<CoachesResponse> =>
    db
      .select({ _id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.isStaff, true), isNull(users.deletedAt)))
      .orderBy(asc(users.username));

  app.get('/rest/settings/notifications', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const roomIds = await readableRoomIds(db, user, services.now());
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)).limit(1);
    const saved = row ? readSavedSettings(row.settings) : null;
    const answer: NotificationSettings = saved ? settingsForRooms(saved, roomIds) : defaultNotificationSettings(roomIds);
    return reply.send(answer);
  });

  app.put('/rest/settings/notifications', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = notificationSettings.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const roomIds = await readableRoomIds(db, user, services.now());
    if (Object.keys(input.data.rooms).some((id) => !roomIds.includes(id))) return reply.code(400).send({ error: INVALID_REQUEST });
    // Coaches are kept by id and named from the table, whatever pseudo the client sent.
    const wanted = [...new Set(input.data.coaches.map((c) => c._id))];
    const followed =
      wanted.length === 0
        ? []
        : await db
            .select({ _id: users.id, username: users.username })
            .from(users)
            .where(and(inArray(users.id, wanted), eq(users.isStaff, true), isNull(users.deletedAt)))
            .orderBy(asc(users.username));
    if (followed.length !== wanted.length) return reply.code(400).send({ error: INVALID_REQUEST });
    const settings: NotificationSettings = settingsForRooms({ ...input.data, coaches: followed }, roomIds);
    const now = services.now();
    await db
      .insert(notificationPreferences)
      .values({ userId: user.id, settings, updatedAt: now })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { settings, updatedAt: now } });
    return reply.send(settings);
  });

  app.get('/rest/settings/coaches', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    return reply.send(await coaches());
  });

  app.get('/rest/public/web-push-key', async (_request, reply) => {
    const answer: WebPushKeyAnswer = { publicKey: services.vapidPublicKey };
    return reply.send(answer);
  });

  app.post('/rest/settings/notifications/endpoint', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = pushEndpointInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: PUSH_SUBSCRIPTION_INVALID });
    const { subscription, channel } = input.data;
    // One row per browser endpoint; a browser handed to another member follows the new one.
    await db
      .insert(pushEndpoints)
      .values({ userId: user.id, channel, endpoint: subscription.endpoint, subscription, createdAt: services.now() })
      .onConflictDoUpdate({ target: pushEndpoints.endpoint, set: { userId: user.id, channel, subscription, createdAt: services.now() } });
    // A member's browsers, the latest first: older ones beyond the cap are forgotten.
    const stale = await db
      .select({ id: pushEndpoints.id })
      .from(pushEndpoints)
      .where(eq(pushEndpoints.userId, user.id))
      .orderBy(desc(pushEndpoints.createdAt), desc(pushEndpoints.id))
      .offset(PUSH_ENDPOINTS_PER_MEMBER);
    if (stale.length > 0) await db.delete(pushEndpoints).where(inArray(pushEndpoints.id, stale.map((row) => row.id)));
    return reply.send({ success: true });
  });
}
