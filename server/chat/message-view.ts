import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Attachment, ChatMessage, Sender } from '../../src/contract/chat';
import { REST_BASE } from '../../src/contract/hosts';
import { REPLY_AVATARS_MAX } from '../../src/domain/chat-limits';
import type { Database } from '../db/open-database';
import { messageLikes, messages, uploads, users } from '../db/schema';
import type { UserRow } from '../users/user-queries';

export type MessageRow = typeof messages.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/** `messages.attachments` holds the ordered ids of the message's uploads. */
const attachmentIds = z.array(z.string()).catch([]);

/**
 * The wire shape of stored messages (spec 2 §3 Message), in the order given. `viewerId` decides
 * `liked`; broadcasts pass null, so `liked` is false there as the contract says.
 */
export async function toChatMessages(db: Database, rows: MessageRow[], viewerId: number | null): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const uploadIds = rows.flatMap((row) => attachmentIds.parse(row.attachments));
  const [senders, files, liked, pictures] = await Promise.all([
    sendersById(db, rows.map((row) => row.authorId)),
    uploadIds.length === 0 ? [] : db.select().from(uploads).where(inArray(uploads.id, uploadIds)),
    viewerId === null
      ? []
      : db
          .select({ id: messageLikes.messageId })
          .from(messageLikes)
          .where(and(eq(messageLikes.userId, viewerId), inArray(messageLikes.messageId, ids))),
    repliesPicturesOf(
      db,
      rows.filter((row) => row.repliesCount > 0).map((row) => row.id),
    ),
  ]);
  const fileById = new Map(files.map((file) => [file.id, file]));
  const likedIds = new Set(liked.map((like) => like.id));
  return rows.map((row) => ({
    _id: row.id,
    clientId: row.clientId,
    room: row.roomId ?? '',
    parentMessage: row.parentId,
    alertId: row.alertId,
    conversationId: row.conversationId,
    content: row.content,
    date: row.createdAt.toISOString(),
    seq: row.seq,
    sender: senders.get(row.authorId) ?? unknownSender(row.authorId),
    attachments: attachmentIds
      .parse(row.attachments)
      .flatMap((id) => {
        const file = fileById.get(id);
        return file ? [toAttachment(file)] : [];
      }),
    likesCount: row.likesCount,
    repliesCount: row.repliesCount,
    repliesPictures: pictures.get(row.id) ?? [],
    liked: likedIds.has(row.id),
    pinned: row.pinned,
    title: row.pinTitle,
    editedAt: row.editedAt?.toISOString() ?? null,
  }));
}

export async function toChatMessage(db: Database, row: MessageRow, viewerId: number | null): Promise<ChatMessage> {
  const [message] = await toChatMessages(db, [row], viewerId);
  if (!message) throw new Error('message introuvable après lecture');
  return message;
}

export function toSender(user: UserRow): Sender {
  return {
    id: user.id,
    _id: String(user.id),
    firstName: user.firstName,
    username: user.username,
    picture: user.picture?.url ?? null,
    mention: user.mention,
  };
}

export async function sendersById(db: Database, ids: number[]): Promise<Map<number, Sender>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, toSender(row)]));
}

export function toAttachment(file: UploadRow): Attachment {
  return {
    _id: file.id,
    attachmentType: file.attachmentType,
    resourceUrl: `${REST_BASE}/upload/files/${file.id}`,
    thumbnail: null,
    name: file.name,
    width: file.width,
    height: file.height,
  };
}

/**
 * Pictures of the last repliers of each thread (or, `under` 'alert', of the last commenters of each
 * alert): the latest distinct repliers first, at most three, members without a picture skipped (so
 * the list is often shorter than three, or empty).
 */
export async function repliesPicturesOf(db: Database, parentIds: string[], under: 'message' | 'alert' = 'message'): Promise<Map<string, string[]>> {
  const pictures = new Map<string, string[]>();
  if (parentIds.length === 0) return pictures;
  const parent = under === 'alert' ? messages.alertId : messages.parentId;
  const latest = max(messages.createdAt);
  const rows = await db
    .select({ parentId: parent, picture: users.picture, at: latest })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(inArray(parent, parentIds), isNull(messages.deletedAt)))
    .groupBy(parent, messages.authorId, users.picture)
    .orderBy(desc(latest), sql`${messages.authorId}`);
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const taken = seen.get(row.parentId) ?? 0;
    if (taken >= REPLY_AVATARS_MAX) continue;
    seen.set(row.parentId, taken + 1);
    const url = row.picture?.url;
    if (url) pictures.set(row.parentId, [...(pictures.get(row.parentId) ?? []), url]);
  }
  return pictures;
}

const unknownSender = (id: number): Sender => ({ id, _id: String(id), firstName: '', username: '', picture: null, mention: null });
