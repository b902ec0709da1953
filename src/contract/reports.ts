import { z } from 'zod/mini';
import { chatMessage, sender } from './chat';
import { isoDate } from './user';

/**
 * Reports ('Signaler', issue 22): a member reports a message with a reason; moderators see the
 * open reports, one entry per message, and class them or delete the message. REST on the API host;
 * moderators' sockets hear of new and resolved entries.
 */

export const REPORT_REASONS = ['spam', 'harassment', 'scam', 'inappropriate', 'other'] as const;
export const reportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReason>;
export const REPORT_DETAILS_MAX = 500;

/** `POST /rest/chat/reports`. */
export const reportInput = z.object({
  messageId: z.string().check(z.minLength(1), z.maxLength(100)),
  reason: reportReason,
  details: z._default(z.string().check(z.maxLength(REPORT_DETAILS_MAX)), ''),
});
export type ReportInput = z.input<typeof reportInput>;
/** `already`: this member had reported the message before (nothing new is recorded). */
export const reportResponse = z.object({ ok: z.literal(true), already: z.boolean() });

/** One reported message in the moderators' queue, with its open reports. */
export const reportEntry = z.object({
  _id: z.string(),
  message: chatMessage,
  reasons: z.array(z.object({ reason: reportReason, count: z.int().check(z.positive()) })),
  /** The reporters' own words, newest first (empty ones left out). */
  details: z.array(z.string()),
  reporters: z.array(sender),
  firstReportedAt: isoDate,
  lastReportedAt: isoDate,
});
export type ReportEntry = z.infer<typeof reportEntry>;
/** `GET /rest/chat/reports`: the open entries, most recently reported first (moderators only). */
export const reportsResponse = z.object({ reports: z.array(reportEntry) });

/** `POST /rest/chat/reports/{messageId}/resolve`: classed without action, or the message deleted. */
export const resolveReportInput = z.object({ action: z.enum(['dismiss', 'delete']) });
export type ResolveAction = z.infer<typeof resolveReportInput>['action'];

/** Moderators' sockets: an entry new or changed, and an entry resolved (by anyone). */
export const REPORT_EVENTS = { entry: 'chat report', resolved: 'chat report resolved' } as const;
export const reportResolvedEvent = z.object({ messageId: z.string() });

/**
 * A message the room's keyword filter held for review (issue 22): not in the room until a
 * moderator lets it through ('Valider': it is posted then, under its author's name) or refuses it.
 */
export const heldMessage = z.object({
  _id: z.string(),
  room: z.string(),
  /** A reply in a thread, or a comment under an alert; both null for the room itself. */
  parentMessage: z.nullable(z.string()),
  alertId: z.nullable(z.string()),
  sender,
  content: z.string(),
  attachmentsCount: z.int().check(z.nonnegative()),
  /** The rule's keyword that held it. */
  keyword: z.string(),
  createdAt: isoDate,
});
export type HeldMessage = z.infer<typeof heldMessage>;
/** `GET /rest/chat/held_messages`: those waiting, oldest first (moderators only). */
export const heldMessagesResponse = z.object({ held: z.array(heldMessage) });
/** `POST /rest/chat/held_messages/{id}/approve` and `…/reject` → `{ ok: true }`. */

/** Moderators' sockets: a message held, and one decided (by anyone). Its author hears `MESSAGE_REJECTED_EVENT` (contract/chat.ts) when it is refused. */
export const HELD_EVENTS = { entry: 'chat held message', decided: 'chat held message decided' } as const;
export const heldDecidedEvent = z.object({ heldId: z.string() });

/** What a room's keyword filter does with a message holding one of its words: refuse it, or hold it for a moderator. */
export const KEYWORD_ACTIONS = ['block', 'hold'] as const;
export type KeywordAction = (typeof KEYWORD_ACTIONS)[number];
/** One rule of a room's keyword filter (issue 22, src/domain/keyword-filter.ts). */
export const keywordRule = z.object({ keyword: z.string().check(z.maxLength(200)), action: z.enum(KEYWORD_ACTIONS) });
/**
 * `GET` and `PUT /rest/chat/rooms/{roomId}/keyword_filters` (moderators): the whole list, read
 * or replaced. The server tidies it (src/domain/keyword-filter.ts `tidyRules`) and answers the list kept.
 */
export const keywordFiltersBody = z.object({ rules: z.array(keywordRule).check(z.maxLength(1000)) });
