import { INBOX_CLIENT_EVENTS, INBOX_SERVER_EVENTS, inboxMention, inboxResponse, threadRead, threadReadAck, type InboxMention, type ThreadRead } from '../contract/inbox';
import type { InboxEvent } from '../domain/inbox';
import { foldInbox } from './fold-inbox';
import type { SyncDeps } from './sync-deps';

export type InboxSync = ReturnType<typeof createInboxSync>;

/** How long an inbox read whole stays fresh enough for an opening not to ask again. */
export const INBOX_FRESH_MS = 30_000;

/**
 * The inbox 'Non lus' and the followed threads (issue 21): the inbox fetched on every
 * (re)connection and when it opens, kept live by 'thread read' and 'mention' from the server and
 * by the room read states (src/sync/read-state-sync.ts folds them here too); the follow and
 * thread-read intents. Every answer is folded into the store (src/sync/fold-inbox.ts).
 */
export function createInboxSync(deps: SyncDeps & {
  /** A mention of the member, or a new reply in a thread they follow, as it comes (issue 22: in-app notices). */
  onNew?: (fact: { kind: 'mention'; mention: InboxMention } | { kind: 'reply'; state: ThreadRead }) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const { db, socket, api, serial } = deps;
  const firstScreen = deps.firstScreen ?? Promise.resolve();
  /**
   * The events heard while the inbox is read whole: its answer replaces the stored inbox, and may
   * have been made before them (a mention heard while it was on its way was lost with it), so they
   * are folded again after it (each is idempotent: a mention by its id, a thread by its version).
   */
  let heardWhileReading: InboxEvent[] | null = null;
  const fold = (events: readonly InboxEvent[]) => {
    heardWhileReading?.push(...events);
    return serial(() => foldInbox(db, events));
  };
  const thread = (state: ThreadRead) => fold([{ type: 'thread.read', state }]);
  // Each thread's newest reply as last heard, to tell a new reply from a read or a follow.
  const newest = new Map<string, string | null>();
  const heard = (state: ThreadRead) => {
    const before = newest.get(state.parentMessage);
    newest.set(state.parentMessage, state.newest?._id ?? null);
    // A follow or a read of a thread happens where it is on screen (its room's notices are not said).
    if (state.newest !== null && state.newest._id !== before && state.following && state.unread > 0) deps.onNew?.({ kind: 'reply', state });
  };

  /** When the inbox was last read whole (asked for), and the read under way. */
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  async function read(): Promise<void> {
    const heard: InboxEvent[] = [];
    heardWhileReading = heard;
    const answer = await api.request(inboxResponse, 'rest', '/chat/inbox').finally(() => {
      if (heardWhileReading === heard) heardWhileReading = null;
    });
    if (!answer.ok) return;
    for (const state of answer.data.threads) newest.set(state.parentMessage, state.newest?._id ?? null);
    await fold([{ type: 'inbox.loaded', inbox: answer.data }, ...heard]);
  }
  function refresh(): Promise<void> {
    readAt = now();
    reading = read().finally(() => {
      reading = null;
    });
    return reading;
  }

  /** Sends a thread event and folds its answer; the error's text, or null. */
  async function ask(event: string, payload: unknown): Promise<string | null> {
    const answer = await socket.request(event, payload, threadReadAck);
    if (!answer.ok) return answer.error;
    if ('error' in answer.data) return answer.data.error;
    await thread(answer.data);
    return null;
  }

  const subscriptions = [
    socket.on(INBOX_SERVER_EVENTS.threadRead, threadRead, (state) => {
      heard(state);
      void thread(state);
    }),
    socket.on(INBOX_SERVER_EVENTS.mention, inboxMention, (mention) => {
      deps.onNew?.({ kind: 'mention', mention });
      void fold([{ type: 'mention.received', mention }]);
    }),
    socket.onConnect(() => void firstScreen.then(refresh)),
  ];

  return {
    refresh,
    /**
     * The inbox opened: read again unless it was read a moment ago or is being read (the server's
     * events keep it live between reads; each opening asking again made the next opening wait for
     * the last one's answer to be folded).
     */
    refreshIfStale: (): Promise<void> => reading ?? (now() - readAt < INBOX_FRESH_MS ? Promise.resolve() : refresh()),
    /** Folds events from elsewhere (the room read states). */
    fold,
    /** 'Suivre le fil' (true) or 'Ne plus suivre le fil' (false). */
    follow: (parentMessage: string, follow: boolean) => ask(INBOX_CLIENT_EVENTS.follow, { parentMessage, follow }),
    /** The thread is on screen: read up to its newest reply, on every device. */
    readThread: (parentMessage: string) => ask(INBOX_CLIENT_EVENTS.markThreadRead, { parentMessage }),
    close(): void {
      for (const unsubscribe of subscriptions) unsubscribe();
    },
  };
}
