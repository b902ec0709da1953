import { and, assign, not, setup } from 'xstate';
import { initialRoom, matchRoom, type RoomRef } from '../domain/room-choice';

export type RoomSelectionInput = {
  /** The `room` query parameter of the address, if any. */
  requestedName: string | null;
  /** The last room stored locally. */
  lastRoomId: string | null;
};

export type RoomSelectionContext = {
  rooms: RoomRef[];
  currentRoomId: string | null;
  requestedName: string | null;
  lastRoomId: string | null;
};

export type RoomSelectionEvent =
  | { type: 'rooms.loaded'; rooms: RoomRef[] }
  | { type: 'room.select'; roomId: string }
  | { type: 'room.requested'; name: string };

/**
 * Which room the chat and notification pages show (spec 2 §2): the `room` parameter matched
 * case-insensitively (then removed from the address), else the last room stored locally, else the
 * first room. Opening a room stores it and resets its badges. The effects read `currentRoomId`.
 */
export const roomSelectionMachine = setup({
  types: {
    context: {} as RoomSelectionContext,
    events: {} as RoomSelectionEvent,
    input: {} as RoomSelectionInput,
  },
  actions: {
    persistLastRoom: () => {},
    resetBadges: () => {},
    clearRoomParam: () => {},
  },
  guards: {
    hasRooms: ({ event }) => event.type === 'rooms.loaded' && event.rooms.length > 0,
    isKnownRoom: ({ context, event }) =>
      event.type === 'room.select' && context.rooms.some((room) => room.id === event.roomId),
    isOtherRoom: ({ context, event }) => event.type === 'room.select' && event.roomId !== context.currentRoomId,
    currentRoomGone: ({ context, event }) =>
      event.type === 'rooms.loaded' && !event.rooms.some((room) => room.id === context.currentRoomId),
  },
}).createMachine({
  id: 'roomSelection',
  context: ({ input }) => ({
    rooms: [],
    currentRoomId: null,
    requestedName: input.requestedName,
    lastRoomId: input.lastRoomId,
  }),
  initial: 'waitingForRooms',
  states: {
    waitingForRooms: {
      on: {
        'rooms.loaded': {
          guard: 'hasRooms',
          target: 'showingRoom',
          actions: [
            assign(({ context, event }) => ({
              rooms: event.rooms,
              currentRoomId: initialRoom(event.rooms, context.requestedName, context.lastRoomId),
              requestedName: null,
            })),
            'persistLastRoom',
            'resetBadges',
            'clearRoomParam',
          ],
        },
        'room.requested': { actions: assign({ requestedName: ({ event }) => event.name }) },
      },
    },
    showingRoom: {
      on: {
        'room.select': {
          guard: and(['isKnownRoom', 'isOtherRoom']),
          actions: [assign({ currentRoomId: ({ event }) => event.roomId }), 'persistLastRoom', 'resetBadges'],
        },
        'room.requested': {
          actions: [
            assign({
              currentRoomId: ({ context, event }) => matchRoom(context.rooms, event.name)?.id ?? context.currentRoomId,
            }),
            'persistLastRoom',
            'resetBadges',
            'clearRoomParam',
          ],
        },
        'rooms.loaded': [
          {
            guard: not('hasRooms'),
            target: 'waitingForRooms',
            actions: assign({ rooms: [], currentRoomId: null }),
          },
          {
            guard: 'currentRoomGone',
            target: 'showingRoom',
            reenter: true,
            actions: [
              assign(({ event }) => ({ rooms: event.rooms, currentRoomId: initialRoom(event.rooms, null, null) })),
              'persistLastRoom',
              'resetBadges',
            ],
          },
          { actions: assign({ rooms: ({ event }) => event.rooms }) },
        ],
      },
    },
  },
});
