import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { NavRoom } from '../../src/domain/room-navigation';
import { roomSwitcherMachine, switcherMatches } from '../../src/machines/room-switcher-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const ALL: NavRoom = { id: 'all', name: 'ALL', unread: 0 };
const FOREX: NavRoom = { id: 'forex', name: 'Forex', unread: 2 };
const INDICES: NavRoom = { id: 'indices', name: 'Indices', unread: 0 };

const events: ModelEvent[] = [
  { type: 'rooms.changed', rooms: [ALL, FOREX, INDICES] },
  { type: 'rooms.changed', rooms: [ALL] },
  { type: 'switcher.open' },
  { type: 'switcher.close' },
  { type: 'switcher.type', query: '' },
  { type: 'switcher.type', query: 'ind' },
  { type: 'switcher.type', query: 'zz' },
  { type: 'switcher.move', step: 1 },
  { type: 'switcher.move', step: -1 },
  { type: 'switcher.choose' },
  { type: 'switcher.pick', roomId: 'indices' },
  { type: 'switcher.pick', roomId: 'inconnue' },
];

function recorded() {
  const opened: string[] = [];
  const machine = roomSwitcherMachine.provide({ actions: { openRoom: (_, { roomId }) => void opened.push(roomId) } });
  return { machine, opened };
}

describe('room switcher machine: every path of its graph', () => {
  const { machine } = recorded();
  // Every simple path over the member's own keys, with the rooms known; then, with the room list
  // changing too, the shortest path to every state extended by every event it accepts.
  const keys = events.filter((e) => e.type !== 'rooms.changed' && !(e.type === 'switcher.type' && e.query === ''));
  const input = { rooms: [ALL, FOREX, INDICES] };
  const simple = simplePaths(machine, keys, { input });
  const none = { rooms: [] };
  const cover = transitionCoverPaths(machine, events, { input: none });
  const paths = [...simple.map((path) => ({ path, input })), ...cover.map((path) => ({ path, input: none }))];

  it('has paths to walk', () => expect(simple.length).toBeGreaterThan(20));

  for (const { path, input } of paths) {
    it(`${input.rooms.length > 0 ? 'rooms known: ' : ''}${describePath(path)}`, () => {
      const { machine, opened } = recorded();
      let seen = 0;
      walkPath(machine, path, (step, _actor, index) => {
        const fresh = opened.slice(seen);
        seen = opened.length;
        const { context } = step.state;
        const matches = switcherMatches(context);
        const event = step.event as ModelEvent;
        // The active option is always one of the listed matches, and there is one whenever the list is not empty.
        if (step.state.matches('open')) expect(context.activeId).toBe(matches.some((r) => r.id === context.activeId) ? context.activeId : matches[0]?.id ?? null);
        if (step.state.matches('open') && matches.length > 0) expect(context.activeId).not.toBeNull();
        if (index === 0) return;
        const before = path.steps[index - 1]!.state;
        // A room opens on Enter over an active option, or on a click on a listed one — and the switcher closes.
        if (event.type === 'switcher.choose' && before.matches('open') && before.context.activeId !== null) {
          expect(fresh).toEqual([before.context.activeId]);
          expect(step.state.matches('closed')).toBe(true);
        } else if (event.type === 'switcher.pick' && before.matches('open') && switcherMatches(before.context).some((r) => r.id === event.roomId)) {
          expect(fresh).toEqual([event.roomId]);
          expect(step.state.matches('closed')).toBe(true);
        } else {
          expect(fresh).toEqual([]);
        }
        if (event.type === 'switcher.open' && before.matches('closed')) expect(context.query).toBe('');
        if (event.type === 'switcher.close') expect(step.state.matches('closed')).toBe(true);
        if (event.type === 'switcher.type' && before.matches('open')) expect(context.activeId).toBe(matches[0]?.id ?? null);
        if (event.type === 'switcher.move' && before.matches('open') && matches.length > 1 && before.context.activeId !== null) {
          const at = (id: string | null) => matches.findIndex((r) => r.id === id);
          expect((at(before.context.activeId) + Number(event.step) + matches.length) % matches.length).toBe(at(context.activeId));
        }
      }, input);
    });
  }

  it('takes every transition of the machine in some path', () => expectEveryEdgeTaken(machine, [simple, cover]));
});

describe('room switcher', () => {
  const none = { rooms: [] };
  it("opens on the unread rooms first, finds 'Indices' from 'ind', and opens it with Enter", () => {
    const { machine, opened } = recorded();
    const actor = createActor(machine, { input: none }).start();
    actor.send({ type: 'rooms.changed', rooms: [ALL, FOREX, INDICES] });
    actor.send({ type: 'switcher.open' });
    expect(actor.getSnapshot().context.activeId).toBe('forex');
    actor.send({ type: 'switcher.move', step: 1 });
    expect(actor.getSnapshot().context.activeId).toBe('all');
    actor.send({ type: 'switcher.move', step: -1 });
    actor.send({ type: 'switcher.move', step: -1 });
    expect(actor.getSnapshot().context.activeId).toBe('indices');
    actor.send({ type: 'switcher.type', query: 'ind' });
    actor.send({ type: 'switcher.choose' });
    expect(opened).toEqual(['indices']);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('keeps the active room when the badges change under it, else moves to the first match', () => {
    const actor = createActor(roomSwitcherMachine, { input: none }).start();
    actor.send({ type: 'rooms.changed', rooms: [ALL, FOREX, INDICES] });
    actor.send({ type: 'switcher.open' });
    actor.send({ type: 'switcher.move', step: 1 });
    actor.send({ type: 'rooms.changed', rooms: [ALL, { ...FOREX, unread: 3 }, INDICES] });
    expect(actor.getSnapshot().context.activeId).toBe('all');
    actor.send({ type: 'rooms.changed', rooms: [FOREX, INDICES] });
    expect(actor.getSnapshot().context.activeId).toBe('forex');
  });

  it('does nothing on Enter when nothing matches', () => {
    const { machine, opened } = recorded();
    const actor = createActor(machine, { input: none }).start();
    actor.send({ type: 'rooms.changed', rooms: [ALL, FOREX] });
    actor.send({ type: 'switcher.open' });
    actor.send({ type: 'switcher.type', query: 'zz' });
    actor.send({ type: 'switcher.choose' });
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().value).toBe('open');
  });
});
