import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { notificationChannels, notificationSettings, type NotificationChannels, type NotificationSettings } from '../../src/contract/account';
import type { Database } from '../db/open-database';
import { notificationPreferences } from '../db/schema';

const on: NotificationChannels = { mobile: true, mail: true, web: true };
const noMail: NotificationChannels = { mobile: true, mail: false, web: true };
const off: NotificationChannels = { mobile: false, mail: false, web: false };

/**
 * A member's preferences before any save: the coaches' notifications and what is addressed to the
 * member on every channel; rooms and likes on the phone and the browser but not by e-mail (a busy
 * room would flood the inbox); new posts (a hidden key) off.
 */
export function defaultNotificationSettings(roomIds: readonly string[]): NotificationSettings {
  return {
    general: on,
    rooms: Object.fromEntries(roomIds.map((id) => [id, noMail])),
    global: { 'private-message': on, like: noMail, thread: on, 'commented-too': noMail, 'mentioned-you': on, 'new-post': off },
    coaches: [],
  };
}

/**
 * The saved preferences shown over the rooms the member reads now: a room opened since the save
 * gets the default, a room no longer readable drops out.
 */
export function settingsForRooms(saved: NotificationSettings, roomIds: readonly string[]): NotificationSettings {
  return { ...saved, rooms: Object.fromEntries(roomIds.map((id) => [id, saved.rooms[id] ?? noMail])) };
}

/**
 * Preferences saved before the matrix took the spec's rows (general events by name, a live key):
 * read into today's shape so that nobody's choices are lost.
 */
const legacySettings = z.object({
  general: z.object({ newAlert: notificationChannels, newReply: notificationChannels, mention: notificationChannels, privateMessage: notificationChannels }),
  rooms: z.record(z.string(), notificationChannels),
  global: z.object({ newPost: notificationChannels }),
  coaches: notificationSettings.shape.coaches,
});

/** A stored row's preferences (today's shape or the former one), or null when unreadable. */
export function readSavedSettings(stored: unknown): NotificationSettings | null {
  const saved = notificationSettings.safeParse(stored);
  if (saved.success) return saved.data;
  const legacy = legacySettings.safeParse(stored);
  if (!legacy.success) return null;
  const { general, rooms, global, coaches } = legacy.data;
  const defaults = defaultNotificationSettings([]).global;
  return {
    general: general.newAlert,
    rooms,
    global: { ...defaults, 'private-message': general.privateMessage, thread: general.newReply, 'mentioned-you': general.mention, 'new-post': global.newPost },
    coaches,
  };
}

/**
 * Each member's preferences (their rooms' rows aside): the saved ones, else the defaults. Every id
 * asked gets an answer.
 */
export async function settingsOf(db: Database, userIds: readonly number[]): Promise<Map<number, NotificationSettings>> {
  const answer = new Map(userIds.map((id) => [id, defaultNotificationSettings([])]));
  if (userIds.length === 0) return answer;
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, [...userIds]));
  for (const row of rows) {
    const saved = readSavedSettings(row.settings);
    if (saved) answer.set(row.userId, saved);
  }
  return answer;
}

/** The channels each member chose for the coaches' notifications (the general row of /profil/notif). */
export async function generalChannelsOf(db: Database, userIds: readonly number[]): Promise<Map<number, NotificationChannels>> {
  const settings = await settingsOf(db, userIds);
  return new Map([...settings].map(([id, chosen]) => [id, chosen.general]));
}
