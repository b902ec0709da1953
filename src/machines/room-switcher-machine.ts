import { assign, setup } from 'xstate';
import { switcherRooms, type NavRoom } from '../domain/room-navigation';

export type RoomSwitcherContext = {
  rooms: NavRoom[];
  query: string;
  /** The option ↑/↓ moved to, which Enter opens (the combobox's active descendant). */
  activeId: string | null;
};

export type RoomSwitcherEvent =
  | { type: 'switcher.open' }
  | { type: 'switcher.close' }
  | { type: 'switcher.type'; query: string }
  | { type: 'switcher.move'; step: 1 | -1 }
  | { type: 'switcher.choose' }
  | { type: 'switcher.pick'; roomId: string }
  | { type: 'rooms.changed'; rooms: NavRoom[] };

/** The rooms the switcher lists for its context: what the view shows, what ↑/↓ walk. */
export const switcherMatches = (context: Pick<RoomSwitcherContext, 'rooms' | 'query'>): NavRoom[] => switcherRooms(context.rooms, context.query);

/**
 * 'Aller à une room' (Ctrl+K, issue 21): closed, or open with a query and an active option. Typing
 * makes the best match active; ↑/↓ move round the matches; Enter or a click opens a room and
 * closes; Escape closes. The effect `openRoom` is the page's room selection.
 */
export const roomSwitcherMachine = setup({
  types: {
    context: {} as RoomSwitcherContext,
    events: {} as RoomSwitcherEvent,
    input: {} as { rooms: NavRoom[] },
  },
  actions: {
    openRoom: (_, _params: { roomId: string }) => {},
  },
  guards: {
    hasActive: ({ context }) => context.activeId !== null,
    hasMatches: ({ context }) => switcherMatches(context).length > 0,
    isMatch: ({ context, event }) => event.type === 'switcher.pick' && switcherMatches(context).some((room) => room.id === event.roomId),
  },
}).createMachine({
  id: 'roomSwitcher',
  context: ({ input }) => ({ rooms: input.rooms, query: '', activeId: null }),
  initial: 'closed',
  on: {
    'rooms.changed': {
      actions: assign(({ context, event }) => {
        const matches = switcherMatches({ rooms: event.rooms, query: context.query });
        const kept = matches.some((room) => room.id === context.activeId);
        return { rooms: event.rooms, activeId: kept ? context.activeId : (matches[0]?.id ?? null) };
      }),
    },
  },
  states: {
    closed: {
      on: {
        'switcher.open': {
          target: 'open',
          actions: assign(({ context }) => ({ query: '', activeId: switcherMatches({ rooms: context.rooms, query: '' })[0]?.id ?? null })),
        },
      },
    },
    open: {
      on: {
        'switcher.type': {
          actions: assign(({ context, event }) => ({
            query: event.query,
            activeId: switcherMatches({ rooms: context.rooms, query: event.query })[0]?.id ?? null,
          })),
        },
        'switcher.move': {
          guard: 'hasMatches',
          actions: assign({
            activeId: ({ context, event }) => {
              const matches = switcherMatches(context);
              const at = matches.findIndex((room) => room.id === context.activeId);
              const from = at === -1 ? (event.step === 1 ? -1 : matches.length) : at;
              return matches[(from + event.step + matches.length) % matches.length]!.id;
            },
          }),
        },
        'switcher.choose': {
          guard: 'hasActive',
          target: 'closed',
          actions: { type: 'openRoom', params: ({ context }) => ({ roomId: context.activeId! }) },
        },
        'switcher.pick': {
          guard: 'isMatch',
          target: 'closed',
          actions: { type: 'openRoom', params: ({ event }) => ({ roomId: event.roomId }) },
        },
        'switcher.close': { target: 'closed' },
      },
    },
  },
});
