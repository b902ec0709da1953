/**
 * A member's notification level per room (issue 22): 'Tout', 'Mentions', 'Coachs seulement' or
 * 'Rien'. It decides, for that room, which events reach the member outside the room itself: the
 * room list's badge, the urgent alert's ring, and web pushes (desktop notifications). Private
 * messages and lives belong to no room: their boxes of /profil/notif alone decide.
 */
export const ROOM_LEVELS = ['all', 'mentions', 'coaches', 'none'] as const;
export type RoomLevel = (typeof ROOM_LEVELS)[number];
export const DEFAULT_ROOM_LEVEL: RoomLevel = 'all';

/** What happens in a room that may reach a member: a message (a coach's or not), an alert, a mention of them, a reply in a thread they follow. */
export type RoomNotice = 'message' | 'coach-message' | 'alert' | 'mention' | 'reply';

const NOTIFIED: Record<RoomLevel, readonly RoomNotice[]> = {
  all: ['message', 'coach-message', 'alert', 'mention', 'reply'],
  mentions: ['mention', 'reply'],
  coaches: ['coach-message', 'alert', 'mention', 'reply'],
  none: [],
};

/** Whether `notice` in a room reaches a member whose level there is `level`. */
export const levelNotifies = (level: RoomLevel, notice: RoomNotice): boolean => NOTIFIED[level].includes(notice);

/**
 * The room list's badge for a room with unread messages: their count at 'Tout'; a dot (something
 * new, not how much) at 'Mentions' and 'Coachs seulement'; nothing at 'Rien'.
 */
export const badgeKind = (level: RoomLevel): 'count' | 'dot' | 'none' => (level === 'all' ? 'count' : level === 'none' ? 'none' : 'dot');

/** A member's level in a room: the one they chose, else the default. */
export const levelIn = (levels: Readonly<Record<string, RoomLevel>> | null | undefined, roomId: string): RoomLevel => levels?.[roomId] ?? DEFAULT_ROOM_LEVEL;

const LEVEL_NAMES: Record<RoomLevel, string> = { all: 'Tout', mentions: 'Mentions', coaches: 'Coachs seulement', none: 'Rien' };

export const LEVEL_TEXT = {
  open: 'Notifications de la room',
  title: (room: string) => `Notifications de ${room}`,
  legend: 'Me notifier pour',
  levels: LEVEL_NAMES,
  hints: {
    all: 'Chaque message, les alertes, les mentions et les réponses',
    mentions: 'Seulement quand on vous mentionne ou vous répond',
    coaches: 'Les messages et alertes des coachs, les mentions et les réponses',
    none: 'Aucun badge, aucun son, aucune notification',
  } satisfies Record<RoomLevel, string>,
  saved: (room: string, level: RoomLevel) => `Notifications de ${room} : ${LEVEL_NAMES[level]}`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  /** The room list's dot, and the room muted. */
  newMessages: 'Nouveaux messages',
  muted: 'Notifications coupées',
} as const;

/** The French of the pushes and in-app notices for mentions, replies, private messages and lives. */
export const NOTICE_TEXT = {
  mentionTitle: (room: string) => `Nouvelle mention dans ${room}`,
  replyTitle: (room: string) => `Nouvelle réponse dans un fil de ${room}`,
  privateTitle: (author: string) => `Nouveau message privé de ${author}`,
  privateAttachment: 'Pièce jointe',
  liveTitle: (name: string) => `Live : ${name}`,
  liveBody: (speaker: string, hour: string) => (speaker ? `${speaker} commence à ${hour}. Rejoignez le live sur Comptoir.` : `Le live commence à ${hour}. Rejoignez-le sur Comptoir.`),
  line: (author: string, text: string) => `${author} : ${text}`,
  open: 'Ouvrir',
} as const;
