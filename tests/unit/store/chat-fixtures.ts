import type { ChatMessage } from '../../../src/contract/chat';

/** The i-th message of a room, a minute apart from the next; every 7th has a reply, every 11th is pinned. */
export const roomMessage = (i: number, room = 'forex', extra: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: `${room}-${i}`,
  clientId: null,
  room,
  parentMessage: null,
  alertId: null,
  content: `n° ${i}`,
  date: new Date(Date.UTC(2026, 10, 20) + i * 60_000).toISOString(),
  seq: i + 1,
  sender: { id: 2, _id: '2', firstName: 'Victor', username: 'vip', picture: null, mention: null },
  attachments: [],
  likesCount: 0,
  repliesCount: i % 7 === 0 ? 1 : 0,
  repliesPictures: [],
  liked: false,
  pinned: i % 11 === 0,
  title: i % 11 === 0 ? 'Épinglé' : null,
  editedAt: null,
  ...extra,
});
