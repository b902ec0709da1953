import type { ComptoirDatabase } from '../store/database';
import type { OutboxDoc } from '../store/schemas';
import { alertStream, conversationStream, roomStream, threadStream } from './message-state';

export type Draft = {
  room: string;
  parentMessage: string | null;
  /** A comment under an alert goes to the alert's stream. */
  alertId?: string;
  /** A private message: its conversation, or `user_{id}` for the first message to a member. */
  conversationId?: string;
  content: string;
  attachments: OutboxDoc['attachments'];
};

/**
 * Stores a message the member sends as pending, at once (the local echo). A client id the store
 * already holds a confirmed message for is never queued again, so a late or repeated queue cannot
 * show a message twice.
 */
export async function queueMessage(db: ComptoirDatabase, draft: Draft & { clientId: string }, now: number): Promise<boolean> {
  const delivered = await db.messages.findOne({ selector: { clientId: draft.clientId } }).exec();
  if (delivered) return false;
  const { alertId, conversationId, ...fields } = draft;
  await db.outbox.upsert({
    ...fields,
    stream: conversationId
      ? conversationStream(conversationId)
      : alertId
        ? alertStream(alertId)
        : draft.parentMessage
          ? threadStream(draft.parentMessage)
          : roomStream(draft.room),
    createdAt: now,
    status: 'pending',
    error: null,
  });
  return true;
}

export async function markFailed(db: ComptoirDatabase, clientId: string, error: string): Promise<void> {
  const doc = await db.outbox.findOne(clientId).exec();
  if (doc) await doc.incrementalPatch({ status: 'failed', error });
}

/** 'Réessayer': the entry goes back to pending and the next flush sends it. */
export async function retryMessage(db: ComptoirDatabase, clientId: string): Promise<void> {
  const doc = await db.outbox.findOne(clientId).exec();
  if (doc) await doc.incrementalPatch({ status: 'pending', error: null });
}

export async function discardMessage(db: ComptoirDatabase, clientId: string): Promise<void> {
  await db.outbox.bulkRemove([clientId]);
}

export const pendingMessages = (db: ComptoirDatabase) =>
  db.outbox.find({ selector: { status: 'pending' }, sort: [{ createdAt: 'asc' }] }).exec();

/** A client id: random, and long enough that two devices never collide. */
export const newClientId = (): string => crypto.randomUUID();
