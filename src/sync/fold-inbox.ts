import type { Inbox, ThreadRead } from '../contract/inbox';
import { applyInboxEvent, EMPTY_INBOX, type InboxEvent } from '../domain/inbox';
import type { ComptoirDatabase } from '../store/database';
import { INBOX_KEY, threadStateKey } from '../store/inbox-queries';


/**
 * Folds inbox events into the store (one read and at most two bulk writes per batch): the inbox
 * under `inbox` (src/domain/inbox.ts), and each thread's newest state under `thread-read:{id}`
 * (the thread panel's follow button, the threads list's badges), of the higher version.
 */
export async function foldInbox(db: ComptoirDatabase, events: readonly InboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const states = new Map<string, ThreadRead>();
  for (const event of events) {
    if (event.type === 'thread.read') states.set(event.state.parentMessage, newerThread(states.get(event.state.parentMessage) ?? null, event.state));
    if (event.type === 'inbox.loaded') for (const state of event.inbox.threads) states.set(state.parentMessage, newerThread(states.get(state.parentMessage) ?? null, state));
  }
  const keys = [INBOX_KEY, ...[...states.keys()].map(threadStateKey)];
  const stored = await db.kv.findByIds(keys).exec();
  const before = (stored.get(INBOX_KEY)?.toJSON().value as Inbox | undefined) ?? EMPTY_INBOX;
  const after = events.reduce(applyInboxEvent, before);
  const writes: { key: string; value: unknown }[] = after === before ? [] : [{ key: INBOX_KEY, value: after }];
  for (const state of states.values()) {
    const known = (stored.get(threadStateKey(state.parentMessage))?.toJSON().value as ThreadRead | undefined) ?? null;
    if (newerThread(known, state) !== known) writes.push({ key: threadStateKey(state.parentMessage), value: state });
  }
  if (writes.length > 0) await db.kv.bulkUpsert(writes);
}

/** Of two states of a thread, the higher version; for the same version the later one (its count is newer). */
export function newerThread(stored: ThreadRead | null, incoming: ThreadRead): ThreadRead {
  return stored === null || incoming.version >= stored.version ? incoming : stored;
}
