import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { initialRoom, type RoomRef } from '../../src/domain/room-choice';
import { roomSelectionMachine } from '../../src/machines/room-selection-machine';
import {
  describePath,
  expectEveryEdgeTaken,
  simplePaths,
  transitionCoverPaths,
  walkPath,
  type ModelEvent,
} from './model-paths';

const ALL: RoomRef = { id: 'all', name: 'ALL' };
const FOREX: RoomRef = { id: 'forex', name: 'Forex' };
const CRYPTO: RoomRef = { id: 'crypto', name: 'Crypto' };

const events: ModelEvent[] = [
  { type: 'rooms.loaded', rooms: [] },
  { type: 'rooms.loaded', rooms: [ALL, FOREX, CRYPTO] },
  { type: 'rooms.loaded', rooms: [ALL, CRYPTO] },
  { type: 'room.select', roomId: 'forex' },
  { type: 'room.select', roomId: 'crypto' },
  { type: 'room.select', roomId: 'inconnue' },
  { type: 'room.requested', name: 'cRyPtO' },
  // (A name no list holds is walked from the address, in the inputs: asked for here too, each pending
  // name multiplies the graph's states and its simple paths past what a test can walk — 85,000.)
];

type Call = [name: string, roomId: string | null];
function recorded(input: { requestedName: string | null; lastRoomId: string | null }) {
  const calls: Call[] = [];
  const machine = roomSelectionMachine.provide({
    actions: {
      persistLastRoom: ({ context }) => void calls.push(['persistLastRoom', context.currentRoomId]),
      resetBadges: ({ context }) => void calls.push(['resetBadges', context.currentRoomId]),
      clearRoomParam: ({ context }) => void calls.push(['clearRoomParam', context.currentRoomId]),
    },
  });
  return { machine, calls, input };
}

const inputs = [
  { requestedName: 'FOREX', lastRoomId: 'crypto' },
  { requestedName: null, lastRoomId: 'crypto' },
  { requestedName: 'inconnue', lastRoomId: null },
];

describe('room selection machine: every path of its graph', () => {
  const pathSets = inputs.map((input) => {
    const { machine } = recorded(input);
    return {
      input,
      paths: [...simplePaths(machine, events, { input }), ...transitionCoverPaths(machine, events, { input })],
    };
  });

  for (const { input, paths } of pathSets) {
    describe(`param ${input.requestedName ?? '∅'}, stored ${input.lastRoomId ?? '∅'}`, () => {
      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recorded(input);
          let seen = 0;
          /** The address's room still waited for before this step. */
          let waitedFor: string | null = input.requestedName;
          walkPath(
            machine,
            path,
            (step) => {
            const fresh = calls.slice(seen);
            seen = calls.length;
            const { currentRoomId } = step.state.context;
            const event = step.event as ModelEvent;
            if (step.state.matches('showingRoom')) {
              expect(step.state.context.rooms.some((r) => r.id === currentRoomId)).toBe(true);
            } else {
              expect(currentRoomId).toBeNull();
            }
            // Whenever the shown room changes, it is stored and its badges reset, in that order.
            const opened = fresh.filter(([name]) => name !== 'clearRoomParam');
            if (opened.length > 0) {
              expect(opened).toEqual([
                ['persistLastRoom', currentRoomId],
                ['resetBadges', currentRoomId],
              ]);
            }
            if (event.type === 'room.select' && fresh.length === 0) {
              // Refused: an unknown room, the room already shown, or no room list yet.
              expect(step.state.context.currentRoomId === event.roomId || !step.state.context.rooms.some((r) => r.id === event.roomId)).toBe(true);
            }
            const { requestedName, rooms } = step.state.context;
            // A room still waited for is one the list does not hold.
            if (requestedName !== null && step.state.matches('showingRoom')) expect(rooms.some((r) => r.name.toLowerCase() === requestedName.toLowerCase())).toBe(false);
            // A list that holds the room waited for opens it…
            if (event.type === 'rooms.loaded' && waitedFor !== null) {
              const asked = (event.rooms as RoomRef[]).find((r) => r.name.toLowerCase() === waitedFor!.toLowerCase());
              if (asked) expect(currentRoomId).toBe(asked.id);
            }
            // …unless the member picked a room: their pick ends the wait.
            if (event.type === 'room.select' && fresh.length > 0) expect(requestedName).toBeNull();
            waitedFor = requestedName;
            if (event.type === 'room.requested' && step.state.matches('showingRoom')) {
              expect(fresh.at(-1)).toEqual(['clearRoomParam', currentRoomId]);
              if (String(event.name).toLowerCase() === 'crypto') expect(currentRoomId).toBe('crypto');
            }
            },
            input,
          );
        });
      }
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(
      recorded(inputs[0]!).machine,
      pathSets.map((set) => set.paths),
    );
  });
});

