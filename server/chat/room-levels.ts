import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod/mini';
import { roomLevel } from '../../src/contract/room-levels';
import { DEFAULT_ROOM_LEVEL, type RoomLevel } from '../../src/domain/notification-level';
import type { Database } from '../db/open-database';
import { roomNotificationLevels } from '../db/schema';

const decode = (stored: string): RoomLevel => {
  const level = z.safeParse(roomLevel, stored);
  return level.success ? level.data : DEFAULT_ROOM_LEVEL;
};

/** The levels a member chose, by room id (rooms at the default are absent). */
export async function levelsOf(db: Database, userId: number): Promise<Record<string, RoomLevel>> {
  const rows = await db.select().from(roomNotificationLevels).where(eq(roomNotificationLevels.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.roomId, decode(row.level)]));
}

/** Each member's level in one room; every id asked gets an answer (the default when none was chosen). */
export async function levelsIn(db: Database, roomId: string, userIds: readonly number[]): Promise<Map<number, RoomLevel>> {
  const answer = new Map(userIds.map((id) => [id, DEFAULT_ROOM_LEVEL]));
  if (userIds.length === 0) return answer;
  const rows = await db
    .select()
    .from(roomNotificationLevels)
    .where(and(eq(roomNotificationLevels.roomId, roomId), inArray(roomNotificationLevels.userId, [...userIds])));
  for (const row of rows) answer.set(row.userId, decode(row.level));
  return answer;
}

/** Sets a member's level in a room; the default is stored as no row. */
export async function setLevel(db: Database, userId: number, roomId: string, level: RoomLevel, now: Date = new Date()): Promise<void> {
  if (level === DEFAULT_ROOM_LEVEL) {
    await db.delete(roomNotificationLevels).where(and(eq(roomNotificationLevels.userId, userId), eq(roomNotificationLevels.roomId, roomId)));
    return;
  }
  await db
    .insert(roomNotificationLevels)
    .values({ userId, roomId, level, updatedAt: now })
    .onConflictDoUpdate({ target: [roomNotificationLevels.userId, roomNotificationLevels.roomId], set: { level, updatedAt: now } });
}
