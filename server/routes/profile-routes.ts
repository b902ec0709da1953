import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { rename, rm } from 'node:fs/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  DELETE_ACCOUNT_MESSAGES,
  deleteAccountInput,
  PROFILE_UPLOAD_MAX_BYTES,
  RECENT_SIGN_IN_MINUTES,
  SIGN_OUT_EVERYWHERE_PATH,
  updateUserInput,
  type UpdateUserAnswer,
  type UploadAnswer,
} from '../../src/contract/account';
import type { Picture } from '../../src/contract/user';
import { accountCodes, notificationPreferences, pushEndpoints, uploads, users, userSubscriptions } from '../db/schema';
import { hashPassword, NO_PASSWORD, verifyPassword } from '../auth/passwords';
import { bearerIssuedAt, issueToken, requestUser } from '../auth/tokens';
import type { AccountServices } from '../accounts/account-services';
import { fileUrl } from '../accounts/default-avatar';
import { checkBilling } from '../billing/checkout';
import { INVALID_REQUEST } from '../chat/chat-access';
import { TOO_MANY_ATTEMPTS } from '../graphql/content-schema';
import { FILE_KINDS } from '../../src/contract/upload-kinds';
import { formatSize } from '../../src/domain/upload-rules';
import { UPLOAD_TEXT } from '../../src/domain/upload-text-fr';
import { contentMatches, imageSize } from '../uploads/file-kinds';
import { subscriptionsOf, toUserDto } from '../users/user-queries';
import { PASSWORD_MIN, PASSWORD_TOO_SHORT } from './password-routes';
import { cleanName, clientParts, discard, receive, type Received } from './upload-routes';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** Spec 1 §5 and §8 wordings. */
export const FIRST_NAME_REQUIRED = 'Veuillez renseigner votre prénom';
export const PSEUDO_REQUIRED = 'Veuillez renseigner votre pseudo';
export const PSEUDO_TAKEN = "Ce nom d'utilisateur est déjà pris";
export const PSEUDO_INVALID = "Ce nom d'utilisateur n'est pas valide";
export const PASSWORD_FIELDS_REQUIRED = 'Ces 3 champs sont requis';
export const WRONG_PASSWORD = 'Ces informations ne sont pas valides';

/**
 * The profile calls (spec 1 §7): `PUT /api/user/update` and `POST /api/upload` on the content host,
 * `DELETE /users/delete` on the API host.
 */
