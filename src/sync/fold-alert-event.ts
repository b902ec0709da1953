import type { Alert } from '../contract/alerts';
import type { ComptoirDatabase } from '../store/database';
import { emptyAlertState, fromAlertDoc, mergeAlert, stateOfAlert, toAlertDoc, type AlertState } from './alert-state';
import type { ChatEvent } from './fold-chat-event';

export type AlertEvent =
  | { type: 'AlertReceived'; alert: Alert; forViewer: boolean }
  /** Issue 22: an urgent alert's acknowledgement count; `acknowledged` when the answer is the viewer's own 'Bien reçu'. */
  | { type: 'AcksChanged'; _id: string; room: string; acksCount: number; seq: number; acknowledged?: true }
  | Exclude<ChatEvent, { type: 'MessageReceived' | 'MessageEdited' }>;

function factOf(event: AlertEvent): AlertState | null {
  const base = (id: string, room: string) => emptyAlertState(id, room);
  switch (event.type) {
    case 'AlertReceived':
      return stateOfAlert(event.alert, event.forViewer);
    case 'LikeCountChanged':
      return { ...base(event._id, event.room), likes: { count: event.likesCount, seq: event.seq } };
    case 'LikedChanged':
      return { ...base(event._id, event.room), likes: { count: event.likesCount, seq: event.seq }, liked: { value: event.liked, seq: event.seq } };
    case 'ThreadIncreased':
      return { ...base(event._id, event.room), replies: { count: event.repliesCount, pictures: event.repliesPictures, seq: event.seq } };
    case 'MessageDeleted':
      return { ...base(event._id, event.room), deletedSeq: event.seq };
    case 'AcksChanged':
      return {
        ...base(event._id, event.room),
        acks: { count: event.acksCount, seq: event.seq },
        acknowledged: event.acknowledged ? { value: true, seq: event.seq } : null,
      };
    case 'PinChanged':
      return null;
  }
}

/**
 * Folds alert facts in one read and one bulk write. Likes, replies and deletions name an alert or
 * a chat message by the same id (spec 2 §7 'alertId'): they apply here only to alerts the store
 * knows, so chat traffic never leaves stubs among the alerts.
 */
export async function foldAlertEvents(db: ComptoirDatabase, events: readonly AlertEvent[]): Promise<void> {
  const facts = new Map<string, AlertState>();
  for (const event of events) {
    const fact = factOf(event);
    if (!fact) continue;
    const known = facts.get(fact._id);
    facts.set(fact._id, known ? mergeAlert(known, fact) : fact);
  }
  if (facts.size === 0) return;
  const stored = await db.alerts.findByIds([...facts.keys()]).exec();
  const docs = [...facts.values()]
    .filter((fact) => fact.alert !== null || stored.has(fact._id))
    .map((fact) => {
      const existing = stored.get(fact._id);
      return toAlertDoc(existing ? mergeAlert(fromAlertDoc(existing.toMutableJSON()), fact) : fact);
    });
  if (docs.length > 0) await db.alerts.bulkUpsert(docs);
}
