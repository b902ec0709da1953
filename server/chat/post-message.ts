import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { freshMessageFields, type AttachmentType, type ChatMessage, type postMessageInput } from '../../src/contract/chat';
import { executeRows, type Database } from '../db/open-database';
import { alerts, messages, uploads } from '../db/schema';
import { changeCommentCount } from '../alerts/alert-comments';
import { alertViewerOf, isUnlocked } from '../alerts/alert-viewer';
import type { AlertRow } from '../alerts/alert-view';
import type { UserRow } from '../users/user-queries';
import { BANNED, NOT_ALLOWED } from './chat-access';
import { SLOW_MODE_TEXT, slowModeWaitMs } from '../../src/domain/slow-mode';
import { MUTE_TEXT } from '../../src/domain/mute';
import { KEYWORD_TEXT } from '../../src/domain/keyword-filter';
import { filterVerdict, holdPost } from './keyword-filters';
import { repliesPicturesOf, toChatMessage, toSender, type MessageRow } from './message-view';
import { postContext, postContexts, type PostContext } from './post-context';
import { nextSeq, type Transaction } from './room-seq';

export type PostMessageData = z.output<typeof postMessageInput>;

/** The parent's (a message's, or an alert's) new reply count, for 'chat thread increase'. */
export type ThreadChange = { parentId: string; under: 'message' | 'alert'; repliesCount: number; repliesPictures: string[]; seq: number };

export type PostOutcome =
  /** `retryAfterMs`: the room's slow mode, the wait before this member may post again. */
  | { error: string; retryAfterMs?: number }
  /** The room's keyword filter holds it for a moderator (issue 22): `heldId` when newly held, else null (a repeat). */
  | { held: true; heldId: string | null }
  /** `created` false: a repeat of a stored post, answered with it and broadcast to no one. */
  | { created: false; message: ChatMessage }
  /**
   * `blockerIds`: members a block stands between with the author, to whom it is not delivered;
   * `announced`: already sent to the room with the posts written beside it (room-posts.ts).
   */
  | { created: true; message: ChatMessage; thread: ThreadChange | null; blockerIds: number[]; announced?: boolean };

export const INVALID_ATTACHMENT = 'Pièce jointe invalide';

/**
 * 'post message' (spec 2 §7). Idempotent on (author, clientId): the pair is looked up first, and
 * the insert itself does nothing on a conflicting pair, so two racing repeats store one message.
 */
export async function postMessage(
  db: Database,
  user: UserRow,
  input: PostMessageData,
  now: Date = new Date(),
  /** A held post a moderator lets through: neither the slow mode nor the filter hold it again. */
  reviewed = false,
): Promise<PostOutcome> {
  if (isPlainRoomPost(input)) {
    const [outcome] = await postRoomMessages(db, input.room, [{ user, input, now, reviewed }]);
    return outcome!;
  }
  const target = await resolveTarget(db, input);
  if (!target) return { error: NOT_ALLOWED };
  const context = await postContext(db, user.id, target.roomId, input.clientId, now);
  if (!context) return { error: NOT_ALLOWED };
  const refused = await screen(db, context, target, input, now, reviewed);
  if (refused) return refused;
  const { author, blockerIds } = context;
  const written = await writeOnce(db, author, input, now, {
    // Voice notes and videos in rooms are for the staff (spec 2 §6).
    kinds: author.isStaff ? ALL_KINDS : ['image', 'file'],
    placement: async (tx) => ({
      place: { roomId: target.roomId, parentId: target.parentId, alertId: target.alert?.id ?? null, conversationId: null },
      seq: await nextSeq(tx, target.roomId),
    }),
    after: async (tx): Promise<{ repliesCount: number; seq: number } | null> => {
      if (target.alert) return changeCommentCount(tx, target.alert.id, target.roomId, 1);
      if (target.parentId === null) return null;
      // The parent changes too (its reply count): it takes a new seq so a catch-up sees it.
      const parentSeq = await nextSeq(tx, target.roomId);
      const [parent] = await tx
        .update(messages)
        .set({ repliesCount: sql`${messages.repliesCount} + 1`, seq: parentSeq })
        .where(eq(messages.id, target.parentId))
        .returning({ repliesCount: messages.repliesCount, seq: messages.seq });
      if (!parent) throw new Error('message parent disparu');
      return parent;
    },
  });
  if ('error' in written || !written.created) return written;

  const message = written.message;
  const parentId = target.alert?.id ?? target.parentId;
  if (parentId === null || written.extra === null) return { created: true, message, thread: null, blockerIds };
  const under = target.alert ? 'alert' : 'message';
  const pictures = await repliesPicturesOf(db, [parentId], under);
  return {
    created: true,
    message,
    thread: {
      parentId,
      under,
      repliesCount: written.extra.repliesCount,
      repliesPictures: pictures.get(parentId) ?? [],
      seq: written.extra.seq,
    },
    blockerIds,
  };
}

