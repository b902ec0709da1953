import { REPORT_EVENTS, reportEntry, reportResolvedEvent, reportResponse, reportsResponse, type ReportEntry, type ReportReason, type ResolveAction } from '../contract/reports';
import { okAck } from '../contract/chat';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { readKv, writeKv } from './fold-chat-event';
import type { SocketTransport } from './socket-transport';
import { REPORTS_KEY } from './message-state';

export type ReportsSync = ReturnType<typeof createReportsSync>;


/** The queue with `entry` in its place (replacing the same message's), most recently reported first. */
export function withEntry(entries: readonly ReportEntry[], entry: ReportEntry): ReportEntry[] {
  return [...entries.filter((e) => e._id !== entry._id), entry].sort((a, b) => b.lastReportedAt.localeCompare(a.lastReportedAt));
}

/**
 * Reports (issue 22): a member's 'Signaler', and for moderators the queue of open reports — read
 * from the server when the queue is shown, moved by 'chat report' and 'chat report resolved' as
 * they come — and its resolutions. Everything lands in the store (`kv` `reports`).
 */
export function createReportsSync(deps: {
  db: ComptoirDatabase;
  socket: SocketTransport;
  api: ApiClient;
  serial: <T>(work: () => Promise<T>) => Promise<T>;
  /** Settles once the page's first screen is shown: the queue's count is read after it, never beside its rows. */
  firstScreen?: Promise<void>;
}) {
  const { db, socket, api, serial } = deps;
  const firstScreen = deps.firstScreen ?? Promise.resolve();
  const change = (next: (entries: ReportEntry[]) => ReportEntry[]) =>
    serial(async () => writeKv(db, REPORTS_KEY, next((await readKv<ReportEntry[]>(db, REPORTS_KEY)) ?? [])));
  const drop = (messageId: string) => change((entries) => entries.filter((e) => e._id !== messageId));

  const subscriptions = [
    socket.on(REPORT_EVENTS.entry, reportEntry, (entry) => void change((entries) => withEntry(entries, entry))),
    socket.on(REPORT_EVENTS.resolved, reportResolvedEvent, (event) => void drop(event.messageId)),
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
      await this.refresh();
    },

    /** The moderators' queue, read again (a member without the right gets nothing). */
    async refresh(): Promise<void> {
      const answer = await api.request(reportsResponse, 'rest', '/chat/reports');
      if (answer.ok) await serial(() => writeKv(db, REPORTS_KEY, answer.data.reports));
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
