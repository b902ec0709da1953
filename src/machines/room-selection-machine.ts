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
  /**
   * The room the address asked for, until a list of rooms holds it: the first list may be the one
   * this device stored, without a room added since (a link to it opens it once the server's list
   * comes). The member's own pick of a room ends the wait.
   */
  requestedName: string | null;
  lastRoomId: string | null;
};

export type RoomSelectionEvent =
  | { type: 'rooms.loaded'; rooms: RoomRef[] }
  | { type: 'room.select'; roomId: string }
  | { type: 'room.requested'; name: string };

/** The name the address asked for while no room of `rooms` answers to it; null once one does (or none was asked). */
const stillWaited = (rooms: readonly RoomRef[], name: string | null): string | null => (name !== null && matchRoom(rooms, name) === undefined ? name : null);

/**
 * Which room the chat and notification pages show (spec 2 §2): the `room` parameter matched
 * case-insensitively (then removed from the address), else the last room stored locally, else the
 * first room; a parameter naming a room the list does not hold yet is taken when a list holds it,
 * unless the member picked a room meanwhile. Opening a room stores it and resets its badges. The
 * effects read `currentRoomId`.
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
    requestedRoomCame: ({ context, event }) => event.type === 'rooms.loaded' && context.requestedName !== null && stillWaited(event.rooms, context.requestedName) === null,
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
              requestedName: stillWaited(event.rooms, context.requestedName),
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
          actions: [assign({ currentRoomId: ({ event }) => event.roomId, requestedName: null }), 'persistLastRoom', 'resetBadges'],
        },
        'room.requested': {
          actions: [
            assign(({ context, event }) => ({
              currentRoomId: matchRoom(context.rooms, event.name)?.id ?? context.currentRoomId,
              requestedName: stillWaited(context.rooms, event.name),
            })),
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
            guard: 'requestedRoomCame',
            target: 'showingRoom',
            reenter: true,
            actions: [
              assign(({ context, event }) => ({ rooms: event.rooms, currentRoomId: matchRoom(event.rooms, context.requestedName!)!.id, requestedName: null })),
              'persistLastRoom',
              'resetBadges',
            ],
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
