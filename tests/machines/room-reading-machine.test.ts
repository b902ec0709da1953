import { describe, expect, it } from 'vitest';
import { createActor, transition, type AnyMachineSnapshot } from 'xstate';
import { roomReadingMachine } from '../../src/machines/room-reading-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent, type ModelPath } from './model-paths';

const events: ModelEvent[] = [
  { type: 'visit.opened', at: 'end' },
  { type: 'visit.opened', at: 'unread' },
  { type: 'visit.opened', at: 'place' },
  { type: 'scroll.leftEnd' },
  { type: 'scroll.reachedEnd' },
  { type: 'rows.arrived', count: 2 },
  { type: 'jump.opened' },
  { type: 'jump.left' },
  { type: 'jump.joined' },
];

type World = { state: 'opening' | 'live' | 'history' | 'jumped'; below: number; calls: string[] };

/** The model, from the behaviour wanted (README 'Read state and the unread line'). */
function expectedAfter(before: World, event: ModelEvent): World {
  const calls: string[] = [];
  let { state, below } = before;
  if (event.type === 'jump.opened') {
    state = 'jumped';
    below = 0;
    calls.push('forgetPlace');
  } else if (state === 'jumped' && event.type === 'jump.left') {
    state = 'live';
    below = 0;
    calls.push('markRead');
  } else if (state === 'jumped' && event.type === 'jump.joined') {
    state = 'history';
  } else if (state === 'opening' && event.type === 'visit.opened') {
    state = event.at === 'end' ? 'live' : 'history';
    calls.push('markRead');
  } else if (state !== 'opening' && event.type === 'rows.arrived') {
    if (state === 'history' || state === 'jumped') below += event.count as number;
    calls.push('markRead');
  } else if (state === 'live' && event.type === 'scroll.leftEnd') {
    state = 'history';
  } else if (state === 'history' && event.type === 'scroll.reachedEnd') {
    state = 'live';
    below = 0;
    calls.push('forgetPlace');
  }
  return { state, below, calls };
}

// Counted rows make every state new: bound the walk by the view alone (the count is checked on each step).
const options = { serializeContext: (snapshot: AnyMachineSnapshot) => ({ below: (snapshot.context as { below: number }).below > 0 }) };
const covered = [...simplePaths(roomReadingMachine, events, options), ...transitionCoverPaths(roomReadingMachine, events, options)];
/**
 * The cover leaves out steps that end where they start; some of this machine's transitions do
 * just that and only call an effect (rows read while live):
 * each state reached is walked one step further by every event it takes without moving.
 */
function selfLoops(from: readonly ModelPath<typeof roomReadingMachine>[]): ModelPath<typeof roomReadingMachine>[] {
  const seen = new Set<string>();
  const extended: ModelPath<typeof roomReadingMachine>[] = [];
  for (const path of from) {
    const state = path.state as AnyMachineSnapshot;
    for (const event of events) {
      const key = `${JSON.stringify(state.value)}:${event.type}`;
      if (seen.has(key) || !state.can(event as never)) continue;
      const [next] = transition(roomReadingMachine, state as never, event as never);
      if (JSON.stringify((next as AnyMachineSnapshot).value) !== JSON.stringify(state.value)) continue;
      seen.add(key);
      extended.push({ state: next, weight: path.weight + 1, steps: [...path.steps, { event, state: next }] } as ModelPath<typeof roomReadingMachine>);
    }
  }
  return extended;
}
const paths = [...covered, ...selfLoops(covered)];

describe('room reading machine: every path of its graph', () => {
  for (const path of paths) {
    it(describePath(path), () => {
      let world: World = { state: 'opening', below: 0, calls: [] };
      const calls: string[] = [];
      const machine = roomReadingMachine.provide({
        actions: {
          markRead: () => void calls.push('markRead'),
          forgetPlace: () => void calls.push('forgetPlace'),
        },
      });
      walkPath(machine, path, (step, actor, index) => {
        const expected = index > 0 ? expectedAfter(world, step.event as ModelEvent) : world;
        world = expected;
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        expect(snapshot.value).toBe(world.state);
        expect(snapshot.context).toEqual({ below: world.below });
        expect(calls.splice(0)).toEqual(world.calls);
      });
    });
  }

  it('takes every transition', () => {
    expectEveryEdgeTaken(roomReadingMachine, [paths]);
  });

  it('counts the rows that arrive below a reader in history, and forgets them at the end', () => {
    const actor = createActor(roomReadingMachine).start();
    actor.send({ type: 'visit.opened', at: 'unread' });
    actor.send({ type: 'rows.arrived', count: 3 });
    actor.send({ type: 'rows.arrived', count: 1 });
    expect(actor.getSnapshot().context.below).toBe(4);
    actor.send({ type: 'scroll.reachedEnd' });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.below).toBe(0);
  });

  it('stays in a jumped window at its bottom, until the way back to the newest rows', () => {
    const actor = createActor(roomReadingMachine).start();
    actor.send({ type: 'visit.opened', at: 'end' });
    actor.send({ type: 'jump.opened' });
    actor.send({ type: 'scroll.reachedEnd' });
    actor.send({ type: 'rows.arrived', count: 2 });
    expect(actor.getSnapshot().value).toBe('jumped');
    expect(actor.getSnapshot().context.below).toBe(2);
    actor.send({ type: 'jump.left' });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.below).toBe(0);
  });

  it('leaves a jumped window that joined the room for history, the rows below still counted, live at the end', () => {
    const actor = createActor(roomReadingMachine).start();
    actor.send({ type: 'visit.opened', at: 'unread' });
    actor.send({ type: 'jump.opened' });
    actor.send({ type: 'rows.arrived', count: 3 });
    actor.send({ type: 'jump.joined' });
    expect(actor.getSnapshot().value).toBe('history');
    expect(actor.getSnapshot().context.below).toBe(3);
    actor.send({ type: 'scroll.reachedEnd' });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.below).toBe(0);
  });
});
