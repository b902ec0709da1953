import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CONVERSATION_SEARCH_DEBOUNCE_MS } from '../domain/chat-limits';
import { isUserChat, userChatId } from '../domain/private-chat';

/** A member found by the contact search (spec 2 §3: a conversation search result is a list of users). */
export type ContactUser = { _id: string; username: string; picture: string | null };
/** A one-to-one chat to open: the existing conversation with that member, if there is one. */
export type ChatTarget = { userId: string; conversationId: string | null };

export type MessagingPanelInput = { hasAccess: boolean };

export type MessagingPanelContext = {
  /** Members holding a subscription (3, 4 or 6) may use the messaging (spec 1 §6). */
  hasAccess: boolean;
  /** The conversations the store holds. */
  known: string[];
  /** The open chat: a conversation id, or `user_{id}` before the first message creates it. */
  selected: string | null;
  query: string;
  results: ContactUser[];
  searchError: string | null;
};

export type MessagingPanelEvent =
  | { type: 'panel.toggle' }
  | { type: 'panel.close' }
  | { type: 'access.changed'; hasAccess: boolean }
  | { type: 'conversations.changed'; ids: string[] }
  /** A 'new private message' for this member, from someone else, and the unread count after it. */
  | { type: 'message.received'; conversationId: string; unreadMessages: number }
  | { type: 'conversation.open'; conversationId: string }
  | ({ type: 'conversation.openWithUser' } & ChatTarget)
  /** The first message to `user_{userId}` created this conversation. */
  | { type: 'conversation.created'; userId: string; conversationId: string }
  /** The last message of this conversation was deleted. */
  | { type: 'conversation.emptied'; conversationId: string }
  | { type: 'conversation.back' }
  | { type: 'search.input'; query: string }
  | { type: 'support.contact' };

type ConversationParams = { conversationId: string };


/**
 * The private messaging panel (spec 2 §2, §4): closed or open, the list or one conversation. It
 * opens by itself when a private message arrives while closed. A new message adds one to its
 * conversation's unread count, or refetches the list when the conversation is unknown; opening a
 * conversation sets its unread count to 0, emits 'conversation read', joins its room and leaves
 * the previous one. A chat with a member without a conversation is `user_{id}` until its first
 * message creates the conversation; deleting the last message clears the selection. Members
 * without messaging access get the access prompt instead.
 */
const base = setup({
  types: {
    context: {} as MessagingPanelContext,
    events: {} as MessagingPanelEvent,
    input: {} as MessagingPanelInput,
  },
  actors: {
    /** Store and sync events: `conversations.changed`, `message.received`, `conversation.created`, `conversation.emptied`. */
    inbox: fromCallback(() => () => {}),
    searchContacts: fromPromise<ContactUser[], { query: string }>(async () => []),
    /** The support handle and the viewer's conversation with it, if any. */
    findSupport: fromPromise<ChatTarget>(async () => ({ userId: '', conversationId: null })),
  },
  actions: {
    joinConversation: (_, _params: ConversationParams) => {},
    leaveConversation: (_, _params: ConversationParams) => {},
    /** Unread to 0 in the store and 'conversation read' to the server. */
    markRead: (_, _params: ConversationParams) => {},
    /** The conversation's unread count goes up: to the count after the message, which the server tells. */
    incrementUnread: (_, _params: ConversationParams & { unreadMessages: number }) => {},
    refetchConversations: () => {},
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasAccess: ({ context }) => context.hasAccess,
    isOpenConversation: ({ context, event }) =>
      (event.type === 'message.received' || event.type === 'conversation.emptied') && context.selected === event.conversationId,
    isPendingUserChat: ({ context, event }) => event.type === 'conversation.created' && context.selected === userChatId(event.userId),
    emptyQuery: ({ event }) => event.type === 'search.input' && event.query.trim() === '',
  },
  delays: { searchDebounce: CONVERSATION_SEARCH_DEBOUNCE_MS },
});

/** Transition bodies that several transitions share, named so each reads the same. */
const panel = base.extend({
  actions: {
    countUnread: base.enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'message.received') return;
      const params = { conversationId: event.conversationId };
      if (context.selected === event.conversationId) enqueue({ type: 'markRead', params });
      else if (context.known.includes(event.conversationId)) {
        enqueue({ type: 'incrementUnread', params: { ...params, unreadMessages: event.unreadMessages } });
      }
      else enqueue('refetchConversations');
    }),
    selectChat: base.enqueueActions(({ enqueue, context, event }) => {
      // The support lookup's answer reaches the shared body as its done event.
      const next = targetOf(event as Parameters<typeof targetOf>[0]);
      if (next === null) return;
      const previous = context.selected;
      if (previous !== null && previous !== next && !isUserChat(previous)) {
        enqueue({ type: 'leaveConversation', params: { conversationId: previous } });
      }
      enqueue.assign({ selected: next });
      if (isUserChat(next)) return;
      if (previous !== next) enqueue({ type: 'joinConversation', params: { conversationId: next } });
      enqueue({ type: 'markRead', params: { conversationId: next } });
    }),
    leaveSelected: base.enqueueActions(({ enqueue, context }) => {
      const previous = context.selected;
      if (previous !== null && !isUserChat(previous)) enqueue({ type: 'leaveConversation', params: { conversationId: previous } });
      enqueue.assign({ selected: null });
    }),
  },
});

