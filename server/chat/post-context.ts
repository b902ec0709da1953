import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { rooms, users } from '../db/schema';
import type { HeldSubscription, RoomRow } from '../rooms/room-rights';
import type { UserRow } from '../users/user-queries';
import { accessFrom, type RoomAccess } from './chat-access';

/**
 * Everything a post to a room must know before it is written, read fresh in one round trip for
 * every author of a batch (issue 25): the room, each author as stored now (rights, staff, public
 * fields for the message's sender), their live subscriptions, a mute under way, the members a
 * block stands between them and the author, which of the batch's client ids are repeats or held
 * posts, and when they last posted in the room inside its slow mode's window. Nothing is kept
 * between posts, so a ban, an expiry, a block or a mute applies to the very next post, on every
 * server process alike.
 */
export type PostContext = {
  access: RoomAccess;
  /** The author as stored now (the socket's copy dates from its connection). */
  author: UserRow;
  mutedUntil: Date | null;
  /** Members a block stands between with the author, either way: the post is not delivered to them. */
  blockerIds: number[];
  /** clientId → the stored message of a repeated (author, clientId). */
  repeats: Map<string, string>;
  /** clientId → a held post with this (author, clientId): waiting, rejected, or let through. */
  held: Map<string, HeldOutcome>;
  /** The author's last post in the room within its slow mode's window (null when off or none). */
  lastPostAt: Date | null;
};

export type HeldOutcome = 'waiting' | 'rejected' | 'approved';

type Json<T> = T | string | null;

/** pg hands json back decoded, PGlite may hand it back as text: either way, the value. */
const decoded = <T>(value: Json<T>, empty: T): T => (value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value);

const heldOutcome = (value: string): HeldOutcome => (value === 'rejected' || value === 'approved' ? value : 'waiting');

/** The context of each author of `posts` in `roomId`, by author id; empty when the room does not exist. */
export async function postContexts(
  db: Database,
  roomId: string,
  posts: readonly { authorId: number; clientId: string }[],
  now: Date,
): Promise<Map<number, PostContext>> {
  const contexts = new Map<number, PostContext>();
  if (posts.length === 0) return contexts;
  const at = now.toISOString();
  const authorIds = [...new Set(posts.map((p) => p.authorId))];
  const clientIds = sql.join(
    [...new Set(posts.map((p) => p.clientId))].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db
    .select({
      room: getTableColumns(rooms),
      author: getTableColumns(users),
      subscriptions: sql<Json<[number, string][]>>`(
        select json_agg(json_build_array(s.subscription_id, s.expires_at))
        from user_subscriptions s where s.user_id = ${users.id} and s.expires_at > ${at}::timestamptz)`,
      mutedUntil: sql<string | Date | null>`(
        select max(m.until) from chat_mutes m where m.user_id = ${users.id} and m.until > ${at}::timestamptz)`,
      blockers: sql<Json<number[]>>`(
        select json_agg(case when b.blocker_id = ${users.id} then b.blocked_id else b.blocker_id end)
        from user_blocks b where b.blocker_id = ${users.id} or b.blocked_id = ${users.id})`,
      repeats: sql<Json<[string, string][]>>`(
        select json_agg(json_build_array(r.client_id, r.id)) from messages r where r.author_id = ${users.id} and r.client_id in (${clientIds}))`,
      held: sql<Json<[string, string][]>>`(
        select json_agg(json_build_array(h.client_id, coalesce(h.outcome, 'waiting')))
        from held_messages h where h.author_id = ${users.id} and h.client_id in (${clientIds}))`,
      // Read only in a room in slow mode (a case runs its subquery only when chosen).
      lastPostAt: sql<string | Date | null>`case when ${rooms.slowModeSeconds} > 0 then (
        select max(p.created_at) from messages p
        where p.room_id = ${rooms.id} and p.author_id = ${users.id} and p.alert_id is null
          and p.created_at > ${at}::timestamptz - make_interval(secs => ${rooms.slowModeSeconds})) end`,
    })
    .from(users)
    .innerJoin(rooms, eq(rooms.id, roomId))
    .where(inArray(users.id, authorIds));
  for (const row of rows) {
    const subscriptions: HeldSubscription[] = decoded(row.subscriptions, []).map(([subscriptionId, expiresAt]) => ({
      subscriptionId,
      expiresAt: new Date(expiresAt),
    }));
    contexts.set(row.author.id, {
      access: accessFrom(row.room as RoomRow, row.author, subscriptions, now),
      author: row.author,
      mutedUntil: row.mutedUntil === null ? null : new Date(row.mutedUntil),
      blockerIds: [...new Set(decoded(row.blockers, []))],
      repeats: new Map(decoded(row.repeats, [])),
      held: new Map(decoded(row.held, []).map(([clientId, outcome]) => [clientId, heldOutcome(outcome)])),
      lastPostAt: row.lastPostAt === null ? null : new Date(row.lastPostAt),
    });
  }
  return contexts;
}

/** One post's context (a thread reply, a comment, an attachment's post: the paths not batched). */
export async function postContext(db: Database, authorId: number, roomId: string, clientId: string, now: Date): Promise<PostContext | null> {
  return (await postContexts(db, roomId, [{ authorId, clientId }], now)).get(authorId) ?? null;
}
