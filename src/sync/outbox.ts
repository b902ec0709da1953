import { transition } from 'xstate';
import { outboxEntryMachine, type OutboxEntryEvent, type OutboxEntryState } from '../machines/outbox-entry-machine';
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

/** What a stored outbox entry is in (src/machines/outbox-entry-machine.ts). */
export function outboxEntryState(entry: Pick<OutboxDoc, 'status' | 'error'>): 'sending' | 'waiting' | 'held' | 'refused' {
  if (entry.status === 'failed') return 'refused';
  if (entry.error === HELD_FOR_REVIEW) return 'held';
  return entry.error === null ? 'sending' : 'waiting';
}

/**
 * Moves one entry as its machine says: the stored document is the machine's state, the new state
 * is written back (an entry sent or discarded leaves the outbox). An event the state does not take
 * changes nothing. Returns the state reached (null: no such entry).
 */
export async function stepOutboxEntry(db: ComptoirDatabase, clientId: string, event: OutboxEntryEvent): Promise<OutboxEntryState | null> {
  const doc = await db.outbox.findOne(clientId).exec();
  if (!doc) return null;
  const from = outboxEntryState(doc);
  const [next] = transition(
    outboxEntryMachine,
    outboxEntryMachine.resolveState({ value: from, context: { error: from === 'refused' ? doc.error : null } }),
    event,
  );
  const to = next.value as OutboxEntryState;
  if (to === from) return from;
  if (to === 'sent' || to === 'discarded') await db.outbox.bulkRemove([clientId]);
  else await doc.incrementalPatch(to === 'refused' ? { status: 'failed', error: next.context.error } : { status: 'pending', error: PENDING_ERROR[to] });
  return to;
}

/** The server refused it: 'Non envoyé', until the member retries or deletes it. */
export const markFailed = (db: ComptoirDatabase, clientId: string, error: string) => stepOutboxEntry(db, clientId, { type: 'outbox.refused', error });

/** The network did not take the queue: every entry still sending waits for the next connection. */
export async function waitForNetwork(db: ComptoirDatabase): Promise<void> {
  for (const entry of await pendingMessages(db)) {
    if (outboxEntryState(entry) === 'sending') await stepOutboxEntry(db, entry.clientId, { type: 'outbox.offline' });
  }
}

/**
 * The server slowed the member down (flood control): the entry waits like one without network, its
 * `error` saying why (the outbox row shows it), and leaves again after the wait.
 */
export async function slowDown(db: ComptoirDatabase, clientId: string, why: string): Promise<void> {
  if ((await stepOutboxEntry(db, clientId, { type: 'outbox.offline' })) !== 'waiting') return;
  await db.outbox.findOne(clientId).incrementalPatch({ error: why });
}

/** 'Réessayer': the entry goes back to sending and the next flush sends it, with its same client id. */
export const retryMessage = (db: ComptoirDatabase, clientId: string) => stepOutboxEntry(db, clientId, { type: 'outbox.retry' });

/** 'Supprimer': a waiting or refused entry leaves the outbox (one on its way cannot be called back). */
export const discardMessage = (db: ComptoirDatabase, clientId: string) => stepOutboxEntry(db, clientId, { type: 'outbox.discard' });

/** How long the outbox waits before sending again a post the server left unanswered on an open socket. */
export const UNANSWERED_RETRY_MS = 2000;

/** The stored `error` of an entry waiting for the network (no refusal to show). */
export const WAITING_FOR_NETWORK = 'réseau';
/** The stored `error` of an entry the room's keyword filter holds for a moderator (issue 22). */
export const HELD_FOR_REVIEW = 'modération';
const PENDING_ERROR: Record<'sending' | 'waiting' | 'held', string | null> = { sending: null, waiting: WAITING_FOR_NETWORK, held: HELD_FOR_REVIEW };

/** The keyword filter held it: it waits for a moderator's word. */
export const markHeld = (db: ComptoirDatabase, clientId: string) => stepOutboxEntry(db, clientId, { type: 'outbox.held' });

/** Every entry the next flush sends (sending and waiting), oldest first. */
export const pendingMessages = (db: ComptoirDatabase) =>
  db.outbox.find({ selector: { status: 'pending' }, sort: [{ createdAt: 'asc' }] }).exec();

/** A client id: random, and long enough that two devices never collide. */
export const newClientId = (): string => crypto.randomUUID();