/** A new top-level message of a room without attachments: the busy rooms' posts, written in batches. */
export type PlainRoomPost = PostMessageData & { room: string };
export const isPlainRoomPost = (input: PostMessageData): input is PlainRoomPost => input.room !== undefined && input.attachments.length === 0;

export type RoomPost = { user: UserRow; input: PlainRoomPost; now: Date; reviewed?: boolean };

/**
 * Plain messages to one room, written together (group commit, issue 25): one read of every
 * author's context, each post screened in arrival order exactly as a single one is (an earlier
 * post of the batch counts for the slow mode of the next), then one statement that takes the
 * room's next seqs and inserts every accepted post, without a transaction's round trips (the row
 * lock on the room orders concurrent writers). Each message's view is built from what is in
 * hand — exactly what `toChatMessage` reads back for its row (server test). A pair repeated
 * within the batch is answered with the first one's message; a pair that raced in from elsewhere
 * meanwhile, with the stored winner (the seq it took stays unused: clients catch up over a gap).
 * Answers one outcome per post, in order.
 */
export async function postRoomMessages(db: Database, roomId: string, posts: readonly RoomPost[]): Promise<PostOutcome[]> {
  if (posts.length === 0) return [];
  const contexts = await postContexts(
    db,
    roomId,
    posts.map((p) => ({ authorId: p.user.id, clientId: p.input.clientId })),
    posts[0]!.now,
  );
  const target: Target = { roomId, parentId: null, alert: null };
  const outcomes: (PostOutcome | undefined)[] = [];
  const accepted: { index: number; post: RoomPost; context: PostContext; id: string }[] = [];
  const firstOfPair = new Map<string, number>();
  const repeatsOf = new Map<number, number>();
  for (const [index, post] of posts.entries()) {
    const context = contexts.get(post.user.id);
    if (!context) {
      outcomes[index] = { error: NOT_ALLOWED };
      continue;
    }
    const pair = `${post.user.id}|${post.input.clientId}`;
    const first = firstOfPair.get(pair);
    if (first !== undefined) {
      repeatsOf.set(index, first);
      continue;
    }
    const refused = await screen(db, context, target, post.input, post.now, post.reviewed ?? false);
    if (refused) {
      outcomes[index] = refused;
      continue;
    }
    firstOfPair.set(pair, index);
    accepted.push({ index, post, context, id: randomUUID() });
    // The author's next post of this batch waits out the slow mode from this one.
    context.lastPostAt = post.now;
  }
  const seqs = await insertRoomMessages(db, roomId, accepted);
  for (const { index, post, context, id } of accepted) {
    const seq = seqs.get(id);
    if (seq === undefined) {
      const winner = await storedPost(db, post.user.id, post.input.clientId);
      if (!winner) throw new Error(`message perdu dans la room ${roomId}`);
      outcomes[index] = winner;
      continue;
    }
    const message = roomMessageView(id, roomId, seq, context.author, post.input, post.now);
    outcomes[index] = { created: true, message, thread: null, blockerIds: context.blockerIds };
  }
  for (const [index, first] of repeatsOf) {
    const outcome = outcomes[first]!;
    outcomes[index] = 'message' in outcome ? { created: false, message: outcome.message } : outcome;
  }
  return outcomes.map((outcome) => outcome ?? { error: NOT_ALLOWED });
}