export const messagingPanelMachine = panel.createMachine({
  id: 'messagingPanel',
  context: ({ input }) => ({ hasAccess: input.hasAccess, known: [], selected: null, query: '', results: [], searchError: null }),
  invoke: { id: 'inbox', src: 'inbox' },
  on: {
    'access.changed': { actions: assign({ hasAccess: ({ event }) => event.hasAccess }) },
    'conversations.changed': { actions: assign({ known: ({ event }) => event.ids }) },
    'message.received': { guard: 'hasAccess', actions: 'countUnread' },
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'panel.toggle': [{ guard: 'hasAccess', target: 'open' }, { target: 'accessPrompt' }],
        // Opens by itself on a new private message; the list shows which conversation has it.
        'message.received': { guard: 'hasAccess', target: 'open', actions: 'countUnread' },
        'conversation.openWithUser': [
          { guard: 'hasAccess', target: 'open.conversation', actions: 'selectChat' },
          { target: 'accessPrompt' },
        ],
      },
    },
    accessPrompt: {
      on: { 'panel.toggle': 'closed', 'panel.close': 'closed' },
    },
    open: {
      on: {
        'panel.toggle': { target: 'closed', actions: 'leaveSelected' },
        'panel.close': { target: 'closed', actions: 'leaveSelected' },
        'access.changed': {
          guard: ({ event }) => !event.hasAccess,
          target: 'closed',
          actions: [assign({ hasAccess: false }), 'leaveSelected'],
        },
        'conversation.open': { target: '.conversation', actions: 'selectChat' },
        'conversation.openWithUser': { target: '.conversation', actions: 'selectChat' },
      },
      initial: 'list',
      states: {
        list: {
          entry: assign({ query: '', results: [], searchError: null }),
          on: {
            'search.input': [
              { guard: 'emptyQuery', target: '.browsing', actions: assign({ query: '', results: [], searchError: null }) },
              { target: '.searchPending', actions: assign({ query: ({ event }) => event.query.trim() }) },
            ],
            'support.contact': 'findingSupport',
          },
          initial: 'browsing',
          states: {
            browsing: {},
            searchPending: { after: { searchDebounce: 'searching' } },
            searching: {
              invoke: {
                id: 'searchContacts',
                src: 'searchContacts',
                input: ({ context }) => ({ query: context.query }),
                onDone: { target: 'results', actions: assign({ results: ({ event }) => event.output, searchError: null }) },
                onError: {
                  target: 'results',
                  actions: assign({ results: [], searchError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
                },
              },
            },
            results: {},
          },
        },
        findingSupport: {
          invoke: {
            id: 'findSupport',
            src: 'findSupport',
            onDone: { target: 'conversation', actions: 'selectChat' },
            onError: {
              target: 'list',
              actions: {
                type: 'reportError',
                params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }),
              },
            },
          },
        },
        conversation: {
          on: {
            'conversation.back': { target: 'list', actions: 'leaveSelected' },
            'conversation.emptied': { guard: 'isOpenConversation', target: 'list', actions: 'leaveSelected' },
            'conversation.created': {
              guard: 'isPendingUserChat',
              actions: panel.enqueueActions(({ enqueue, event }) => {
                if (event.type !== 'conversation.created') return;
                enqueue.assign({ selected: event.conversationId });
                enqueue({ type: 'joinConversation', params: { conversationId: event.conversationId } });
                enqueue({ type: 'markRead', params: { conversationId: event.conversationId } });
              }),
            },
          },
        },
      },
    },
  },
});

/** The chat an event asks to open: a conversation, or `user_{id}` when there is none yet. */
function targetOf(event: MessagingPanelEvent | { type: 'xstate.done.actor.findSupport'; output: ChatTarget }): string | null {
  if (event.type === 'conversation.open') return event.conversationId;
  if (event.type === 'conversation.openWithUser') return chatIdOf(event);
  if (event.type === 'xstate.done.actor.findSupport') return chatIdOf(event.output);
  return null;
}
const chatIdOf = (target: ChatTarget): string => target.conversationId ?? userChatId(target.userId);

export type MessagingPanelMachine = typeof messagingPanelMachine;
