import { assign, setup } from 'xstate';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../domain/chat-limits';

/** The filter selection persisted locally (spec 2 §2 "Alert feed"). */
export type AlertFilterSelection = {
  alertType: 'all' | 'audio';
  /** A team member's id, or null for every author. */
  author: string | null;
  /** 'current': the selected room; 'rooms': the named set; 'all': every active room. */
  roomMode: 'current' | 'rooms' | 'all';
  rooms: string[];
  query: string;
};

/** What the feed asks the server: the selection with the query applied only from 3 characters. */
export type AlertFilter = Omit<AlertFilterSelection, 'query'> & { query: string | null };

export type AlertFilterEvent =
  | { type: 'filter.type'; alertType: 'all' | 'audio' }
  | { type: 'filter.author'; author: string | null }
  | { type: 'filter.all' }
  | { type: 'filter.current'; checked: boolean }
  | { type: 'filter.room'; room: string }
  | { type: 'filter.query'; query: string };

export const DEFAULT_SELECTION: AlertFilterSelection = { alertType: 'all', author: null, roomMode: 'current', rooms: [], query: '' };

export const appliedFilter = (s: AlertFilterSelection): AlertFilter => ({
  alertType: s.alertType,
  author: s.author,
  roomMode: s.roomMode,
  rooms: s.rooms,
  query: s.query.trim().length >= SEARCH_MIN_LENGTH ? s.query.trim() : null,
});

/**
 * The alert feed's filters: type, author, rooms and search. Choosing 'all' toggles between every
 * room and the current one; unchecking 'current' selects every room; toggling named rooms builds a
 * set (an empty set falls back to the current room). The search waits 300 ms after the last key
 * and never queries under 3 characters. Every change is persisted; every change of the applied
 * filter is announced once.
 */
const save = { type: 'persist', params: ({ context }: { context: AlertFilterSelection }) => context } as const;
const apply = { type: 'apply', params: ({ context }: { context: AlertFilterSelection }) => appliedFilter(context) } as const;
const announce = [save, apply] as const;

export const alertFilterMachine = setup({
  types: {
    context: {} as AlertFilterSelection,
    events: {} as AlertFilterEvent,
    input: {} as AlertFilterSelection,
  },
  actions: {
    persist: (_, _selection: AlertFilterSelection) => {},
    apply: (_, _filter: AlertFilter) => {},
  },
  guards: {
    queryChangesFilter: ({ context, event }) =>
      event.type === 'filter.query' && appliedFilter({ ...context, query: event.query }).query !== appliedFilter(context).query,
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'alertFilter',
  context: ({ input }) => input,
  initial: 'idle',
  on: {
    'filter.type': { target: '.idle', actions: [assign({ alertType: ({ event }) => event.alertType }), ...announce] },
    'filter.author': { target: '.idle', actions: [assign({ author: ({ event }) => event.author }), ...announce] },
    'filter.all': {
      target: '.idle',
      actions: [assign({ roomMode: ({ context }) => (context.roomMode === 'all' ? 'current' : 'all'), rooms: [] }), ...announce],
    },
    'filter.current': {
      target: '.idle',
      actions: [assign({ roomMode: ({ event }) => (event.checked ? 'current' : 'all'), rooms: [] }), ...announce],
    },
    'filter.room': {
      target: '.idle',
      actions: [
        assign(({ context, event }) => {
          const rooms = context.rooms.includes(event.room) ? context.rooms.filter((r) => r !== event.room) : [...context.rooms, event.room];
          return { rooms, roomMode: rooms.length === 0 ? ('current' as const) : ('rooms' as const) };
        }),
        ...announce,
      ],
    },
    'filter.query': [
      // The typed text is kept and persisted at once; the feed waits for the debounce.
      { guard: 'queryChangesFilter', target: '.typing', reenter: true, actions: [assign({ query: ({ event }) => event.query }), save] },
      { actions: [assign({ query: ({ event }) => event.query }), save] },
    ],
  },
  states: {
    idle: {},
    typing: { after: { searchDebounce: { target: 'idle', actions: apply } } },
  },
});
