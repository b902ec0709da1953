import { alertAckAnswer, alertAckCountEvent, alertAcksResponse, alertAnswer, alertsListResponse, alertsResponse, ALERT_EVENTS, alert as alertSchema, increaseRoomAlertEvent, type AlertInput, type TradeUpdateKind } from '../contract/alerts';
import { CLIENT_EVENTS, likeAck, okAck } from '../contract/chat';
import type { AlertFilter } from '../machines/alert-filter-machine';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { foldAlertEvents, type AlertEvent } from './fold-alert-event';
import { readKv, writeKv } from './fold-chat-event';
import type { SocketTransport } from './socket-transport';

/** The feed the views show: the ids of the alerts matching the filter, newest first, de-duplicated. */
export type FeedState = {
  key: string;
  request: FeedRequest;
  rooms: string[];
  ids: string[];
  cursor: string | null;
  status: 'loading' | 'done' | 'error';
  error: string | null;
  authors: { _id: string; username: string; picture: string | null }[];
};
export const FEED_KEY = 'alerts-feed';
/** The home page's summary: the ids of the latest alerts (`GET /alerts`). */
export const SUMMARY_KEY = 'alerts-summary';
export const SUMMARY_MAX = 10;
export const alertBadgeKey = (room: string) => `alert-badge:${room}`;

/** The feed's server query: the filter with its rooms resolved by the view. */
export type FeedRequest = Omit<AlertFilter, 'roomMode'> & { rooms: string[] };
const keyOf = (request: FeedRequest) => JSON.stringify([request.rooms, request.author, request.alertType, request.query]);

/**
 * Alerts through the same sync layer as the chat: REST pages and socket events become alert facts
 * folded into the store; the feed keeps the ids in order; a new alert of a room the feed shows is
 * prepended. Likes, replies and deletions arrive on the chat's events and are folded by the chat
 * sync into both messages and alerts.
 */
