import { z } from 'zod/mini';
import { attachment } from './chat';
import { isoDate } from './user';

/**
 * Trade alerts ("notifications", spec 2 §3, §7). A member without a running VIP receives an alert
 * `locked`: no content, no attachments, no trade (only what the blurred card needs), unless the
 * alert is a freeAlert. The server decides; the client only renders what it got.
 */

const id = z.string().check(z.minLength(1), z.maxLength(100));
// `z.number()` already refuses Infinity and NaN (classic's `.finite()` was a no-op).
const price = z.nullable(z.number());

export const tradeOrder = z.enum(['BUY', 'SELL', '']);
/** A trade as its author writes it (the alert form). */
export const tradeFields = z.object({
  name: z.string().check(z.maxLength(100)),
  order: tradeOrder,
  enter: price,
  sl: price,
  be: price,
  tp1: price,
  tp2: price,
  tp3: price,
});

/** Ours (issue 22): what happened to the trade since, in order: the stop moved, break-even, objectives hit, closed. */
export const TRADE_UPDATE_KINDS = ['sl', 'be', 'tp1', 'tp2', 'tp3', 'closed'] as const;
export const tradeUpdateKind = z.enum(TRADE_UPDATE_KINDS);
export type TradeUpdateKind = z.infer<typeof tradeUpdateKind>;
export const tradeUpdate = z.object({ kind: tradeUpdateKind, price, date: isoDate });
export type TradeUpdate = z.infer<typeof tradeUpdate>;
export const TRADE_UPDATES_MAX = 50;

/** A trade as members read it: its levels as they stand now, and its updates. */
export const trade = z.extend(tradeFields, { updates: z._default(z.array(tradeUpdate).check(z.maxLength(TRADE_UPDATES_MAX)), []) });
export type Trade = z.infer<typeof trade>;
export type TradeFields = z.infer<typeof tradeFields>;

/** `POST /rest/alerts/{id}/trade_updates` (issue 22): by the alert's author or a moderator; a price is required to move the stop. */
export const tradeUpdateInput = z.object({ kind: tradeUpdateKind, price: z._default(price, null) });

export const alertUser = z.object({
  id: z.int(),
  firstName: z.string(),
  username: z.string(),
  picture: z.nullable(z.string()),
  mention: z.nullable(z.string()),
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
  likesCount: z.int().check(z.nonnegative()),
  repliesCount: z.int().check(z.nonnegative()),
  repliesPictures: z.array(z.string()).check(z.maxLength(3)),
  attachments: z.array(attachment),
  trade: z.nullable(trade),
  freeAlert: z.boolean(),
  /** Content withheld: the viewer has no running VIP and the alert is not free. */
  locked: z.boolean(),
  /** The room's change sequence at the alert's last change (see chatMessage.seq). */
  seq: z.int().check(z.nonnegative()),
  /** Ours (issue 22): an urgent alert rings and stays on top until acknowledged ('Bien reçu'). */
  urgent: z._default(z.boolean(), false),
  /** How many members acknowledged it. */
  acksCount: z._default(z.int().check(z.nonnegative()), 0),
  /** The viewer acknowledged it. */
  acknowledged: z._default(z.boolean(), false),
});
export type Alert = z.infer<typeof alert>;

/** `GET /alerts/v2`: `rooms` is a comma-separated list of room ids; a query under 3 characters is ignored. */
export const alertsQuery = z.object({
  room: z.optional(id),
  rooms: z.optional(z.string().check(z.maxLength(1000))),
  author: z.optional(z.string().check(z.maxLength(20))),
  alertType: z.optional(z.enum(['audio'])),
  query: z.optional(z.string().check(z.maxLength(200))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type AlertsQuery = z.infer<typeof alertsQuery>;

export const alertAuthor = z.object({ _id: z.string(), username: z.string(), picture: z.nullable(z.string()) });
export const alertsResponse = z.object({
  alerts: z.array(alert),
  cursor: z.nullable(z.string()),
  /** Team members who post alerts, in their priority order. */
  authors: z.array(alertAuthor),
  userCount: z.int().check(z.nonnegative()),
  pinsCount: z.int().check(z.nonnegative()),
});

/** `GET /alerts?room=`: the room's latest alerts (the home summary). */
export const alertsListResponse = z.object({ alerts: z.array(alert) });
/** `POST /alerts/v2`: the home summary (the latest 10) of the given rooms, of every room without `rooms`. */
export const alertsSummaryInput = z.object({ rooms: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(50))) });

/** `POST /alerts` (with sendMail) and `PUT /alerts/{id}` (without). */
export const alertInput = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Ce champs est requis'), z.maxLength(100)),
  room: id,
  content: z.string().check(z.maxLength(5000)),
  attachments: z._default(z.array(id).check(z.maxLength(10)), []),
  trade: z.optional(z.nullable(tradeFields)),
  freeAlert: z._default(z.boolean(), false),
  /** Ours (issue 22). */
  urgent: z._default(z.boolean(), false),
  sendMail: z.optional(z.boolean()),
});
export type AlertInput = z.input<typeof alertInput>;
export const alertAnswer = z.object({ alert });

/** 'increase room alert': a new alert in a room that is not on screen. */
export const increaseRoomAlertEvent = z.object({ room: id });

/** `POST /rest/alerts/{id}/ack` ('Bien reçu', issue 22): the alert's new count. */
export const alertAckAnswer = z.object({ _id: id, acksCount: z.int().check(z.nonnegative()), acknowledged: z.literal(true), seq: z.int() });
/** `GET /rest/alerts/{id}/acks` (its author or a moderator): who acknowledged it, first first. */
export const alertAcksResponse = z.object({ acks: z.array(z.object({ user: alertUser, date: isoDate })) });

/** To every member: an alert's acknowledgement count changed. */
export const alertAckCountEvent = z.object({ _id: id, room: id, acksCount: z.int().check(z.nonnegative()), seq: z.int() });

export const ALERT_EVENTS = {
  alert: 'chat alert',
  increaseRoomAlert: 'increase room alert',
  /** Ours (issue 22). */
  ackCount: 'chat alert ack count',
} as const;
