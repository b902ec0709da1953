import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod/mini';
import { postMessageInput } from '../../src/contract/chat';
import { HELD_EVENTS, keywordRule, type HeldMessage } from '../../src/contract/reports';
import { KEYWORD_TEXT, matchKeyword, type KeywordRule } from '../../src/domain/keyword-filter';
import type { Database } from '../db/open-database';
import { heldMessages } from '../db/schema';
import type { RoomRow } from '../rooms/room-rights';
import type { UserRow } from '../users/user-queries';
import { MODERATORS_CHANNEL } from '../realtime/channels';
import type { ComptoirIo } from '../realtime/socket-server';
import type { RoomAccess } from './chat-access';
import { sendersById } from './message-view';
import type { PostMessageData } from './post-message';

/** Held messages the queue lists at most (the newer wait for the older to be decided). */
const QUEUE_MAX = 200;

const storedRules = z.array(keywordRule);

/** A room's rules as stored; a list that no longer decodes filters nothing (and is logged by no one: it cannot be written). */
export function roomRules(room: Pick<RoomRow, 'keywordFilters'>): KeywordRule[] {
  const decoded = z.safeParse(storedRules, room.keywordFilters);
  return decoded.success ? decoded.data : [];
}

/** The rule a post or an edit by `user` falls under in the room, or null; moderators and staff are never filtered. */
export function filterVerdict(access: RoomAccess, user: UserRow, content: string): KeywordRule | null {
  if (access.moderator || user.isStaff) return null;
  return matchKeyword(content, roomRules(access.room));
}

/** A post held for review: stored once per (author, clientId), announced by the caller. */
export async function holdPost(db: Database, user: UserRow, roomId: string, input: PostMessageData, keyword: string, now: Date): Promise<string | null> {
  const [held] = await db
    .insert(heldMessages)
    .values({ id: randomUUID(), roomId, authorId: user.id, clientId: input.clientId, input, keyword, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: heldMessages.id });
  return held?.id ?? null;
}

/**
 * What a repeat of a held post is answered: still waiting (`held`), or refused; null when the
 * pair was never held, or was let through (its stored message answers then).
 */
export async function heldRepeat(db: Database, authorId: number, clientId: string): Promise<{ held: true } | { error: string } | null> {
  const [row] = await db
    .select({ outcome: heldMessages.outcome })
    .from(heldMessages)
    .where(and(eq(heldMessages.authorId, authorId), eq(heldMessages.clientId, clientId)))
    .limit(1);
  if (!row) return null;
  if (row.outcome === null) return { held: true };
  return row.outcome === 'rejected' ? { error: KEYWORD_TEXT.rejected } : null;
}

type HeldRow = typeof heldMessages.$inferSelect;

/** The held posts waiting for a decision, oldest first; only `ids` when given. */
export async function openHeld(db: Database, ids?: readonly string[]): Promise<HeldMessage[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select()
    .from(heldMessages)
    .where(and(isNull(heldMessages.decidedAt), ids ? inArray(heldMessages.id, [...ids]) : undefined))
    .orderBy(asc(heldMessages.createdAt))
    .limit(QUEUE_MAX);
  const senders = await sendersById(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.flatMap((row) => {
    const input = heldInput(row);
    const sender = senders.get(row.authorId);
    if (!input || !sender) return [];
    return [
      {
        _id: row.id,
        room: row.roomId,
        parentMessage: input.parentMessage ?? null,
        alertId: input.alertId ?? null,
        sender,
        content: input.content,
        attachmentsCount: input.attachments.length,
        keyword: row.keyword,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/** The post as its author sent it (null if it no longer decodes: it is then refused, never posted half). */
export function heldInput(row: Pick<HeldRow, 'input'>): PostMessageData | null {
  const decoded = postMessageInput.safeParse(row.input);
  return decoded.success ? decoded.data : null;
}

/** A waiting held post, or null when there is none by that id or it was decided. */
export async function waitingHeld(db: Database, heldId: string): Promise<HeldRow | null> {
  const [row] = await db
    .select()
    .from(heldMessages)
    .where(and(eq(heldMessages.id, heldId), isNull(heldMessages.decidedAt)))
    .limit(1);
  return row ?? null;
}

/** Records a decision once: false when another moderator decided first. */
export async function decideHeld(db: Database, moderator: UserRow, heldId: string, outcome: 'approved' | 'rejected', now: Date): Promise<boolean> {
  const decided = await db
    .update(heldMessages)
    .set({ decidedAt: now, decidedBy: moderator.id, outcome })
    .where(and(eq(heldMessages.id, heldId), isNull(heldMessages.decidedAt)))
    .returning({ id: heldMessages.id });
  return decided.length > 0;
}

/** A newly held post, to the moderators' queues. */
export async function announceHeld(io: ComptoirIo, db: Database, heldId: string): Promise<void> {
  const [entry] = await openHeld(db, [heldId]);
  if (entry) io.to(MODERATORS_CHANNEL).emit(HELD_EVENTS.entry, entry);
}
