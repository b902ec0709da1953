import { z } from 'zod';
import { attachment } from './chat';
import { isoDate } from './user';

/**
 * Trade alerts ("notifications", spec 2 §3, §7). A member without a running VIP receives an alert
 * `locked`: no content, no attachments, no trade (only what the blurred card needs), unless the
 * alert is a freeAlert. The server decides; the client only renders what it got.
 */

const id = z.string().min(1).max(100);
const price = z.number().finite().nullable();

export const tradeOrder = z.enum(['BUY', 'SELL', '']);
export const trade = z.object({
  name: z.string().max(100),
  order: tradeOrder,
  enter: price,
  sl: price,
  be: price,
  tp1: price,
  tp2: price,
  tp3: price,
});
export type Trade = z.infer<typeof trade>;

export const alertUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  username: z.string(),
  picture: z.string().nullable(),
  mention: z.string().nullable(),
});

export const alert = z.object({
  _id: id,
  room: id,
  title: z.string(),
  content: z.string(),
  date: isoDate,
  user: alertUser,
  /** The alert is the viewer's own. */
  me: z.boolean(),
  liked: z.boolean(),
  likesCount: z.number().int().nonnegative(),
  repliesCount: z.number().int().nonnegative(),
  repliesPictures: z.array(z.string()).max(3),
  attachments: z.array(attachment),
  trade: trade.nullable(),
  freeAlert: z.boolean(),
  /** Content withheld: the viewer has no running VIP and the alert is not free. */
  locked: z.boolean(),
  /** The room's change sequence at the alert's last change (see chatMessage.seq). */
  seq: z.number().int().nonnegative(),
});
export type Alert = z.infer<typeof alert>;

/** `GET /alerts/v2`: `rooms` is a comma-separated list of room ids; a query under 3 characters is ignored. */
export const alertsQuery = z.object({
  room: id.optional(),
  rooms: z.string().max(1000).optional(),
  author: z.string().max(20).optional(),
  alertType: z.enum(['audio']).optional(),
  query: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type AlertsQuery = z.infer<typeof alertsQuery>;

export const alertAuthor = z.object({ _id: z.string(), username: z.string(), picture: z.string().nullable() });
export const alertsResponse = z.object({
  alerts: z.array(alert),
  cursor: z.string().nullable(),
  /** Team members who post alerts, in their priority order. */
  authors: z.array(alertAuthor),
  userCount: z.number().int().nonnegative(),
  pinsCount: z.number().int().nonnegative(),
});

/** `GET /alerts?room=`: the room's latest alerts (the home summary). */
export const alertsListResponse = z.object({ alerts: z.array(alert) });

/** `POST /alerts` (with sendMail) and `PUT /alerts/{id}` (without). */
export const alertInput = z.object({
  title: z.string().trim().min(1, 'Ce champs est requis').max(100),
  room: id,
  content: z.string().max(5000),
  attachments: z.array(id).max(10).default([]),
  trade: trade.nullable().optional(),
  freeAlert: z.boolean().default(false),
  sendMail: z.boolean().optional(),
});
export type AlertInput = z.input<typeof alertInput>;
export const alertAnswer = z.object({ alert });

/** 'increase room alert': a new alert in a room that is not on screen. */
export const increaseRoomAlertEvent = z.object({ room: id });

export const ALERT_EVENTS = {
  alert: 'chat alert',
  increaseRoomAlert: 'increase room alert',
} as const;