describe('first room', () => {
  const rooms = [ALL, FOREX, CRYPTO];
  it('takes the room parameter case-insensitively', () => expect(initialRoom(rooms, 'forex', 'crypto')).toBe('forex'));
  it('else the stored room', () => expect(initialRoom(rooms, 'nulle-part', 'crypto')).toBe('crypto'));
  it('else the first room', () => expect(initialRoom(rooms, null, 'disparue')).toBe('all'));
  it('none without rooms', () => expect(initialRoom([], 'forex', 'forex')).toBeNull());
  it('opens the room a link names once a list holds it, the stored one first lacking it', () => {
    const actor = createActor(roomSelectionMachine, { input: { requestedName: 'forex', lastRoomId: 'crypto' } }).start();
    actor.send({ type: 'rooms.loaded', rooms: [ALL, CRYPTO] });
    expect(actor.getSnapshot().context.currentRoomId).toBe('crypto');
    actor.send({ type: 'rooms.loaded', rooms: [ALL, FOREX, CRYPTO] });
    expect(actor.getSnapshot().context.currentRoomId).toBe('forex');
    // Taken once: a later list changes nothing.
    actor.send({ type: 'room.select', roomId: 'all' });
    actor.send({ type: 'rooms.loaded', rooms: [ALL, FOREX, CRYPTO] });
    expect(actor.getSnapshot().context.currentRoomId).toBe('all');
  });
  it('opens a room asked for on the page once a list holds it', () => {
    const actor = createActor(roomSelectionMachine, { input: { requestedName: null, lastRoomId: null } }).start();
    actor.send({ type: 'rooms.loaded', rooms: [ALL, CRYPTO] });
    actor.send({ type: 'room.requested', name: 'FOREX' });
    expect(actor.getSnapshot().context.currentRoomId).toBe('all');
    actor.send({ type: 'rooms.loaded', rooms: [ALL, FOREX, CRYPTO] });
    expect(actor.getSnapshot().context.currentRoomId).toBe('forex');
  });
  it('forgets the room a link named once the member picks one', () => {
    const actor = createActor(roomSelectionMachine, { input: { requestedName: 'forex', lastRoomId: null } }).start();
    actor.send({ type: 'rooms.loaded', rooms: [ALL, CRYPTO] });
    actor.send({ type: 'room.select', roomId: 'crypto' });
    actor.send({ type: 'rooms.loaded', rooms: [ALL, FOREX, CRYPTO] });
    expect(actor.getSnapshot().context.currentRoomId).toBe('crypto');
  });
  it('removes the parameter once the rooms are known', () => {
    const cleared: string[] = [];
    const actor = createActor(
      roomSelectionMachine.provide({ actions: { clearRoomParam: () => void cleared.push('cleared') } }),
      { input: { requestedName: 'Crypto', lastRoomId: null } },
    ).start();
    expect(cleared).toEqual([]);
    actor.send({ type: 'rooms.loaded', rooms });
    expect(cleared).toEqual(['cleared']);
    expect(actor.getSnapshot().context.currentRoomId).toBe('crypto');
  });
});

