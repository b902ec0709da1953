import {
  HELD_EVENTS,
  heldDecidedEvent,
  heldMessage,
  heldMessagesResponse,
  keywordFiltersBody,
  REPORT_EVENTS,
  reportEntry,
  reportResolvedEvent,
  reportResponse,
  reportsResponse,
  type HeldMessage,
  type ReportEntry,
  type ReportReason,
  type ResolveAction,
} from '../contract/reports';
import type { KeywordRule } from '../domain/keyword-filter';
import { okAck } from '../contract/chat';
import { readKv, writeKv } from './fold-chat-event';
import { createFreshRead } from './fresh-read';
import type { SyncDeps } from './sync-deps';
import { HELD_KEY, MODERATION_LOG_KEY, REPORTS_KEY } from './message-state';
import { moderationLogResponse } from '../contract/moderation';

export type ReportsSync = ReturnType<typeof createReportsSync>;

/** The queue with `entry` in its place (replacing the same message's), most recently reported first. */
export function withEntry(entries: readonly ReportEntry[], entry: ReportEntry): ReportEntry[] {
  return [...entries.filter((e) => e._id !== entry._id), entry].sort((a, b) => b.lastReportedAt.localeCompare(a.lastReportedAt));
}

/** The held posts with `entry` in its place, oldest first. */
export function withHeld(entries: readonly HeldMessage[], entry: HeldMessage): HeldMessage[] {
  return [...entries.filter((e) => e._id !== entry._id), entry].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Reports and the keyword filter (issue 22): a member's 'Signaler', and for moderators the queue
 * of open reports and of posts the filters hold — read from the server when the queue is shown,
 * moved by the moderators' socket events as they come — their decisions, and a room's rules.
 * The queues land in the store (`kv` `reports`, `held-messages`).
 */
export function createReportsSync(deps: SyncDeps) {
  const { db, socket, api, serial } = deps;
  const firstScreen = deps.firstScreen ?? Promise.resolve();
  /** Each queue changes here (an entry or decision heard, an entry resolved) while it is read whole. */
  const reportsRead = createFreshRead(serial);
  const heldRead = createFreshRead(serial);
  const change = (next: (entries: ReportEntry[]) => ReportEntry[]) => {
    reportsRead.changed();
    return serial(async () => writeKv(db, REPORTS_KEY, next((await readKv<ReportEntry[]>(db, REPORTS_KEY)) ?? [])));
  };
  const drop = (messageId: string) => change((entries) => entries.filter((e) => e._id !== messageId));
  const changeHeld = (next: (entries: HeldMessage[]) => HeldMessage[]) => {
    heldRead.changed();
    return serial(async () => writeKv(db, HELD_KEY, next((await readKv<HeldMessage[]>(db, HELD_KEY)) ?? [])));
  };
  const dropHeld = (heldId: string) => changeHeld((entries) => entries.filter((e) => e._id !== heldId));

  /** Whether this page shows the queues (a moderator's button asked for them): kept up after reconnections. */
  let shown = false;
  /** The moderators' queues, read again (a member without the right gets nothing; see fresh-read.ts). */
  async function refresh(): Promise<void> {
    shown = true;
    await Promise.all([
      reportsRead.read(
        () => api.request(reportsResponse, 'rest', '/chat/reports'),
        (data) => writeKv(db, REPORTS_KEY, data.reports),
      ),
      heldRead.read(
        () => api.request(heldMessagesResponse, 'rest', '/chat/held_messages'),
        (data) => writeKv(db, HELD_KEY, data.held),
      ),
    ]);
  }

  const subscriptions = [
    socket.on(REPORT_EVENTS.entry, reportEntry, (entry) => void change((entries) => withEntry(entries, entry))),
    socket.on(REPORT_EVENTS.resolved, reportResolvedEvent, (event) => void drop(event.messageId)),
    socket.on(HELD_EVENTS.entry, heldMessage, (entry) => void changeHeld((entries) => withHeld(entries, entry))),
    socket.on(HELD_EVENTS.decided, heldDecidedEvent, (event) => void dropHeld(event.heldId)),
    // A report made while the connection was down has no event here: the queues are read again.
    socket.onConnect(() => {
      if (shown) void refresh();
    }),
  ];

  return {
    /** 'Signaler': null once recorded (`already` when this member had reported it), else the refusal. */
    async report(messageId: string, reason: ReportReason, details: string): Promise<{ error: string | null; already: boolean }> {
      const answer = await api.request(reportResponse, 'rest', '/chat/reports', { method: 'POST', body: { messageId, reason, details } });
      return answer.ok ? { error: null, already: answer.data.already } : { error: answer.error, already: false };
    },

    /** The queue's count for a moderator's room list: read once the page's first screen is shown. */
    async refreshSoon(): Promise<void> {
      await firstScreen;
      await refresh();
    },

    refresh,

    /** The moderation log's newest entries, read again into the store (moderators only). */
    async refreshLog(): Promise<string | null> {
      const answer = await api.request(moderationLogResponse, 'rest', '/chat/moderation_log');
      if (!answer.ok) return answer.error;
      await serial(() => writeKv(db, MODERATION_LOG_KEY, answer.data.entries));
      return null;
    },

    /** 'Valider' or 'Refuser' a held post; null once done, else the refusal (the entry goes either way when already decided). */
    async decideHeld(heldId: string, decision: 'approve' | 'reject'): Promise<string | null> {
      const answer = await api.request(okAck, 'rest', `/chat/held_messages/${encodeURIComponent(heldId)}/${decision}`, { method: 'POST', body: {} });
      if (answer.ok || answer.status === 404) await dropHeld(heldId);
      return answer.ok ? null : answer.error;
    },

    /** A room's keyword filter as the server keeps it, or the refusal. */
    async keywordRules(room: string): Promise<{ rules: KeywordRule[] } | { error: string }> {
      const answer = await api.request(keywordFiltersBody, 'rest', `/chat/rooms/${encodeURIComponent(room)}/keyword_filters`);
      return answer.ok ? { rules: answer.data.rules } : { error: answer.error };
    },

    /** Replaces a room's keyword filter: the list kept (tidied by the server), or the refusal. */
    async saveKeywordRules(room: string, rules: readonly KeywordRule[]): Promise<{ rules: KeywordRule[] } | { error: string }> {
      const answer = await api.request(keywordFiltersBody, 'rest', `/chat/rooms/${encodeURIComponent(room)}/keyword_filters`, { method: 'PUT', body: { rules } });
      return answer.ok ? { rules: answer.data.rules } : { error: answer.error };
    },

    /** Classes a reported message or deletes it; null once done, else the refusal (the entry goes either way when already handled). */
    async resolve(messageId: string, action: ResolveAction): Promise<string | null> {
      const answer = await api.request(okAck, 'rest', `/chat/reports/${encodeURIComponent(messageId)}/resolve`, { method: 'POST', body: { action } });
      if (answer.ok || answer.status === 404) await drop(messageId);
      return answer.ok ? null : answer.error;
    },

    close(): void {
      for (const unsubscribe of subscriptions) unsubscribe();
    },
  };
}