export function createAlertsSync(deps: { db: ComptoirDatabase; socket: SocketTransport; api: ApiClient }) {
  const { db, socket, api } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch((error: unknown) => console.error('alerts sync', error));
    return next;
  };
  const fold = (events: AlertEvent[]) => serial(() => foldAlertEvents(db, events));
  let visibleRoom: string | null = null;

  const subscriptions = [
    socket.on(ALERT_EVENTS.alert, alertSchema, (alert) => {
      void fold([{ type: 'AlertReceived', alert, forViewer: false }]);
      void serial(async () => {
        const feed = await readKv<FeedState>(db, FEED_KEY);
        if (feed && feed.rooms.includes(alert.room) && !feed.ids.includes(alert._id)) {
          await writeKv(db, FEED_KEY, { ...feed, ids: [alert._id, ...feed.ids] });
        }
      });
    }),
    socket.on(ALERT_EVENTS.ackCount, alertAckCountEvent, (event) => void fold([{ type: 'AcksChanged', ...event }])),
    socket.on(ALERT_EVENTS.increaseRoomAlert, increaseRoomAlertEvent, (event) => {
      if (event.room === visibleRoom) return;
      void serial(async () => writeKv(db, alertBadgeKey(event.room), ((await readKv<number>(db, alertBadgeKey(event.room))) ?? 0) + 1));
    }),
    // Alerts are not in the rooms' catch-up: after a reconnection the feed's first page is reread.
    socket.onConnect(() => {
      void readKv<FeedState>(db, FEED_KEY).then((feed) => {
        if (feed) void reloadFeed(feed.request);
      });
    }),
  ];
  const reloadFeed = (request: FeedRequest) => sync.loadFeed(request, false);

  const sync = {
    /** Facts from the chat's events (likes, replies, deletions) that may name an alert. */
    foldFacts: fold,

    /** The notification page shows this room: its alert badge resets. */
    async showRoom(room: string | null): Promise<void> {
      visibleRoom = room;
      if (room) await serial(() => writeKv(db, alertBadgeKey(room), 0));
    },

    /** The first page for a filter (replacing the feed), or the next page of the same filter. */
    async loadFeed(request: FeedRequest, more: boolean): Promise<void> {
      const key = keyOf(request);
      const previous = await readKv<FeedState>(db, FEED_KEY);
      const continuing = more && previous?.key === key ? previous : null;
      if (more && !continuing?.cursor) return;
      const base: FeedState = {
        key,
        request,
        rooms: request.rooms,
        ids: continuing?.ids ?? [],
        cursor: continuing?.cursor ?? null,
        status: 'loading',
        error: null,
        authors: previous?.authors ?? [],
      };
      await serial(() => writeKv(db, FEED_KEY, base));
      if (request.rooms.length === 0) {
        await serial(() => writeKv(db, FEED_KEY, { ...base, status: 'done' }));
        return;
      }
      const answer = await api.request(alertsResponse, 'rest', '/alerts/v2', {
        query: {
          rooms: request.rooms.join(','),
          author: request.author ?? undefined,
          alertType: request.alertType === 'audio' ? 'audio' : undefined,
          query: request.query ?? undefined,
          cursor: continuing?.cursor ?? undefined,
        },
      });
      const latest = await readKv<FeedState>(db, FEED_KEY);
      // A newer filter has been asked meanwhile: its answer fills the feed, not this one.
      if (latest?.key !== key) return;
      if (!answer.ok) {
        await serial(() => writeKv(db, FEED_KEY, { ...latest, status: 'error', error: answer.error }));
        return;
      }
      await fold(answer.data.alerts.map((alert) => ({ type: 'AlertReceived', alert, forViewer: true })));
      await serial(async () => {
        const current = (await readKv<FeedState>(db, FEED_KEY)) ?? latest;
        const ids = [...current.ids];
        for (const alert of answer.data.alerts) if (!ids.includes(alert._id)) ids.push(alert._id);
        await writeKv(db, FEED_KEY, { ...current, ids, cursor: answer.data.cursor, status: 'done', error: null, authors: answer.data.authors });
      });
    },

    /** The latest alerts of the rooms the member reads, for the home page (spec 2 §2, spec 3 §2). */
    async loadSummary(rooms: string[]): Promise<string | null> {
      // One call for every room (spec 3 §7 `POST /alerts/v2`): the server picks the latest 10.
      const answer = await api.request(alertsListResponse, 'rest', '/alerts/v2', { method: 'POST', body: { rooms } });
      const alerts = answer.ok ? answer.data.alerts : [];
      await fold(alerts.map((alert) => ({ type: 'AlertReceived', alert, forViewer: true })));
      const ids = [...new Map(alerts.map((a) => [a._id, a])).values()]
        .sort((a, b) => b.date.localeCompare(a.date))
        .slice(0, SUMMARY_MAX)
        .map((a) => a._id);
      await serial(() => writeKv(db, SUMMARY_KEY, ids));
      return answer.ok ? null : answer.error;
    },

    async save(alertId: string | null, input: AlertInput): Promise<void> {
      const answer = alertId
        ? await api.request(alertAnswer, 'rest', `/alerts/${encodeURIComponent(alertId)}`, { method: 'PUT', body: input })
        : await api.request(alertAnswer, 'rest', '/alerts', { method: 'POST', body: input });
      if (!answer.ok) throw new Error(answer.error);
      const saved = answer.data.alert;
      await fold([{ type: 'AlertReceived', alert: saved, forViewer: true }]);
      await serial(async () => {
        const feed = await readKv<FeedState>(db, FEED_KEY);
        if (feed && feed.rooms.includes(saved.room) && !feed.ids.includes(saved._id)) await writeKv(db, FEED_KEY, { ...feed, ids: [saved._id, ...feed.ids] });
      });
    },

    async remove(alertId: string, room: string): Promise<string | null> {
      const answer = await socket.request(CLIENT_EVENTS.delete, { alertId }, okAck);
      if (!answer.ok) return answer.error;
      await fold([{ type: 'MessageDeleted', _id: alertId, room, seq: Number.MAX_SAFE_INTEGER }]);
      return null;
    },

    async like(alertId: string, room: string, liked: boolean): Promise<string | null> {
      const answer = await socket.request(liked ? CLIENT_EVENTS.like : CLIENT_EVENTS.unlike, { alertId }, likeAck);
      if (!answer.ok) return answer.error;
      if (!('likesCount' in answer.data)) return answer.data.error;
      await fold([{ type: 'LikedChanged', _id: alertId, room, liked: answer.data.liked, likesCount: answer.data.likesCount, seq: answer.data.seq }]);
      return null;
    },

    /** A trade update by the alert's author or a moderator (issue 22): null once published, else the refusal. */
    async updateTrade(alertId: string, kind: TradeUpdateKind, price: number | null): Promise<string | null> {
      const answer = await api.request(alertAnswer, 'rest', `/alerts/${encodeURIComponent(alertId)}/trade_updates`, { method: 'POST', body: { kind, price } });
      if (!answer.ok) return answer.error;
      await fold([{ type: 'AlertReceived', alert: answer.data.alert, forViewer: true }]);
      return null;
    },

    /** Who acknowledged an urgent alert (its author, moderators; issue 22), into `kv` `alert-acks:{id}`; the refusal, or null. */
    async loadAcks(alertId: string): Promise<string | null> {
      const answer = await api.request(alertAcksResponse, 'rest', `/alerts/${encodeURIComponent(alertId)}/acks`);
      if (!answer.ok) return answer.error;
      await serial(() => writeKv(db, alertAcksKey(alertId), answer.data.acks));
      return null;
    },

    /** 'Bien reçu' on an urgent alert (issue 22): null once counted, else the refusal. */
    async acknowledge(alertId: string, room: string): Promise<string | null> {
      const answer = await api.request(alertAckAnswer, 'rest', `/alerts/${encodeURIComponent(alertId)}/ack`, { method: 'POST', body: {} });
      if (!answer.ok) return answer.error;
      await fold([{ type: 'AcksChanged', _id: alertId, room, acksCount: answer.data.acksCount, seq: answer.data.seq, acknowledged: true }]);
      return null;
    },

    close(): void {
      for (const unsubscribe of subscriptions) unsubscribe();
    },
  };
  return sync;
}
export type AlertsSync = ReturnType<typeof createAlertsSync>;
/** The kv record of who acknowledged an urgent alert (issue 22). */
export const alertAcksKey = (alertId: string) => `alert-acks:${alertId}`;