/** The accepted posts in one statement: the room's seqs taken together, in order. Answers id → seq of each row written. */
async function insertRoomMessages(db: Database, roomId: string, rows: readonly { post: RoomPost; id: string }[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const values = sql.join(
    rows.map(
      ({ post, id }, i) =>
        sql`(${id}::text, ${post.user.id}::int, ${post.input.clientId}::text, ${post.input.content}::text, ${i + 1}::int, ${post.now.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const written = await executeRows<{ id: string; seq: number }>(
    db,
    sql`
    with next as (update rooms set last_seq = last_seq + ${rows.length} where id = ${roomId} returning last_seq)
    insert into messages (id, room_id, author_id, client_id, content, seq, created_at)
    select v.id, ${roomId}, v.author_id, v.client_id, v.content, next.last_seq - ${rows.length} + v.ord, v.created_at
    from next, (values ${values}) as v(id, author_id, client_id, content, ord, created_at)
    on conflict (author_id, client_id) do nothing
    returning id, seq`,
  );
  return new Map(written.map((row) => [row.id, Number(row.seq)]));
}

function roomMessageView(id: string, roomId: string, seq: number, author: UserRow, input: PlainRoomPost, now: Date): ChatMessage {
  return {
    _id: id,
    clientId: input.clientId,
    room: roomId,
    parentMessage: null,
    alertId: null,
    conversationId: null,
    content: input.content,
    date: now.toISOString(),
    seq,
    sender: toSender(author),
    ...freshMessageFields(),
  };
}

/**
 * A post's checks before it is written, in order: reading rights (an alert's comments need the
 * alert shown whole), a repeat answered with the stored message, a held post, writing rights
 * (ban), a mute, attachments, the slow mode, the keyword filter (a held post is stored for a
 * moderator here). Null when the post may be written.
 */
async function screen(db: Database, context: PostContext, target: Target, input: PostMessageData, now: Date, reviewed: boolean): Promise<PostOutcome | null> {
  const { access, author } = context;
  // A comment under an alert needs the alert shown whole (VIP, or a freeAlert); a ban still
  // closes it. Elsewhere the room's rights decide.
  let mayWrite: boolean;
  if (target.alert) {
    if (!isUnlocked(target.alert, await alertViewerOf(db, author, now))) return { error: NOT_ALLOWED };
    mayWrite = !access.banned;
  } else {
    if (!access.rights.canRead) return { error: NOT_ALLOWED };
    mayWrite = access.rights.canWrite;
  }

  // A repeat is answered before the write checks: the stored message is the truth, even if the
  // member was banned since or its attachments are now (by this very message) taken.
  if (context.repeats.has(input.clientId)) {
    const repeat = await storedPost(db, author.id, input.clientId);
    if (repeat) return repeat;
  }
  const held = context.held.get(input.clientId);
  if (!reviewed && held !== undefined && held !== 'approved') return held === 'rejected' ? { error: KEYWORD_TEXT.rejected } : { held: true, heldId: null };

  if (!mayWrite) return { error: access.banned ? BANNED : NOT_ALLOWED };
  // A timed mute closes writing as a ban does, until it ends (issue 22).
  if (context.mutedUntil) return { error: MUTE_TEXT.refused(context.mutedUntil, now) };
  if (input.attachments.length > 0 && !target.alert && !access.rights.canSendAttachments) return { error: NOT_ALLOWED };
  if (!target.alert && !reviewed && !access.moderator && !author.isStaff) {
    const wait = slowModeWaitMs(access.room.slowModeSeconds, context.lastPostAt?.getTime() ?? null, now.getTime());
    if (wait > 0) return { error: SLOW_MODE_TEXT.refused(Math.ceil(wait / 1000)), retryAfterMs: wait };
  }
  const rule = reviewed ? null : filterVerdict(access, author, input.content);
  if (rule?.action === 'block') return { error: KEYWORD_TEXT.blocked };
  if (rule?.action === 'hold') {
    const refused = await checkAttachments(db, author, input.attachments, ['image', 'file']);
    if (refused) return { error: refused };
    return { held: true, heldId: await holdPost(db, author, target.roomId, input, rule.keyword, now) };
  }
  return null;
}

export const ALL_KINDS: readonly AttachmentType[] = ['image', 'file', 'audio', 'video'];

/** The stored message of a repeated (author, clientId), answered as is; null for a new one. */
export async function storedPost(db: Database, authorId: number, clientId: string): Promise<{ created: false; message: ChatMessage } | null> {
  const stored = await findByClientId(db, authorId, clientId);
  return stored ? { created: false, message: await toChatMessage(db, stored, authorId) } : null;
}

/**
 * Why the uploads cannot go with a new message, or null when they can: each named once, the
 * sender's own, not yet carried by another message, and of a kind the stream takes (else
 * `kindRefused`).
 */
export async function checkAttachments(
  db: Database,
  user: UserRow,
  ids: string[],
  kinds: readonly AttachmentType[],
  kindRefused: string = NOT_ALLOWED,
): Promise<string | null> {
  if (ids.length === 0) return null;
  if (new Set(ids).size !== ids.length) return INVALID_ATTACHMENT;
  const files = await db.select().from(uploads).where(inArray(uploads.id, ids));
  if (files.length !== ids.length || files.some((f) => f.ownerId !== user.id || f.messageId !== null)) return INVALID_ATTACHMENT;
  if (files.some((f) => !kinds.includes(f.attachmentType))) return kindRefused;
  return null;
}

/** Where a new message goes and its stream's sequence number, taken inside the write's transaction. */
export type Placement = {
  place: Pick<typeof messages.$inferInsert, 'roomId' | 'parentId' | 'alertId' | 'conversationId'>;
  seq: number;
};

export type Written<Extra> = { created: false; message: ChatMessage } | { created: true; message: ChatMessage; row: MessageRow; extra: Extra };

/** How a stream takes a new post: the attachment kinds it accepts, where the post goes, what else changes. */
export type WriteSteps<Extra> = {
  kinds: readonly AttachmentType[];
  /** The error for an attachment of another kind (NOT_ALLOWED unless said). */
  kindRefused?: string;
  placement: (tx: Transaction) => Promise<Placement>;
  after: (tx: Transaction, row: MessageRow) => Promise<Extra>;
};

/**
 * Stores a post once per (author, clientId), for every stream (rooms, threads, comments, private
 * conversations), once its attachments pass `checkAttachments` with the stream's `kinds`:
 * `placement` takes the stream's next seq (and may create the stream), `after` makes the stream's
 * other changes, all in one transaction. The insert does nothing on a
 * conflicting pair, so two racing repeats store one message; the loser rolls back (its placement
 * included) and is answered with the winner's message. The uploads are marked as carried in the
 * same transaction, so one upload never goes with two messages.
 */
export async function writeOnce<Extra>(
  db: Database,
  user: UserRow,
  input: { clientId: string; content: string; attachments: string[] },
  now: Date,
  { kinds, kindRefused, placement, after }: WriteSteps<Extra>,
): Promise<Written<Extra> | { error: string }> {
  const refused = await checkAttachments(db, user, input.attachments, kinds, kindRefused);
  if (refused) return { error: refused };
  const id = randomUUID();
  let written: { row: MessageRow; extra: Extra };
  try {
    written = await db.transaction(async (tx) => {
      const { place, seq } = await placement(tx);
      const [row] = await tx
        .insert(messages)
        .values({ id, ...place, authorId: user.id, clientId: input.clientId, content: input.content, seq, attachments: input.attachments, createdAt: now })
        .onConflictDoNothing({ target: [messages.authorId, messages.clientId] })
        .returning();
      if (!row) throw new RepeatedPost();
      if (input.attachments.length > 0) {
        const marked = await tx
          .update(uploads)
          .set({ messageId: id })
          .where(and(inArray(uploads.id, input.attachments), eq(uploads.ownerId, user.id), isNull(uploads.messageId)))
          .returning({ id: uploads.id });
        if (marked.length !== input.attachments.length) throw new AttachmentTaken();
      }
      return { row, extra: await after(tx, row) };
    });
  } catch (error) {
    if (error instanceof AttachmentTaken) return { error: INVALID_ATTACHMENT };
    if (!(error instanceof RepeatedPost)) throw error;
    // Another request with the same pair committed between our look-up and our insert.
    const winner = await storedPost(db, user.id, input.clientId);
    if (!winner) throw error;
    return winner;
  }
  return { created: true, message: await toChatMessage(db, written.row, user.id), row: written.row, extra: written.extra };
}

class RepeatedPost extends Error {}
class AttachmentTaken extends Error {}

async function findByClientId(db: Database, authorId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

type Target = { roomId: string; parentId: string | null; alert: AlertRow | null };

/**
 * The room a post goes to; a reply goes to its parent's room, a comment to its alert's. Replies to
 * replies and to comments are refused, and so are comments under a deleted alert.
 */
async function resolveTarget(db: Database, input: PostMessageData): Promise<Target | null> {
  if (input.room !== undefined) return { roomId: input.room, parentId: null, alert: null };
  if (input.alertId !== undefined) {
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, input.alertId)).limit(1);
    if (!alert || alert.deletedAt !== null) return null;
    return { roomId: alert.roomId, parentId: null, alert };
  }
  if (input.parentMessage === undefined) return null;
  const [parent] = await db.select().from(messages).where(eq(messages.id, input.parentMessage)).limit(1);
  if (!parent || parent.roomId === null || parent.parentId !== null || parent.alertId !== null || parent.deletedAt !== null) return null;
  return { roomId: parent.roomId, parentId: parent.id, alert: null };
}
