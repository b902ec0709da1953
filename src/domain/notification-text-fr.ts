/** The French of notification levels per room and of the pushes for mentions, replies, private messages and lives (issue 22). */
import type { RoomLevel } from '../contract/room-levels';
import { CHAT_TEXT } from './chat-text-fr';

const LEVEL_NAMES: Record<RoomLevel, string> = { all: 'Tout', mentions: 'Mentions', coaches: 'Coachs seulement', none: 'Rien' };

export const LEVEL_TEXT = {
  open: CHAT_TEXT.roomLevel,
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
  newMessages: CHAT_TEXT.roomLevelDot,
  muted: CHAT_TEXT.roomMuted,
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
  thread: (excerpt: string) => `Fil : « ${excerpt} »`,
  open: 'Ouvrir',
} as const;
