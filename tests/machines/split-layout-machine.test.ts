import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { SPLIT_PINNED_MAX, splitLayoutMachine, type SplitLayoutContext, type SplitLayoutState } from '../../src/machines/split-layout-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const ALL = ['forex', 'crypto', 'indices', 'prime'];
const events: ModelEvent[] = [
  { type: 'split.rooms', ids: ALL },
  { type: 'split.rooms', ids: ['forex', 'indices'] },
  { type: 'split.rooms', ids: ['prime'] },
  { type: 'split.pin', roomId: 'forex' },
  { type: 'split.pin', roomId: 'crypto' },
  { type: 'split.pin', roomId: 'indices' },
  { type: 'split.pin', roomId: 'prime' },
  { type: 'split.unpin', roomId: 'forex' },
  { type: 'split.unpin', roomId: 'crypto' },
  { type: 'split.restore', saved: ['crypto', 'crypto', 'forex'] },
  { type: 'split.restore', saved: ['prime', 'indices', 'forex', 'crypto'] },
  { type: 'split.restore', saved: [] },
];

type World = { state: SplitLayoutState; pinned: string[]; readable: readonly string[] | null };

/** Where each event leads, written from the behaviour wanted (not read from the machine). */
function expectedAfter(world: World, event: ModelEvent): World {
  const roomId = String(event.roomId);
  const next = (pinned: string[], readable = world.readable): World => ({ state: pinned.length > 0 ? 'split' : 'single', pinned, readable });
  switch (event.type) {
    case 'split.rooms': {
      const ids = event.ids as string[];
      return next(
        world.pinned.filter((id) => ids.includes(id)),
        ids,
      );
    }
    case 'split.pin': {
      const allowed = !world.pinned.includes(roomId) && world.pinned.length < SPLIT_PINNED_MAX && (world.readable === null || world.readable.includes(roomId));
      return allowed ? next([...world.pinned, roomId]) : world;
    }
    case 'split.unpin':
      return next(world.pinned.filter((id) => id !== roomId));
    case 'split.restore': {
      const saved = [...new Set(event.saved as string[])].filter((id) => world.readable === null || world.readable.includes(id));
      return next(saved.slice(0, SPLIT_PINNED_MAX));
    }
    default:
      return world;
  }
}

function recorded() {
  const saved: string[][] = [];
  const machine = splitLayoutMachine.provide({ actions: { persist: ({ context }) => void saved.push([...context.pinned]) } });
  return { machine, saved };
}

const serializeContext = (snapshot: AnyMachineSnapshot) => {
  const { pinned, readable } = snapshot.context as SplitLayoutContext;
  return [pinned, readable?.length ?? null];
};

for (const saved of [[], ['crypto', 'crypto', 'forex']]) {
  const input = { saved };
  const paths = (() => {
    const { machine } = recorded();
    // Simple paths over two rooms pinned and unpinned and a list that loses one; the transition
    // cover adds the limit (a fourth pin), a room never readable and a list that loses them all.
    const main = events.filter(
      (e) => ['forex', 'crypto'].includes(String(e.roomId)) || (e.type === 'split.rooms' && (e.ids as string[]).length === 2) || (e.type === 'split.restore' && (e.saved as string[]).length === 3),
    );
    return [...simplePaths(machine, main, { serializeContext, input }), ...transitionCoverPaths(machine, events, { serializeContext, input })];
  })();

  describe(`split layout machine (saved ${JSON.stringify(saved)}): every path of its graph`, () => {
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
    for (const path of paths) {
      it(describePath(path), () => {
        const { machine, saved: persisted } = recorded();
        const start = [...new Set(saved)];
        let world: World = { state: start.length > 0 ? 'split' : 'single', pinned: start, readable: null };
        let seen = 0;
        walkPath(
          machine,
          path,
          (step, actor, index) => {
            const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
            const before = world;
            if (index > 0) world = expectedAfter(world, step.event as ModelEvent);
            expect(snapshot.value).toBe(world.state);
            const context = snapshot.context as SplitLayoutContext;
            expect(context.pinned).toEqual(world.pinned);
            // Kept on the device each time the member changes them (a restore reads them, writes nothing).
            const fresh = persisted.slice(seen);
            seen = persisted.length;
            const changed = JSON.stringify(before.pinned) !== JSON.stringify(world.pinned);
            expect(fresh).toEqual(changed && step.event.type !== 'split.restore' ? [world.pinned] : []);
          },
          input,
        );
      });
    }
    it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
  });
}
