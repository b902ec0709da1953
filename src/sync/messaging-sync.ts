import { Subject, type Observable } from 'rxjs';
import { okAck } from '../contract/chat';
import {
  MESSAGING_CLIENT_EVENTS,
  MESSAGING_ERRORS,
  MESSAGING_SERVER_EVENTS,
  blockResponse,
  blockedUsersResponse,
  chatStateResponse,
  conversationReadEvent,
  conversationSearchResponse,
  conversationsResponse,
  followToggleResponse,
  profileResponse,
  type ConversationUser,
  type FollowingsRecord,
  type ProfileUser,
} from '../contract/messaging';
import { SUPPORT_HANDLE } from '../domain/private-chat';
import { TEXT } from '../domain/text-fr';
import type { ComptoirDatabase } from '../store/database';
import { conversationWith } from '../store/messaging-queries';
import type { ApiClient } from './api-client';
import type { ChatSync, PrivateChatEvent } from './chat-sync';
import { readKv, writeKv } from './fold-chat-event';
import { createFreshRead } from './fresh-read';
import { foldConversationPage, foldPrivateMessage, setUnread } from './fold-conversations';
import { FOLLOWINGS_KEY } from './message-state';
import type { SocketTransport } from './socket-transport';

/** What the messaging panel machine hears from the sync (src/machines/messaging-panel-machine.ts). */
export type InboxEvent =
  | { type: 'message.received'; conversationId: string; unreadMessages: number }
  | { type: 'conversation.created'; userId: string; conversationId: string }
  | { type: 'conversation.emptied'; conversationId: string };

export type ConversationsPage = { cursor: string | null; exhausted: boolean; status: 'loading' | 'done' | 'error'; error: string | null };
/** A profile as stored: the member, or why it could not be read. */
export type ProfileEntry = { status: 'found'; user: ProfileUser } | { status: 'missing' } | { status: 'error'; error: string };

export const CONVERSATIONS_PAGE_KEY = 'conversations-page';
export const BLOCKED_USERS_KEY = 'blocked-users';
export const profileKey = (username: string) => `profile:${username.toLocaleLowerCase('fr')}`;
/** A member the viewer may start a chat with (from the search, a profile): `user_{id}` chats show them. */
export const contactKey = (userId: string) => `contact:${userId}`;
export const EMPTY_FOLLOWINGS: FollowingsRecord = { followings: [], blocked: [] };

export type MessagingSync = ReturnType<typeof createMessagingSync>;

/**
 * Private messaging and members (spec 2 §3, §4, §7; spec 3 §2): the conversation list and its
 * unread counts, the followings record with optimistic follow and block, the blocked list and
 * profiles, all folded into the store. The messages themselves go through the chat's sync (the
 * same stream, outbox and catch-up as rooms); what it learns about conversations comes here.
 */
