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
  { type: 'room.requested', name: 'nulle-part' },
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