export function registerProfileRoutes(services: AccountServices): void {
  const { app, db, uploadsDir } = services;
  // Wrong current passwords per member: the password form must not become a guessing oracle.
  const wrongPasswords = services.limits('wrong-passwords', { points: 10, seconds: 15 * 60 });

  app.put('/content/api/user/update', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const parsed = updateUserInput.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: INVALID_REQUEST });
    const input = parsed.data;
    const changes: Partial<typeof users.$inferInsert> = {};

    if (input.metadata) {
      const { firstName, lastName, description, phoneNumber, picture } = input.metadata;
      if (!firstName) return reply.code(400).send({ error: FIRST_NAME_REQUIRED });
      Object.assign(changes, { firstName, lastName, description, phoneNumber });
      if (picture !== undefined) {
        const chosen = await pictureOf(user.id, user.picture ?? null, picture);
        if (chosen === undefined) return reply.code(400).send({ error: INVALID_REQUEST });
        changes.picture = chosen;
      }
    }
    if (input.username !== undefined && input.username !== user.username) {
      if (!input.username) return reply.code(400).send({ error: PSEUDO_REQUIRED });
      // Sign-in reads an identifier with '@' as an e-mail: such a pseudo could never sign in.
      if (input.username.includes('@')) return reply.code(400).send({ error: PSEUDO_INVALID });
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), ne(users.id, user.id)))
        .limit(1);
      if (other) return reply.code(400).send({ error: PSEUDO_TAKEN });
      changes.username = input.username;
    }
    if (input.reference !== undefined) changes.reference = input.reference;
    if (input.billing !== undefined) {
      const checked = await checkBilling(services, input.billing);
      if (!checked.ok) return reply.code(checked.status).send({ error: checked.error });
      changes.billing = checked.billing;
    }
    if (input.tradingview !== undefined) changes.tradingview = input.tradingview;

    const changingPassword = input.previousPassword !== undefined || input.password !== undefined;
    if (changingPassword) {
      if (!input.previousPassword || !input.password) return reply.code(400).send({ error: PASSWORD_FIELDS_REQUIRED });
      if (input.password.length < PASSWORD_MIN) return reply.code(400).send({ error: PASSWORD_TOO_SHORT });
      const key = String(user.id);
      const record = await wrongPasswords.get(key);
      if (record !== null && record.consumedPoints >= 10) return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
      if (!(await verifyPassword(user.passwordHash, input.previousPassword))) {
        await wrongPasswords.penalty(key, 1);
        return reply.code(400).send({ error: WRONG_PASSWORD });
      }
      changes.passwordHash = await hashPassword(input.password);
    }

    let updated = user;
    if (Object.keys(changes).length > 0 || changingPassword) {
      try {
        const [row] = await db
          .update(users)
          // A password change ends every other session; this one gets a fresh token below.
          .set(changingPassword ? { ...changes, tokenVersion: sql`${users.tokenVersion} + 1` } : changes)
          .where(eq(users.id, user.id))
          .returning();
        if (row) updated = row;
      } catch (error) {
        // Two members racing for one pseudo: the unique index decides.
        if (changes.username !== undefined && String(error).includes('users_username_key')) {
          return reply.code(400).send({ error: PSEUDO_TAKEN });
        }
        throw error;
      }
    }
    const answer: UpdateUserAnswer = { user: toUserDto(updated, await subscriptionsOf(db, updated.id)) };
    if (changingPassword) {
      answer.jwt = issueToken(app, updated);
      // This device's socket reconnects with the token of the answer (src/sync/socket-transport.ts).
      services.sessions.ended(updated.id);
    }
    return reply.send(answer);
  });

  app.post('/content/api/upload', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!request.isMultipart()) return reply.code(400).send({ error: INVALID_REQUEST });
    const id = randomUUID();
    const partial = join(uploadsDir, `${id}.part`);
    let received: Received | null = null;
    try {
      for await (const part of clientParts(request.parts())) {
        if (part.type === 'field') continue;
        if (received) {
          await discard(part.file);
          continue;
        }
        received = await receive(part.file, partial, PROFILE_UPLOAD_MAX_BYTES);
        received.name = cleanName(part.filename);
        received.mimeType = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
        received.truncated ||= part.file.truncated;
      }
      // Spec 1 §5: images only; the refusals are the client's own check's words.
      const refusal = !received
        ? { status: 400, error: INVALID_REQUEST }
        : received.size === 0
          ? { status: 400, error: UPLOAD_TEXT.empty }
          : !FILE_KINDS.image.mimeTypes.includes(received.mimeType) || !contentMatches(received.mimeType, received.head)
            ? { status: 400, error: UPLOAD_TEXT.typeRefused(['image']) }
            : received.truncated
              ? { status: 413, error: UPLOAD_TEXT.tooLarge('image', formatSize(PROFILE_UPLOAD_MAX_BYTES)) }
              : null;
      if (refusal || !received) {
        await rm(partial, { force: true });
        return reply.code(refusal?.status ?? 400).send({ error: refusal?.error ?? INVALID_REQUEST });
      }
      await rename(partial, join(uploadsDir, id));
      const size = imageSize(received.mimeType, received.head);
      await db.insert(uploads).values({
        id,
        ownerId: user.id,
        attachmentType: 'image',
        name: received.name,
        mimeType: received.mimeType,
        size: received.size,
        width: size?.width ?? null,
        height: size?.height ?? null,
        createdAt: services.now(),
      });
      const answer: UploadAnswer = [{ id, url: fileUrl(id) }];
      return reply.send(answer);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  });

  // Wrong passwords per member in 15 minutes: the password cannot be guessed through this door.
  const deleteAttempts = services.limits('delete-attempts', { points: 5, seconds: 15 * 60 });
  app.delete('/rest/users/delete', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = deleteAccountInput.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ error: DELETE_ACCOUNT_MESSAGES.passwordRequired });
    if (user.passwordHash === NO_PASSWORD) {
      // Made with Google: a sign-in of the last minutes stands for the password.
      const issuedAt = bearerIssuedAt(app, request) ?? 0;
      if (services.now().getTime() / 1000 - issuedAt > RECENT_SIGN_IN_MINUTES * 60) return reply.code(403).send({ error: DELETE_ACCOUNT_MESSAGES.signInAgain });
    } else {
      const password = input.data.password ?? '';
      if (password === '') return reply.code(400).send({ error: DELETE_ACCOUNT_MESSAGES.passwordRequired });
      const record = await deleteAttempts.get(String(user.id));
      if (record !== null && record.consumedPoints >= 5) return reply.code(429).send({ error: TOO_MANY_ATTEMPTS });
      if (!(await verifyPassword(user.passwordHash, password))) {
        await deleteAttempts.penalty(String(user.id), 1);
        return reply.code(403).send({ error: DELETE_ACCOUNT_MESSAGES.wrongPassword });
      }
    }
    // Anonymised rather than removed, so the conversations it took part in still read; nothing
    // personal stays, the hash can match no password and the new token version ends every session.
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          username: `supprime-${user.id}`,
          email: `supprime-${user.id}@supprime.invalid`,
          passwordHash: NO_PASSWORD,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          firstName: 'Compte supprimé',
          lastName: '',
          description: '',
          phoneNumber: '',
          picture: null,
          tradingview: '',
          billing: null,
          reference: '',
          stripeConnectId: null,
          confirmed: false,
          deletedAt: services.now(),
        })
        .where(eq(users.id, user.id));
      await tx.delete(accountCodes).where(eq(accountCodes.userId, user.id));
      await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
      await tx.delete(pushEndpoints).where(eq(pushEndpoints.userId, user.id));
      await tx.delete(userSubscriptions).where(eq(userSubscriptions.userId, user.id));
    });
    services.sessions.ended(user.id);
    return reply.send({ success: true });
  });

  // 'Se déconnecter de tous les appareils' (issue 23, ours): every token issued so far is refused,
  // this one included, and every open connection of the member is closed.
  app.post(`/rest${SIGN_OUT_EVERYWHERE_PATH}`, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    services.sessions.ended(user.id);
    return reply.send({ success: true });
  });

  /** The picture to keep: none, the current one, or an image the member uploaded; undefined if refused. */
  async function pictureOf(userId: number, current: Picture | null, wanted: Picture | null): Promise<Picture | null | undefined> {
    if (wanted === null) return null;
    if (current?.id === wanted.id) return current;
    const [file] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, wanted.id), eq(uploads.ownerId, userId), eq(uploads.attachmentType, 'image'), sql`${uploads.messageId} is null`))
      .limit(1);
    return file ? { id: file.id, url: fileUrl(file.id) } : undefined;
  }
}
