import { inArray } from 'drizzle-orm';
import { notificationSettings, type GENERAL_NOTIFICATION_KEYS, type NotificationChannels, type NotificationSettings } from '../../src/contract/account';
import type { Database } from '../db/open-database';
import { notificationPreferences } from '../db/schema';

const on: NotificationChannels = { mobile: true, mail: true, web: true };
const noMail: NotificationChannels = { mobile: true, mail: false, web: true };
const off: NotificationChannels = { mobile: false, mail: false, web: false };

/**
 * A member's preferences before any save: everything general on; rooms and lives on the phone and
 * the browser but not by e-mail (a busy room would flood the inbox); new posts (a hidden key) off.
 */
export function defaultNotificationSettings(roomIds: readonly string[]): NotificationSettings {
  return {
    general: { newAlert: on, newReply: on, mention: on, privateMessage: on },
    rooms: Object.fromEntries(roomIds.map((id) => [id, noMail])),
    global: { newPost: off, liveStarting: noMail },
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
 * The channels each member chose for one general event (`newAlert`, `mention`…): the saved
 * preferences, else the defaults. Every id asked gets an answer.
 */
export async function generalChannelsOf(
  db: Database,
  userIds: readonly number[],
  key: (typeof GENERAL_NOTIFICATION_KEYS)[number],
): Promise<Map<number, NotificationChannels>> {
  const fallback = defaultNotificationSettings([]).general[key];
  const answer = new Map(userIds.map((id) => [id, fallback]));
  if (userIds.length === 0) return answer;
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, [...userIds]));
  for (const row of rows) {
    const saved = notificationSettings.safeParse(row.settings);
    if (saved.success) answer.set(row.userId, saved.data.general[key]);
  }
  return answer;
}
