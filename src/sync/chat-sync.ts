import type { RoomRead } from '../contract/read-state';
import { readStateKey } from './fold-read-state';
import { BehaviorSubject, Subject, Subscription } from 'rxjs';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  chatLikeCountEvent,
  chatMessage,
  chatThreadIncreaseEvent,
  chatUsersCountEvent,
  increaseRoomMessageEvent,
  chatMessagesEvent,
  messagesOf,
  MESSAGE_REJECTED_EVENT,
  messageRejectedEvent,
  editMessageAck,
  joinAck,
  likeAck,
  likesResponse,
  mentionResponse,
  messageDeletedEvent,
  moreMessagesAck,
  okAck,
  pinChangedEvent,
  pinnedMessagesResponse,
  postMessageAck,
  searchResponse,
  type ChatMessage,
} from '../contract/chat';
import { chatRoomsResponse, MUTED_EVENT, mutedEvent, SLOW_MODE_EVENT, slowModeEvent } from '../contract/chat-room';
import { muteResponse } from '../contract/moderation';
import { MESSAGING_SERVER_EVENTS, newPrivateMessageEvent } from '../contract/messaging';
import { userOfChat } from '../domain/private-chat';
import { windowCount } from '../store/chat-queries';
import type { ComptoirDatabase } from '../store/database';
import type { OutboxDoc } from '../store/schemas';
import { holdLive, releaseLive } from '../store/live-tail';
import { currentUser$ } from '../store/queries';
import type { ApiClient } from './api-client';
import {
  advanceCursor,
  readCursor,
  FOLD_WRITE_CHUNK,
  foldChatEvents,
  foldRooms,
  increaseRoomBadge,
  newInBadge,
  readKv,
  resetRoomBadge,
  writeKv,
  type ChatEvent,
} from './fold-chat-event';
import { conversationStream, historyKey, nextHistory, MUTE_KEY, parseStream, ROOM_LEVELS_KEY, roomStream, SLOW_MODES_KEY, streamOfRef, type HistoryRef, type HistoryState } from './message-state';

export { historyKey, type HistoryState } from './message-state';
import { discardMessage, markFailed, markHeld, newClientId, outboxEntryState, pendingMessages, queueMessage, retryMessage, slowDown, stepOutboxEntry, UNANSWERED_RETRY_MS, waitForNetwork, type Draft } from './outbox';
import type { SocketTransport } from './socket-transport';
import type { Uploader } from './upload-client';
import type { AlertsSync } from './alerts-sync';
import { createReadStateSync } from './read-state-sync';
import { createInboxSync } from './inbox-sync';
import { createJumpSync } from './jump-sync';
import type { ReportsSync } from './reports-sync';
import type { ChatNotice } from './notices';
import { levelIn, levelNotifies, type RoomLevel } from '../domain/notification-level';
import { createRoomLevelsSync } from './room-levels-sync';

export type SearchState = { query: string; onlyCoach: boolean; ids: string[]; cursor: string | null; status: 'loading' | 'done' | 'error'; error: string | null };
export type LikersState = { users: { _id: string; username: string; firstName: string; picture: string | null; id: number }[]; cursor: string | null };
export type SyncStatus = 'offline' | 'catchingUp' | 'live';

/**
 * A stream with its own change sequence, kept live by a cursor and caught up after reconnects:
 * a room, or a private conversation.
 */
export type Channel = { room: string } | { conversationId: string };
const channelKey = (channel: Channel): string => ('room' in channel ? channel.room : `conversation:${channel.conversationId}`);
const channelOfMessage = (message: { room: string; conversationId?: string | null }): Channel =>
  message.conversationId ? { conversationId: message.conversationId } : { room: message.room };

/** What the private messaging learns from the chat's sends and events (src/sync/messaging-sync.ts). */
export type PrivateChatEvent =
  /** A 'new private message' from someone else, and the viewer's unread count of it after it. */
  | { type: 'message.received'; conversationId: string; unreadMessages: number; message: ChatMessage }
  /** The first message to `user_{userId}` created (or found) this conversation. */
  | { type: 'conversation.created'; userId: string; conversationId: string }
  /** A private message was confirmed or received in a conversation: its list entry moves up. */
  | { type: 'message.stored'; message: ChatMessage }
  /** A private message was deleted; `empty` once the conversation holds none any more. */
  | { type: 'message.deleted'; conversationId: string; empty: boolean };

/** Rooms kept joined at once (a coach's followed rooms). */
export const FOLLOWED_ROOMS_MAX = 5;

export const searchKey = (room: string) => `search:${room}`;
export const usersCountKey = (room: string) => `users:${room}`;
export const likersKey = (messageId: string) => `likes:${messageId}`;

export type ChatSync = ReturnType<typeof createChatSync>;

/**
 * The chat's sync layer (DESIGN.md): socket events and REST pages become domain events folded into
 * the store; sends go through the outbox; after every (re)connection each joined room catches up
 * from its cursor before it counts as live. Views call these intents and read the store.
 */
