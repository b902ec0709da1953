import { describe, expect, it } from 'vitest';
import { alertFilterMachine, appliedFilter, DEFAULT_SELECTION, type AlertFilter, type AlertFilterSelection } from '../../src/machines/alert-filter-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'filter.type', alertType: 'audio' },
  { type: 'filter.type', alertType: 'all' },
  { type: 'filter.author', author: '4' },
  { type: 'filter.author', author: null },
  { type: 'filter.all' },
  { type: 'filter.current', checked: false },
  { type: 'filter.current', checked: true },
  { type: 'filter.room', room: 'forex' },
  { type: 'filter.room', room: 'crypto' },
  { type: 'filter.query', query: 'ab' },
  { type: 'filter.query', query: 'eur' },
  { type: 'filter.query', query: '' },
  { type: 'xstate.after.searchDebounce.alertFilter.typing' },
];

type Call = ['persist', AlertFilterSelection] | ['apply', AlertFilter];
function recorded() {
  const calls: Call[] = [];
  const machine = alertFilterMachine.provide({
    actions: {
      persist: (_, selection) => void calls.push(['persist', { ...selection }]),
      apply: (_, filter) => void calls.push(['apply', filter]),
    },
  });
  return { machine, calls };
}

const serializeContext = (snapshot: { context: unknown }) => snapshot.context;
const input = DEFAULT_SELECTION;

describe('alert filter machine: every path of its graph', () => {
  const { machine } = recorded();
  // Simple paths explode with this many filter combinations: shortest paths to every state plus
  // every transition from each, over the rooms / type / author / query variants.
  const paths = [...transitionCoverPaths(machine, events, { input, serializeContext })];
  const simple = simplePaths(machine, events.slice(9), { input, serializeContext });

  it('has paths to walk', () => expect(paths.length + simple.length).toBeGreaterThan(50));

  for (const path of [...paths, ...simple]) {
    it(describePath(path), () => {
      const { machine: walked, calls } = recorded();
      let seen = 0;
      let before = path.steps[0]!.state.context as AlertFilterSelection;
      walkPath(
        walked,
        path,
        (step, actor) => {
          const fresh = calls.slice(seen);
          seen = calls.length;
          const context = (actor.getSnapshot() as { context: AlertFilterSelection }).context;
          const event = step.event as ModelEvent;
          // The room rules of spec 2 §2.
          if (event.type === 'filter.all') expect(context.roomMode).toBe(before.roomMode === 'all' ? 'current' : 'all');
          if (event.type === 'filter.current') expect(context.roomMode).toBe(event.checked ? 'current' : 'all');
          if (event.type === 'filter.room') {
            expect(context.rooms.includes(event.room as string)).toBe(!before.rooms.includes(event.room as string));
            expect(context.roomMode).toBe(context.rooms.length === 0 ? 'current' : 'rooms');
          }
          if (context.roomMode !== 'rooms') expect(context.rooms).toEqual([]);
          // Every change is persisted; the feed hears of it at once, or after the debounce for a search.
          if (event.type === 'xstate.init') expect(fresh).toEqual([]);
          else if (event.type === 'filter.query') expect(fresh).toEqual([['persist', context]]);
          else if (event.type.startsWith('xstate.after')) expect(fresh).toEqual([['apply', appliedFilter(context)]]);
          else expect(fresh).toEqual([['persist', context], ['apply', appliedFilter(context)]]);
          expect(appliedFilter(context).query === null || appliedFilter(context).query!.length >= 3).toBe(true);
          before = context;
        },
        input,
      );
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(recorded().machine, [paths, simple]);
  });
});
