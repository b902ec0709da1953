import type { NotificationChannels, NotificationSettings } from '../../src/contract/account';

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