export function createChatSync(deps: {
  db: ComptoirDatabase;
  socket: SocketTransport;
  api: ApiClient;
  upload: Uploader;
  /** The alerts' sync: likes, replies and deletions may name an alert. */
  alerts?: AlertsSync;
  now?: () => number;
  /** Settles once the page's first screen is shown: what it does not show (the inbox) is fetched after it. */
  firstScreen?: Promise<void>;
}) {
  const { db, socket, api } = deps;
  const now = deps.now ?? (() => Date.now());
  const joinedRooms = new Set<string>();
  const joinedThreads = new Map<string, { parentMessage: string } | { alertId: string }>();
  /** The one conversation open in the messaging panel. */
  let joinedConversation: string | null = null;
  /** Rooms in columns beside the current one (issue 22): on screen too. */
  const shownRooms = new Set<string>();
  const onScreen = (room: string) => room === currentRoom || shownRooms.has(room);
  /** Client ids this page sent (its outbox's): their echo is neither another's live message nor news of a room it does not show. */
  const sentHere = new Set<string>();
  /** The signed-in member: what they post from another device is no news to them either (no badge). */
  let viewerId: number | null = null;
  // (Read once the first screen is shown: nothing on the boot path waits on it.)
  const viewerWatch = new Subscription();
  void (deps.firstScreen ?? Promise.resolve()).then(() => {
    if (!viewerWatch.closed) viewerWatch.add(currentUser$(db).subscribe((user) => (viewerId = user?.id ?? null)));
  });

  /** A room on screen: read, its badge reset, joined and caught up; past FOLLOWED_ROOMS_MAX the least recently opened room not on screen is left. */
  async function follow(room: string): Promise<void> {
    reads.resume(room);
    // Queued behind the store's other writes, not waited for: the join goes at once (a room's
    // first page on a first visit waited here behind the room list's and read states' folds).
    void serial(() => resetRoomBadge(db, room));
    if (joinedRooms.has(room)) {
      joinedRooms.delete(room);
      joinedRooms.add(room);
      return;
    }
    joinedRooms.add(room);
    if (joinedRooms.size > FOLLOWED_ROOMS_MAX) {
      const oldest = [...joinedRooms].find((joined) => !onScreen(joined));
      if (oldest !== undefined) leaveRoom(oldest);
    }
    updateStatus();
    await joinAndCatchUp({ room });
  }

  /** In-app notices (src/sync/notices.ts). */
  const notices$ = new Subject<ChatNotice>();
  /**
   * A room's notice, unless the room is on screen in a visible page or the member's level there
   * keeps it quiet; its name read from the store.
   */
  const noticed = new Set<string>();
  async function roomNotice(room: string, notice: 'mention' | 'reply', messageId: string, make: (roomName: string) => ChatNotice): Promise<void> {
    if (onScreen(room) && globalThis.document?.visibilityState !== 'hidden') return;
    // A reply that names the member is said once (its mention and its thread's news come together).
    if (noticed.has(messageId)) return;
    noticed.add(messageId);
    const levels = await readKv<Record<string, RoomLevel>>(db, ROOM_LEVELS_KEY);
    if (!levelNotifies(levelIn(levels, room), notice)) return;
    const doc = await db.rooms.findOne(room).exec();
    if (doc) notices$.next(make(doc.name));
  }
  /** Channel keys caught up since the last (re)connection. */
  const live = new Set<string>();
  const private$ = new Subject<PrivateChatEvent>();
  let currentRoom: string | null = null;
  const status$ = new BehaviorSubject<SyncStatus>('offline');

  // Every store write goes through one queue, so cursors and folds never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch((error: unknown) => console.error('chat sync', error));
    return next;
  };
  const fold = (events: ChatEvent[], writeChunk?: number) => serial(() => foldChatEvents(db, events, writeChunk));
  const received = (messages: ChatMessage[], forViewer: boolean): ChatEvent[] =>
    messages.map((message) => ({ type: 'MessageReceived', message, forViewer }));

  const isJoined = (channel: Channel) =>
    'room' in channel ? joinedRooms.has(channel.room) : joinedConversation === channel.conversationId;
  const joinedChannels = (): Channel[] => [
    ...[...joinedRooms].map((room) => ({ room })),
    ...(joinedConversation === null ? [] : [{ conversationId: joinedConversation }]),
  ];

  function updateStatus() {
    if (!socket.connected$.value) status$.next('offline');
    else status$.next(joinedChannels().every((channel) => live.has(channelKey(channel))) ? 'live' : 'catchingUp');
  }

  /**
   * Live events are pumped into the store (issue 4: a burst of 200 messages a second must cost a
   * few transactions, not four per message): whatever arrived while the previous batch was being
   * written is folded next, its facts in one read and one bulk write, then each channel's cursor,
   * then the other rooms' badges, then what waited for that batch (`after`). Under load the batches
   * grow instead of queueing up; a quiet stream gets one batch per task.
   */
  type Batch = { events: ChatEvent[]; seqs: { channel: Channel; seq: number }[]; badges: Map<string, number>; after: (() => void)[] };
  let batch: Batch | null = null;
  let pumping = false;
  function pending(): Batch {
    if (batch === null) batch = { events: [], seqs: [], badges: new Map(), after: [] };
    if (!pumping) {
      pumping = true;
      // After the current task: the events of one socket read fold together.
      setTimeout(() => void pump(), 0);
    }
    return batch;
  }
  function enqueue(events: readonly ChatEvent[], seq?: { channel: Channel; seq: number }, after?: () => void) {
    const next = pending();
    next.events.push(...events);
    if (seq) next.seqs.push(seq);
    if (after) next.after.push(after);
  }
  function enqueueBadge(room: string, count: number) {
    const next = pending();
    next.badges.set(room, (next.badges.get(room) ?? 0) + count);
  }
  async function pump(): Promise<void> {
    try {
      while (batch !== null) {
        const { events, seqs, badges, after } = batch;
        batch = null;
        const folded = new Set(events.flatMap((e) => (e.type === 'MessageReceived' ? [e.message._id] : [])));
        // Each write logs its own failure (serial); the pump goes on with the next batch.
        await Promise.allSettled([
          // (In chunks: a burst's batch never holds the page in one long write.)
          events.length > 0 ? fold(events, FOLD_WRITE_CHUNK) : null,
          seqs.length > 0 ? serial(() => observeSeqs(seqs)) : null,
          badges.size > 0
            ? serial(async () => {
                for (const [room, count] of badges) await increaseRoomBadge(db, room, count);
              })
            : null,
        ]);
        releaseLive(db, folded);
        for (const run of after) run();
      }
    } finally {
      pumping = false;
    }
  }

  /** Live events' sequences, in arrival order: the next one moves the cursor; a gap means we missed something. */
  async function observeSeqs(seqs: readonly { channel: Channel; seq: number }[]): Promise<void> {
    const cursors = new Map<string, { channel: Channel; start: number; cursor: number; gap: boolean }>();
    for (const { channel, seq } of seqs) {
      const key = channelKey(channel);
      if (!live.has(key)) continue;
      let entry = cursors.get(key);
      if (!entry) {
        const start = (await readCursor(db, key)) ?? 0;
        entry = { channel, start, cursor: start, gap: false };
        cursors.set(key, entry);
      }
      if (seq === entry.cursor + 1 && !entry.gap) entry.cursor = seq;
      else if (seq > entry.cursor + 1) entry.gap = true;
    }
    for (const [key, entry] of cursors) {
      if (entry.cursor > entry.start) await advanceCursor(db, key, entry.cursor);
      if (entry.gap) scheduleCatchUp(entry.channel);
    }
  }

  const pendingCatchUps = new Map<string, ReturnType<typeof setTimeout>>();
  function scheduleCatchUp(channel: Channel) {
    const key = channelKey(channel);
    if (pendingCatchUps.has(key)) return;
    pendingCatchUps.set(
      key,
      setTimeout(() => {
        pendingCatchUps.delete(key);
        void catchUp(channel);
      }, 200),
    );
  }

  /** Brings a room or conversation up to date: its latest page on first open, else every change after its cursor. */
  async function catchUp(channel: Channel): Promise<void> {
    const key = channelKey(channel);
    live.delete(key);
    updateStatus();
    const stream = streamOfRef(channel);
    const cursor = await readCursor(db, key);
    const history = await readKv<HistoryState>(db, historyKey(stream));
    if (cursor === null || history === null) {
      const loaded = await loadPage(channel, null);
      if (!loaded) return;
    } else {
      let after = cursor;
      const room = 'room' in channel ? channel.room : '';
      for (let round = 0; round < 50; round += 1) {
        const answer = await socket.request(CLIENT_EVENTS.more, { ...channel, cursor: null, afterSeq: after }, moreMessagesAck);
        if (!answer.ok || !('messages' in answer.data)) return;
        const page = answer.data;
        await fold([
          ...received(page.messages, true),
          ...page.deleted.map((_id): ChatEvent => ({ type: 'MessageDeleted', _id, room, seq: page.lastSeq })),
        ]);
        // A partial catch-up page's cursor is the last sequence it covered (server/chat/message-history.ts).
        const covered = page.cursor === null ? page.lastSeq : Number(page.cursor);
        if (!Number.isInteger(covered) || covered <= after) break;
        after = covered;
        await serial(() => advanceCursor(db, key, after));
        if (page.cursor === null) break;
      }
    }
    if (isJoined(channel)) live.add(key);
    updateStatus();
  }

  /** One page of history, newest first, before the stream's stored cursor (or the latest page). */
  async function loadPage(ref: HistoryRef, cursor: string | null): Promise<boolean> {
    const stream = streamOfRef(ref);
    const answer = await socket.request(CLIENT_EVENTS.more, { ...ref, cursor }, moreMessagesAck);
    if (!answer.ok || !('messages' in answer.data)) return false;
    const page = answer.data;
    await fold(received(page.messages, true));
    await serial(async () => {
      const previous = await readKv<HistoryState>(db, historyKey(stream));
      await writeKv(db, historyKey(stream), nextHistory(previous, page, cursor === null));
      if (cursor === null && ('room' in ref || 'conversationId' in ref)) await advanceCursor(db, channelKey(ref), page.lastSeq);
    });
    return true;
  }

  /**
   * Joins a room or conversation and brings it up to date. A stream this device has never read asks
   * for its latest page beside the join instead of after its answer (a first visit's first rows come
   * a round trip sooner); the page may then miss what was posted between its reading and the join,
   * so the catch-up follows from the page's `lastSeq`, and the live events that came meanwhile are
   * folded once (by id) whichever way they arrive.
   */
  async function joinAndCatchUp(channel: Channel): Promise<void> {
    const joining = join(channel);
    const key = channelKey(channel);
    const [cursor, history] = await Promise.all([readCursor(db, key), readKv<HistoryState>(db, historyKey(streamOfRef(channel)))]);
    if (cursor === null && history === null) {
      const [joined, loaded] = await Promise.all([joining, loadPage(channel, null)]);
      if (joined && loaded) await catchUp(channel);
    } else if (await joining) await catchUp(channel);
  }

  async function join(ref: HistoryRef): Promise<boolean> {
    const answer = await socket.request(CLIENT_EVENTS.join, ref, joinAck);
    if (!answer.ok || !('lastSeq' in answer.data)) return false;
    const { usersCount } = answer.data;
    // Shown beside the room's name: written in the store's turn, the catch-up does not wait for it.
    if ('room' in ref) void serial(() => writeKv(db, usersCountKey(ref.room), usersCount));
    return true;
  }

  let flushing: Promise<void> | null = null;
  /** The round waiting out the server's slow-down (flood control, a busy room). */
  let slowedDown: ReturnType<typeof setTimeout> | undefined;
  /** Until when (ms, `Date.now()`) the server asked the outbox to wait: a message written meanwhile leaves with the wait's round. */
  let waitingUntil = 0;
  // Asked again while a flush runs (a retry, a new message): it goes round once more.
  let flushAgain = false;
  // A connection (re)opened: the next round asks the server about held posts too.
  let askHeld = true;
  /**
   * Sends every pending message, oldest first, each once at a time. The first one the network does
   * not take stops the round: the queue waits for the next connection.
   */
  function flushOutbox(when: 'now' | 'unless waiting' = 'now'): Promise<void> {
    if (when === 'unless waiting' && Date.now() < waitingUntil) return Promise.resolve();
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    waitingUntil = 0;
    flushing = (async () => {
      try {
        do {
          flushAgain = false;
          // Posts held for a moderator are asked about once per connection, not at every send.
          const withHeld = askHeld;
          askHeld = false;
          for (const entry of await pendingMessages(db)) {
            if (!withHeld && outboxEntryState(entry) === 'held') continue;
            const outcome = await post(entry.toJSON() as OutboxDoc);
            if (outcome === 'offline') {
              // Everything still sending waits; a message queued meanwhile asked for one more round.
              await serial(() => waitForNetwork(db));
              // Unanswered on a socket still open (a server too slow to answer in time): no
              // reconnection will come to send it again, so the queue goes again after a while.
              if (socket.connected$.value) {
                clearTimeout(slowedDown);
                slowedDown = setTimeout(() => void flushOutbox(), UNANSWERED_RETRY_MS);
              }
              break;
            }
            if (typeof outcome === 'number') {
              // Slowed down by the server: this one and those after it leave, in order, once the
              // wait is over (a message written meanwhile too: never before it).
              clearTimeout(slowedDown);
              waitingUntil = Date.now() + outcome;
              slowedDown = setTimeout(() => void flushOutbox(), outcome);
              return;
            }
          }
        } while (flushAgain);
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  /** Sends one entry: 'done' (sent, refused or gone), 'offline', or the wait the server asked for, in ms. */
  async function post(entry: OutboxDoc): Promise<'done' | 'offline' | number> {
    // Read again as it leaves: the member may have deleted it since the round began; a waiting one sends again.
    sentHere.add(entry.clientId);
    if ((await serial(() => stepOutboxEntry(db, entry.clientId, { type: 'outbox.resend' }))) !== 'sending') return 'done';
    // The stream the draft was typed in names where it goes: a room, a thread or an alert.
    const target = parseStream(entry.stream);
    if (!target) {
      await serial(() => markFailed(db, entry.clientId, 'Erreur lors de la requête'));
      return 'done';
    }
    // A first message names its receiver; the server creates the conversation (or finds it).
    const firstTo = 'conversationId' in target ? userOfChat(target.conversationId) : null;
    const payload = {
      clientId: entry.clientId,
      content: entry.content,
      attachments: entry.attachments.map((a) => a._id),
      ...(firstTo === null ? target : { usersId: [firstTo] }),
    };
    const answer = await socket.request(CLIENT_EVENTS.post, payload, postMessageAck);
    if (answer.ok && 'message' in answer.data) {
      const { message } = answer.data;
      await fold([{ type: 'MessageReceived', message, forViewer: true }]);
      if (message.conversationId) {
        if (firstTo !== null) private$.next({ type: 'conversation.created', userId: firstTo, conversationId: message.conversationId });
        private$.next({ type: 'message.stored', message });
      }
      return 'done';
    }
    if (answer.ok && 'held' in answer.data) {
      // Kept for a moderator (the room's keyword filter): their word comes as the echo or a refusal.
      await serial(() => markHeld(db, entry.clientId));
      return 'done';
    }
    if (!answer.ok && answer.offline) return 'offline';
    if (!answer.ok && answer.retryAfterMs !== undefined) {
      // Not refused: it waits, saying why, and leaves again after the wait.
      await serial(() => slowDown(db, entry.clientId, answer.error));
      return answer.retryAfterMs;
    }
    await serial(() => markFailed(db, entry.clientId, answer.ok ? 'Erreur lors de la requête' : answer.error));
    return 'done';
  }

  function closeConversation(conversationId: string): void {
    if (joinedConversation !== conversationId) return;
    joinedConversation = null;
    live.delete(channelKey({ conversationId }));
    void socket.request(CLIENT_EVENTS.leave, { conversationId }, okAck);
    updateStatus();
  }

  function leaveRoom(room: string): void {
    if (!joinedRooms.delete(room)) return;
    live.delete(room);
    if (currentRoom === room) currentRoom = null;
    void socket.request(CLIENT_EVENTS.leave, { room }, okAck);
    updateStatus();
  }

  // ---- realtime events ----
  const subscriptions = [
    socket.on(SERVER_EVENTS.message, chatMessagesEvent, (payload) => {
      const heard: ChatMessage[] = [];
      for (const message of messagesOf(payload)) {
        enqueue([{ type: 'MessageReceived', message, forViewer: false }], { channel: channelOfMessage(message), seq: message.seq });
        const own = message.clientId !== null && sentHere.delete(message.clientId);
        if (own || message.conversationId || message.alertId !== null || message.parentMessage !== null) continue;
        // Others' new messages: a room on screen shows them before their batch is stored
        // (live-tail.ts; the member's own come through the outbox's row, never twice); a room
        // joined but not shown counts them itself, as the server leaves the room's own sockets out
        // of its badges (server/chat/chat-broadcast.ts), never the member's own from another device.
        if (onScreen(message.room)) heard.push(message);
        else if (message.sender.id !== viewerId) enqueueBadge(message.room, 1);
      }
      for (const room of new Set(heard.map((m) => m.room))) holdLive(db, roomStream(room), heard.filter((m) => m.room === room));
    }),
    socket.on(SERVER_EVENTS.discussion, chatMessage, (message) => {
      enqueue([{ type: 'MessageReceived', message, forViewer: false }], { channel: channelOfMessage(message), seq: message.seq });
    }),
    socket.on(SERVER_EVENTS.edited, chatMessage, (message) => {
      const { conversationId } = message;
      // A private message's list entry shows its text when it is the last one.
      enqueue([{ type: 'MessageEdited', message }], { channel: channelOfMessage(message), seq: message.seq }, conversationId ? () => private$.next({ type: 'message.stored', message }) : undefined);
    }),
    socket.on(MESSAGING_SERVER_EVENTS.newPrivateMessage, newPrivateMessageEvent, (event) => {
      // Folded before it is announced, so whoever reacts finds it in the store.
      const announce = () =>
        private$.next({ type: 'message.received', conversationId: event.conversationId, unreadMessages: event.unreadMessages, message: event.message });
      void fold([{ type: 'MessageReceived', message: event.message, forViewer: false }]).then(announce, announce);
    }),
    socket.on(SERVER_EVENTS.likeCount, chatLikeCountEvent, (event) => {
      enqueue([{ type: 'LikeCountChanged', ...event }], { channel: { room: event.room }, seq: event.seq });
      void deps.alerts?.foldFacts([{ type: 'LikeCountChanged', ...event }]);
    }),
    socket.on(SERVER_EVENTS.threadIncrease, chatThreadIncreaseEvent, (event) => {
      enqueue([{ type: 'ThreadIncreased', ...event }], { channel: { room: event.room }, seq: event.seq });
      void deps.alerts?.foldFacts([{ type: 'ThreadIncreased', ...event }]);
    }),
    socket.on(SERVER_EVENTS.deleted, messageDeletedEvent, (event) => {
      const { conversationId } = event;
      // A private deletion is announced once the batch holding it is folded.
      enqueue([{ type: 'MessageDeleted', _id: event._id, room: event.room, seq: event.seq }], { channel: channelOfMessage(event), seq: event.seq }, conversationId ? () => void announcePrivateDeletion(conversationId) : undefined);
      if (!conversationId) {
        void deps.alerts?.foldFacts([{ type: 'MessageDeleted', _id: event._id, room: event.room, seq: event.seq }]);
      }
    }),
    socket.on(SERVER_EVENTS.pinChanged, pinChangedEvent, (event) => {
      enqueue([{ type: 'PinChanged', ...event }], { channel: { room: event.room }, seq: event.seq });
    }),
    socket.on(SLOW_MODE_EVENT, slowModeEvent, (event) => void foldSlowMode(event.room, event.seconds)),
    socket.on(MUTED_EVENT, mutedEvent, (event) => void serial(() => writeKv(db, MUTE_KEY, event.until))),
    socket.on(SERVER_EVENTS.usersCount, chatUsersCountEvent, (event) => {
      void serial(() => writeKv(db, usersCountKey(event.room), event.count));
    }),
    socket.on(SERVER_EVENTS.increaseRoomMessage, increaseRoomMessageEvent, (event) => {
      if (onScreen(event.room)) return;
      if (event.seq === undefined) return enqueueBadge(event.room, event.count);
      // Sent at most once a second: the room may have been opened (and caught up) since, or its
      // read state counted some of them already (src/contract/read-state.ts `seq`).
      void serial(async () => {
        const [cursor, read] = await Promise.all([readCursor(db, channelKey({ room: event.room })), readKv<RoomRead>(db, readStateKey(event.room))]);
        const fresh = newInBadge(event, Math.max(cursor ?? 0, read?.seq ?? 0));
        if (fresh > 0) enqueueBadge(event.room, fresh);
      });
    }),
    socket.on(MESSAGE_REJECTED_EVENT, messageRejectedEvent, (event) => void serial(() => markFailed(db, event.clientId, event.error))),
    socket.onConnect(() => {
      live.clear();
      askHeld = true;
      updateStatus();
      void (async () => {
        for (const channel of joinedChannels()) if (await join(channel)) void catchUp(channel);
        for (const ref of joinedThreads.values()) void join(ref);
        await flushOutbox();
      })();
    }),
  ];
  const statusWatch = socket.connected$.subscribe(() => updateStatus());
  /** The member's read state per room: badges, first unread, marks (src/sync/read-state-sync.ts). */
  const reads = createReadStateSync({ db, socket, api, serial, now });
  /** The inbox 'Non lus' and the followed threads (src/sync/inbox-sync.ts). */
  const inbox = createInboxSync({
    db,
    socket,
    api,
    serial,
    firstScreen: deps.firstScreen,
    onNew: (fact) =>
      void (fact.kind === 'mention'
        ? roomNotice(fact.mention.room, 'mention', fact.mention._id, (roomName) => ({
            kind: 'mention',
            room: fact.mention.room,
            roomName,
            message: fact.mention._id,
            parentMessage: fact.mention.parentMessage,
            author: fact.mention.author,
            excerpt: fact.mention.excerpt,
          }))
        : roomNotice(fact.state.room, 'reply', fact.state.newest?._id ?? fact.state.parentMessage, (roomName) => ({
            kind: 'reply',
            room: fact.state.room,
            roomName,
            message: fact.state.newest?._id ?? fact.state.parentMessage,
            parentMessage: fact.state.parentMessage,
            excerpt: fact.state.excerpt,
          }))),
  });
  /**
   * 'Signaler', the moderators' queues and the keyword filters (src/sync/reports-sync.ts): their
   * own chunk, loaded at first use (a moderator's queue button asks for its count once the first
   * screen is shown; a member's first 'Signaler').
   */
  let reportsSync: Promise<ReportsSync> | null = null;
  const loadReports = () =>
    (reportsSync ??= import('./reports-sync').then((module) => module.createReportsSync({ db, socket, api, serial, firstScreen: deps.firstScreen })));
  const reports: Omit<ReportsSync, 'close'> = {
    report: (...args) => loadReports().then((sync) => sync.report(...args)),
    refreshSoon: () => loadReports().then((sync) => sync.refreshSoon()),
    refresh: () => loadReports().then((sync) => sync.refresh()),
    resolve: (...args) => loadReports().then((sync) => sync.resolve(...args)),
    decideHeld: (...args) => loadReports().then((sync) => sync.decideHeld(...args)),
    refreshLog: () => loadReports().then((sync) => sync.refreshLog()),
    keywordRules: (...args) => loadReports().then((sync) => sync.keywordRules(...args)),
    saveKeywordRules: (...args) => loadReports().then((sync) => sync.saveKeywordRules(...args)),
  };
  /** The member's notification level per room (src/sync/room-levels-sync.ts). */
  const levels = createRoomLevelsSync({ db, socket, api, serial, firstScreen: deps.firstScreen });
  /** Rooms opened at a message or a day (src/sync/jump-sync.ts). */
  const jumps = createJumpSync({ db, socket, serial, fold });

  /**
   * Every room's slow mode as last heard (the room list, then the changes announced), and the
   * changes heard since the room list was last asked for (its answer may predate them); the record
   * (`kv` `slow-modes`) is written from them, so a late write never undoes a change.
   */
  let slowModes: Record<string, number> = {};
  const slowModesSince: Record<string, number> = {};
  function foldSlowMode(room: string, seconds: number): Promise<void> {
    slowModesSince[room] = seconds;
    slowModes = { ...slowModes, [room]: seconds };
    return serial(() => writeKv(db, SLOW_MODES_KEY, slowModes));
  }

  /** After a private deletion: is anything of the conversation left here (or older on the server)? */
  async function announcePrivateDeletion(conversationId: string): Promise<void> {
    const stream = conversationStream(conversationId);
    const empty = await serial(async () => {
      const history = await readKv<HistoryState>(db, historyKey(stream));
      return (history?.exhausted ?? false) && (await windowCount(db, stream, null)) === 0;
    });
    private$.next({ type: 'message.deleted', conversationId, empty });
  }

  return {
    status$,
    /** Mentions and replies in followed threads from rooms not on screen, as they come (issue 22; a private message opens the messaging panel). */
    notices$: notices$.asObservable(),
    alerts: deps.alerts ?? null,
    reads,
    inbox,
    jumps,
    reports,
    levels,

    async refreshRooms(): Promise<void> {
      const answer = await api.request(chatRoomsResponse, 'content', '/api/chatrooms');
      if (!answer.ok) return;
      const { rooms } = answer.data;
      await serial(() => foldRooms(db, rooms));
      await serial(() => writeKv(db, MUTE_KEY, answer.data.mutedUntil));
      // The rooms' slow modes are for the composers, not for the first screen's rows: written after
      // them (as they then stand: a change announced meanwhile is not undone).
      slowModes = { ...Object.fromEntries(rooms.map((room) => [room.id, room.attributes.slowModeSeconds])), ...slowModesSince };
      for (const room of Object.keys(slowModesSince)) delete slowModesSince[room];
      void (deps.firstScreen ?? Promise.resolve()).then(() => serial(() => writeKv(db, SLOW_MODES_KEY, slowModes)));
    },

    /** A moderator mutes a member for 10, 60 or 1440 minutes (issue 22); null once done, else the refusal. */
    async mute(userId: number, minutes: number): Promise<string | null> {
      const answer = await api.request(muteResponse, 'rest', '/chat/mutes', { method: 'POST', body: { userId, minutes } });
      return answer.ok ? null : answer.error;
    },

    /** A moderator sets a room's slow mode (issue 22); null once done, else the refusal. */
    async setSlowMode(room: string, seconds: number): Promise<string | null> {
      const answer = await api.request(okAck, 'rest', `/chat/rooms/${encodeURIComponent(room)}/slow_mode`, { method: 'POST', body: { seconds } });
      if (!answer.ok) return answer.error;
      await foldSlowMode(room, seconds);
      return null;
    },

    /**
     * Opens a room: it becomes current (its badge resets), is joined and caught up. Rooms stay
     * joined after the member moves on, so a coach following several rooms keeps them live and
     * switches back instantly; past FOLLOWED_ROOMS_MAX the least recently opened one is left.
     */
    async openRoom(room: string): Promise<void> {
      currentRoom = room;
      await follow(room);
    },

    /**
     * A room shown in a column beside the current one (issue 22): joined and caught up like the
     * current room, its badge reset and kept at zero while it is shown.
     */
    async showRoom(room: string): Promise<void> {
      shownRooms.add(room);
      await follow(room);
    },

    /** The room's column closed: its new messages count in its badge again. */
    hideRoom(room: string): void {
      shownRooms.delete(room);
    },

    /** No room is on screen any more: every room's new messages count in its badge. */
    blurRoom(): void {
      currentRoom = null;
    },

    leaveRoom,

    /** Private events for the messaging sync: conversations created, messages stored or deleted. */
    private$: private$.asObservable(),

    /** The messaging panel shows this conversation: joined (and caught up) while it is open. */
    async openConversation(conversationId: string): Promise<void> {
      if (joinedConversation === conversationId) return;
      if (joinedConversation !== null) closeConversation(joinedConversation);
      joinedConversation = conversationId;
      updateStatus();
      await joinAndCatchUp({ conversationId });
    },

    closeConversation,

    /** The conversation joined for the messaging panel, if any. */
    openConversationId: (): string | null => joinedConversation,

    /** Joins a thread or an alert's comments while they are on screen, and loads their latest page. */
    async openThread(ref: { parentMessage: string } | { alertId: string }): Promise<void> {
      joinedThreads.set(streamOfRef(ref), ref);
      if (await join(ref)) await loadPage(ref, null);
    },

    closeThread(ref: { parentMessage: string } | { alertId: string }): void {
      if (joinedThreads.delete(streamOfRef(ref))) void socket.request(CLIENT_EVENTS.leave, ref, okAck);
    },

    /**
     * Older history on scroll-up; false only when a page was asked for and did not come. Nothing to
     * ask is no failure: the stream's first page still on its way (its catch-up writes the history
     * record, whose cursor the list then pages from), or its beginning reached.
     */
    async loadOlder(ref: HistoryRef): Promise<boolean> {
      const stream = streamOfRef(ref);
      const history = await readKv<HistoryState>(db, historyKey(stream));
      if (!history || history.exhausted || history.cursor === null) return true;
      return loadPage(ref, history.cursor);
    },

    /** The local echo at once, then the socket; the outbox keeps it across reloads and outages. */
    async send(draft: Draft & { alertId?: string }): Promise<string> {
      const clientId = newClientId();
      await serial(() => queueMessage(db, { ...draft, clientId }, now()));
      void flushOutbox('unless waiting');
      return clientId;
    },

    async retry(clientId: string): Promise<void> {
      await serial(() => retryMessage(db, clientId));
      void flushOutbox();
    },

    async discard(clientId: string): Promise<void> {
      await serial(() => discardMessage(db, clientId));
    },

    async like(messageId: string, liked: boolean): Promise<string | null> {
      const answer = await socket.request(liked ? CLIENT_EVENTS.like : CLIENT_EVENTS.unlike, { alertId: messageId }, likeAck);
      if (!answer.ok) return answer.error;
      if (!('likesCount' in answer.data)) return answer.data.error;
      const stored = await db.messages.findOne(messageId).exec();
      const room = stored ? String((stored.toJSON().state as { room?: string }).room ?? '') : '';
      await fold([{ type: 'LikedChanged', _id: messageId, room, liked: answer.data.liked, likesCount: answer.data.likesCount, seq: answer.data.seq }]);
      return null;
    },

    async remove(messageId: string, room: string, conversationId?: string | null): Promise<string | null> {
      const answer = await socket.request(CLIENT_EVENTS.delete, { alertId: messageId }, okAck);
      if (!answer.ok) return answer.error;
      // The server's 'message deleted' carries the sequence; hide it now, the event confirms.
      await fold([{ type: 'MessageDeleted', _id: messageId, room, seq: Number.MAX_SAFE_INTEGER }]);
      if (conversationId) await announcePrivateDeletion(conversationId);
      return null;
    },

    /**
     * A message's new text (issue 22): the server's answer is folded at once (its 'message edited'
     * comes too, folded once by its seq). The refusal's French text, or null.
     */
    async edit(messageId: string, content: string): Promise<string | null> {
      const answer = await socket.request(CLIENT_EVENTS.edit, { messageId, content }, editMessageAck);
      if (!answer.ok) return answer.error;
      if (!('message' in answer.data)) return answer.data.error;
      const { message } = answer.data;
      await fold([{ type: 'MessageEdited', message }]);
      if (message.conversationId) private$.next({ type: 'message.stored', message });
      return null;
    },

    async togglePin(messageId: string, title: string | undefined): Promise<string | null> {
      const answer = await api.request(okAck, 'rest', '/chat/toggle_pinned', { method: 'POST', body: title === undefined ? { messageId } : { messageId, title } });
      return answer.ok ? null : answer.error;
    },

    async loadPins(room: string): Promise<string | null> {
      let cursor: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const answer = await api.request(pinnedMessagesResponse, 'rest', '/chat/pinned_messages', { query: { room, cursor } });
        if (!answer.ok) return answer.error;
        await fold(received(answer.data.pinnedMessages.map((p) => p.message), true));
        if (answer.data.nextCursor === null) break;
        cursor = answer.data.nextCursor;
      }
      return null;
    },

    /** A search's results are folded as messages; the store keeps their ids in order. */
    async search(room: string, query: string, onlyCoach: boolean, more: boolean): Promise<void> {
      const key = searchKey(room);
      const previous = more ? await readKv<SearchState>(db, key) : null;
      const base: SearchState = { query, onlyCoach, ids: previous?.ids ?? [], cursor: previous?.cursor ?? null, status: 'loading', error: null };
      await serial(() => writeKv(db, key, base));
      const answer = await api.request(searchResponse, 'rest', '/chat/search', {
        query: { query, room, onlyCoach: onlyCoach ? 1 : 0, cursor: more ? (previous?.cursor ?? undefined) : undefined },
      });
      const latest = await readKv<SearchState>(db, key);
      // A newer search has started meanwhile: its answer, not this one, fills the list.
      if (!latest || latest.query !== query || latest.onlyCoach !== onlyCoach) return;
      if (!answer.ok) {
        await serial(() => writeKv(db, key, { ...base, status: 'error', error: answer.error }));
        return;
      }
      await fold(received(answer.data.messages, true));
      await serial(() =>
        writeKv(db, key, {
          ...base,
          ids: [...base.ids, ...answer.data.messages.map((m) => m._id).filter((id) => !base.ids.includes(id))],
          cursor: answer.data.cursor,
          status: 'done',
        }),
      );
    },

    clearSearch: (room: string) => serial(() => db.kv.bulkRemove([searchKey(room)])),

    /** A file for the composer: stored by the server, attached by id when the message is sent. */
    upload: deps.upload,

    async mention(query: string): Promise<{ id: string; username: string; picture: string | null }[]> {
      const answer = await api.request(mentionResponse, 'rest', '/chat/mention', { method: 'POST', body: { query } });
      if (!answer.ok) throw new Error(answer.error);
      return answer.data.users;
    },

    /** The first page of who liked a message, or (`more`) the next one after the stored cursor. */
    async loadLikers(messageId: string, more = false): Promise<string | null> {
      const previous = more ? await readKv<LikersState>(db, likersKey(messageId)) : null;
      if (more && !previous?.cursor) return null;
      const answer = await api.request(likesResponse, 'rest', '/chat/likes', { query: { message: messageId, cursor: previous?.cursor ?? undefined } });
      if (!answer.ok) return answer.error;
      const known = new Set((previous?.users ?? []).map((user) => user._id));
      const users = [...(previous?.users ?? []), ...answer.data.likes.map((l) => l.user).filter((user) => !known.has(user._id))];
      const state: LikersState = { users, cursor: answer.data.cursor };
      await serial(() => writeKv(db, likersKey(messageId), state));
      return null;
    },

    close(): void {
      batch = null;
      for (const unsubscribe of subscriptions) unsubscribe();
      statusWatch.unsubscribe();
      viewerWatch.unsubscribe();
      reads.close();
      inbox.close();
      void reportsSync?.then((sync) => sync.close());
      levels.close();
      for (const timer of pendingCatchUps.values()) clearTimeout(timer);
      status$.complete();
      notices$.complete();
      private$.complete();
    },
  };
}