export function createMessagingSync(deps: {
  db: ComptoirDatabase;
  socket: SocketTransport;
  api: ApiClient;
  chat: ChatSync;
  /** Settles once the page's first screen is shown: the conversation list is read again after it. */
  firstScreen?: Promise<void>;
}) {
  const { db, socket, api, chat } = deps;
  const firstScreen = deps.firstScreen ?? Promise.resolve();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch((error: unknown) => console.error('messaging sync', error));
    return next;
  };
  const inbox$ = new Subject<InboxEvent>();

  async function onPrivate(event: PrivateChatEvent): Promise<void> {
    switch (event.type) {
      case 'message.received': {
        // An unknown conversation stays unknown here: the machine asks for the list again.
        await serial(() => foldPrivateMessage(db, event.conversationId, event.message));
        inbox$.next({ type: 'message.received', conversationId: event.conversationId, unreadMessages: event.unreadMessages });
        return;
      }
      case 'conversation.created':
        await sync.refreshConversations();
        inbox$.next(event);
        return;
      case 'message.stored': {
        const conversationId = event.message.conversationId;
        if (!conversationId) return;
        const known = await serial(() => foldPrivateMessage(db, conversationId, event.message));
        if (!known) await sync.refreshConversations();
        return;
      }
      case 'message.deleted':
        // The server knows the new last message; the list is read again.
        await sync.refreshConversations();
        if (event.empty) inbox$.next({ type: 'conversation.emptied', conversationId: event.conversationId });
        return;
    }
  }

  const privateWatch = chat.private$.subscribe((event) => void onPrivate(event));
  const subscriptions = [
    socket.on(MESSAGING_SERVER_EVENTS.read, conversationReadEvent, (event) => {
      void serial(() => setUnread(db, event.conversationId, 0));
    }),
    // Unread counts may have moved while offline: the list's first page is read again, and the
    // conversation on screen is read again (a read sent while offline never reached the server).
    socket.onConnect(() => {
      void firstScreen.then(() => sync.refreshConversations()).then(() => {
        const open = chat.openConversationId();
        if (open !== null) void sync.markRead(open);
      });
    }),
  ];

  /** Follows, blocks and unblocks made here, while the lists they change are read whole (fresh-read.ts). */
  const records = createFreshRead(serial);
  /** Optimistic change of the followings record: written at once, rolled back if the call fails. */
  async function optimistic(change: (record: FollowingsRecord) => FollowingsRecord, undo: (record: FollowingsRecord) => FollowingsRecord, call: () => Promise<string | null>): Promise<string | null> {
    records.changed();
    await serial(async () => writeKv(db, FOLLOWINGS_KEY, change((await readKv<FollowingsRecord>(db, FOLLOWINGS_KEY)) ?? EMPTY_FOLLOWINGS)));
    const error = await call();
    if (error !== null) {
      await serial(async () => writeKv(db, FOLLOWINGS_KEY, undo((await readKv<FollowingsRecord>(db, FOLLOWINGS_KEY)) ?? EMPTY_FOLLOWINGS)));
    }
    return error;
  }
  const withId = (ids: string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);
  const withoutId = (ids: string[], id: string) => ids.filter((other) => other !== id);

  const sync = {
    /** Events for the messaging panel machine. */
    inbox$: inbox$.asObservable() as Observable<InboxEvent>,

    /** The first page of the list (or the next one): conversations and their unread counts. */
    async refreshConversations(more = false): Promise<string | null> {
      const previous = await readKv<ConversationsPage>(db, CONVERSATIONS_PAGE_KEY);
      if (more && (!previous || previous.exhausted || previous.cursor === null)) return null;
      const cursor = more ? (previous?.cursor ?? undefined) : undefined;
      await serial(() => writeKv(db, CONVERSATIONS_PAGE_KEY, { cursor: previous?.cursor ?? null, exhausted: previous?.exhausted ?? false, status: 'loading', error: null }));
      const answer = await api.request(conversationsResponse, 'rest', '/conversations', { query: { cursor } });
      if (!answer.ok) {
        await serial(() => writeKv(db, CONVERSATIONS_PAGE_KEY, { cursor: previous?.cursor ?? null, exhausted: previous?.exhausted ?? false, status: 'error', error: answer.error }));
        return answer.error;
      }
      const exhausted = answer.data.cursor === null;
      await serial(async () => {
        await foldConversationPage(db, answer.data.conversations, !more, exhausted);
        const next: ConversationsPage = { cursor: answer.data.cursor, exhausted, status: 'done', error: null };
        await writeKv(db, CONVERSATIONS_PAGE_KEY, next);
      });
      return null;
    },

    /** A new message in a known conversation that is not on screen: the server's count after it. */
    incrementUnread: (conversationId: string, unreadMessages: number) => serial(() => setUnread(db, conversationId, unreadMessages)),

    /** Opening a conversation reads it: 0 here at once, 'conversation read' to the server. */
    async markRead(conversationId: string): Promise<void> {
      await serial(() => setUnread(db, conversationId, 0));
      await socket.request(MESSAGING_CLIENT_EVENTS.read, { conversationId }, okAck);
    },

    /** `GET /conversations/search`: members to write to. */
    async searchContacts(query: string): Promise<ConversationUser[]> {
      const answer = await api.request(conversationSearchResponse, 'rest', '/conversations/search', { query: { query } });
      if (!answer.ok) throw new Error(answer.error);
      return answer.data.users;
    },

    /** The support handle and the member's conversation with it, if there is one. */
    async findSupport(): Promise<{ userId: string; conversationId: string | null }> {
      const error = await sync.loadProfile(SUPPORT_HANDLE);
      const entry = await readKv<ProfileEntry>(db, profileKey(SUPPORT_HANDLE));
      if (error !== null || entry?.status !== 'found') throw new Error(error ?? TEXT.requestFailed);
      await sync.rememberContact({ _id: entry.user._id, username: entry.user.username, picture: entry.user.picture });
      return { userId: entry.user._id, conversationId: await conversationWith(db, entry.user._id) };
    },

    conversationWith: (userId: string) => conversationWith(db, userId),

    /** Keeps who a `user_{id}` chat is with, for its header, until the conversation exists. */
    rememberContact: (user: ConversationUser) => serial(() => writeKv(db, contactKey(user._id), user)),

    /** `GET /users/{username}` into the store; the error to show, or null ('Ce profil n'existe pas'). */
    async loadProfile(username: string): Promise<string | null> {
      const answer = await api.request(profileResponse, 'rest', `/users/${encodeURIComponent(username)}`);
      let entry: ProfileEntry;
      if (answer.ok) entry = { status: 'found', user: answer.data.userData };
      else if (answer.status === 404 || answer.error === MESSAGING_ERRORS.profileNotFound) entry = { status: 'missing' };
      else entry = { status: 'error', error: answer.error };
      await serial(() => writeKv(db, profileKey(username), entry));
      return entry.status === 'found' ? null : entry.status === 'missing' ? MESSAGING_ERRORS.profileNotFound : entry.error;
    },

    /** `GET /chat/state`: whom the member follows and blocked. */
    async loadFollowings(): Promise<void> {
      await records.read(
        () => api.request(chatStateResponse, 'rest', '/chat/state'),
        (data) => writeKv(db, FOLLOWINGS_KEY, data),
      );
    },

    /** Follow or unfollow: the record changes at once, then the call; a failure rolls it back. */
    async toggleFollow(userId: string): Promise<string | null> {
      const record = (await readKv<FollowingsRecord>(db, FOLLOWINGS_KEY)) ?? EMPTY_FOLLOWINGS;
      const follow = !record.followings.includes(userId);
      const flip = (r: FollowingsRecord, on: boolean) => ({ ...r, followings: on ? withId(r.followings, userId) : withoutId(r.followings, userId) });
      return optimistic(
        (r) => flip(r, follow),
        (r) => flip(r, !follow),
        async () => {
          const answer = await api.request(followToggleResponse, 'rest', '/chat/followings/toggle', { method: 'POST', body: { userId } });
          if (!answer.ok) return TEXT.genericError;
          const confirmed: FollowingsRecord = { followings: answer.data.followings, blocked: answer.data.blocked };
          await serial(() => writeKv(db, FOLLOWINGS_KEY, confirmed));
          return null;
        },
      );
    },

    /** Block a member: hidden at once, then the call; a failure rolls back ('Une erreur est survenue'). */
    block: (user: ConversationUser) => setBlocked(user, true),
    unblock: (user: ConversationUser) => setBlocked(user, false),

    /** `GET /users/blocked` for /profil/blocked. */
    async loadBlocked(): Promise<string | null> {
      const answer = await records.read(
        () => api.request(blockedUsersResponse, 'rest', '/users/blocked'),
        (data) => writeKv(db, BLOCKED_USERS_KEY, data.blocked),
      );
      return answer.ok ? null : answer.error;
    },

    close(): void {
      privateWatch.unsubscribe();
      for (const unsubscribe of subscriptions) unsubscribe();
      inbox$.complete();
    },
  };

  async function setBlocked(user: ConversationUser, blocked: boolean): Promise<string | null> {
    records.changed();
    const list = async (change: (users: ConversationUser[]) => ConversationUser[]) =>
      serial(async () => writeKv(db, BLOCKED_USERS_KEY, change((await readKv<ConversationUser[]>(db, BLOCKED_USERS_KEY)) ?? [])));
    const add = (users: ConversationUser[]) => (users.some((u) => u._id === user._id) ? users : [...users, user]);
    const remove = (users: ConversationUser[]) => users.filter((u) => u._id !== user._id);
    await list(blocked ? add : remove);
    const error = await optimistic(
      (r) => ({ ...r, blocked: blocked ? withId(r.blocked, user._id) : withoutId(r.blocked, user._id) }),
      (r) => ({ ...r, blocked: blocked ? withoutId(r.blocked, user._id) : withId(r.blocked, user._id) }),
      async () => {
        const path = `/users/${blocked ? 'block' : 'unblock'}/${encodeURIComponent(user.username)}`;
        const answer = await api.request(blockResponse, 'rest', path, { method: 'POST' });
        return answer.ok ? null : TEXT.genericError;
      },
    );
    if (error !== null) {
      await list(blocked ? remove : add);
      return error;
    }
    // Whether the Message button is on depends on the block: a profile on screen is read again.
    if ((await readKv<ProfileEntry>(db, profileKey(user.username))) !== null) await sync.loadProfile(user.username);
    return null;
  }

  return sync;
}
