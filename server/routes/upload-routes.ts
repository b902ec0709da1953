import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { attachmentType, type AttachmentType, type uploadResponse } from '../../src/contract/chat';
import type { Database } from '../db/open-database';
import { messages, uploads, users } from '../db/schema';
import { browserRequestUser, requestUser } from '../auth/tokens';
import { findAlert } from '../alerts/alert-actions';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import { INVALID_REQUEST, NOT_ALLOWED } from '../chat/chat-access';
import { mayReadMessage } from '../chat/message-actions';
import { toAttachment } from '../chat/message-view';
import { participantsOf } from '../messaging/conversations';
import { hasMessagingAccess } from '../messaging/messaging-access';
import { FILE_KINDS, LARGEST_UPLOAD } from '../../src/contract/upload-kinds';
import { attachmentKinds, formatSize } from '../../src/domain/upload-rules';
import { UPLOAD_TEXT } from '../../src/domain/upload-text-fr';
import { contentMatches, imageSize, SNIFF_BYTES } from '../uploads/file-kinds';
import type { UserRow } from '../users/user-queries';
import { NOT_FOUND, SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** The multipart limits: one file, a few small fields, nothing larger than the largest kind. */
export const MULTIPART_OPTIONS = {
  limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  // Too large a file is truncated and flagged instead of thrown, so the route answers 413 itself.
  throwFileSizeLimit: false,
};

/**
 * `POST /upload` (spec 2 §7) and the files it stored. Bytes live under `uploadsDir/{id}`; a row in
 * `uploads` keeps the owner, the type and, once posted, the message that carries it.
 *
 * Reading a file needs a signed-in member: its owner, or a reader of the room of the message that
 * carries it. The token is taken from the Authorization header or from the client's token cookie,
 * because the browser loads images and audio with plain `<img>`/`<audio>` requests that carry
 * cookies but no header; a `?token=` parameter was not chosen as it would write the 90-day token
 * into URLs, logs and history.
 */
export function registerUploadRoutes(app: FastifyInstance, db: Database, uploadsDir: string): void {
  mkdirSync(uploadsDir, { recursive: true });

  app.post('/rest/upload', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    if (!request.isMultipart()) return reply.code(400).send({ error: INVALID_REQUEST });

    const id = randomUUID();
    const partial = join(uploadsDir, `${id}.part`);
    let declared: AttachmentType | null = null;
    let declaredRaw: string | null = null;
    let received: Received | null = null;
    try {
      for await (const part of clientParts(request.parts())) {
        if (part.type === 'field') {
          if (part.fieldname === 'type' && typeof part.value === 'string') {
            declaredRaw = part.value;
            const parsed = attachmentType.safeParse(part.value);
            declared = parsed.success ? parsed.data : null;
          }
          continue;
        }
        if (part.fieldname !== 'file' || received) {
          await discard(part.file);
          continue;
        }
        const limit = declared ? FILE_KINDS[declared].maxBytes : LARGEST_UPLOAD;
        received = await receive(part.file, partial, limit);
        received.name = cleanName(part.filename);
        received.mimeType = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
        received.truncated ||= part.file.truncated;
      }

      // Voice notes go in private messages too, for every member with messaging access.
      const mayAudio = declared === 'audio' && (await hasMessagingAccess(db, user));
      const verdict = judge(user, mayAudio, declaredRaw, received);
      if ('error' in verdict) {
        await rm(partial, { force: true });
        return reply.code(verdict.status).send({ error: verdict.error });
      }
      const { file, kind } = verdict;
      await rename(partial, join(uploadsDir, id));
      const size = kind === 'image' || kind === 'video' ? imageSize(file.mimeType, file.head) : null;
      const [row] = await db
        .insert(uploads)
        .values({
          id,
          ownerId: user.id,
          attachmentType: kind,
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
          width: size?.width ?? null,
          height: size?.height ?? null,
          createdAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('upload non enregistré');
      const answer: z.infer<typeof uploadResponse> = { attachmentId: row.id, attachment: toAttachment(row) };
      return reply.send(answer);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/rest/upload/files/:id', async (request, reply) => {
    const user = await browserRequestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const [file] = await db.select().from(uploads).where(eq(uploads.id, request.params.id)).limit(1);
    if (!file) return reply.code(404).send({ error: NOT_FOUND });
    if (!(await mayRead(db, user, file))) return reply.code(403).send({ error: NOT_ALLOWED });
    const path = join(uploadsDir, file.id);
    const onDisk = await stat(path).catch(() => null);
    if (!onDisk) return reply.code(404).send({ error: NOT_FOUND });
    const disposition = file.attachmentType === 'file' ? 'attachment' : 'inline';
    return reply
      .type(file.mimeType)
      .header('Content-Length', onDisk.size)
      .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(createReadStream(path));
  });
}

export type Received = { size: number; head: Buffer; truncated: boolean; name: string; mimeType: string };

/**
 * The accepted file and its type, or why it is refused (checked in the order a member would want to
 * hear it), in the words of the client's own check: a refusal names what is accepted instead.
 */
function judge(
  user: UserRow,
  mayAudio: boolean,
  declared: string | null,
  received: Received | null,
): { file: Received; kind: AttachmentType } | { status: number; error: string } {
  if (!received || received.size === 0) return { status: 400, error: received ? UPLOAD_TEXT.empty : INVALID_REQUEST };
  const kind = attachmentType.safeParse(declared);
  const refused = { status: 400, error: UPLOAD_TEXT.typeRefused(attachmentKinds({ staff: user.isStaff, privateRoom: mayAudio })) };
  if (!kind.success || !FILE_KINDS[kind.data].mimeTypes.includes(received.mimeType)) return refused;
  if ((kind.data === 'video' && !user.isStaff) || (kind.data === 'audio' && !mayAudio)) return { status: 403, error: NOT_ALLOWED };
  if (received.truncated) return { status: 413, error: UPLOAD_TEXT.tooLarge(kind.data, formatSize(FILE_KINDS[kind.data].maxBytes)) };
  if (!contentMatches(received.mimeType, received.head)) return refused;
  return { file: received, kind: kind.data };
}

/**
 * Writes the stream to `path` up to `limit` bytes, then reads the rest without keeping it (the
 * request must be consumed to answer), flagging the file as truncated.
 */
export async function receive(stream: Readable, path: string, limit: number): Promise<Received> {
  const out = createWriteStream(path);
  const heads: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  try {
    for await (const chunk of clientParts(stream)) {
      if (!Buffer.isBuffer(chunk)) continue;
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        heads.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      if (size <= limit && !out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { size, head: Buffer.concat(heads), truncated: size > limit, name: '', mimeType: '' };
}

export async function discard(stream: Readable): Promise<void> {
  for await (const chunk of clientParts(stream)) void chunk;
}

/** The refusal of a multipart body the parser cannot read to its end (cut short, a wrong boundary). */
export const BROKEN_UPLOAD = `${INVALID_REQUEST} : envoi incomplet ou mal formé`;

/**
 * The parts (or a file's chunks) of a multipart body, a parser failure turned into a 400: the
 * parser throws plain errors, which the error handler would answer as the server's own (a 500).
 */
export async function* clientParts<Part>(parts: AsyncIterable<Part>): AsyncGenerator<Part> {
  const iterator = parts[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<Part>;
      try {
        next = await iterator.next();
      } catch (error) {
        finished = true;
        throw Object.assign(new Error(BROKEN_UPLOAD, { cause: error }), { statusCode: 400 });
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Left early (a refusal thrown in the loop): the stream is released as `for await` would.
    if (!finished) await iterator.return?.();
  }
}

/** The file's own name, without a path or control characters, as shown beside a document. */
export function cleanName(filename: string): string {
  const name = basename(filename.replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return name === '' ? 'fichier' : name;
}

/**
 * Its owner, or whoever may read the (live) message or alert that carries it: a reader of the
 * message's room, or of a comment's alert, a member the alert is shown whole to (VIP only), or a
 * participant of a private message's conversation.
 */
async function mayRead(db: Database, user: UserRow, file: typeof uploads.$inferSelect): Promise<boolean> {
  if (file.ownerId === user.id) return true;
  // A profile picture is shown beside its owner's posts to every member.
  if (file.attachmentType === 'image') {
    const [owner] = await db.select({ picture: users.picture }).from(users).where(eq(users.id, file.ownerId)).limit(1);
    if (owner?.picture?.id === file.id) return true;
  }
  if (file.messageId === null) return false;
  const alert = await findAlert(db, file.messageId);
  if (alert) return alert.deletedAt === null && isUnlocked(alert, await alertViewerOf(db, user));
  const [message] = await db.select().from(messages).where(eq(messages.id, file.messageId)).limit(1);
  if (message?.conversationId && message.deletedAt === null) return (await participantsOf(db, user.id, message.conversationId)) !== null;
  if (!message?.roomId || message.deletedAt !== null) return false;
  return mayReadMessage(db, user, { ...message, roomId: message.roomId });
}
