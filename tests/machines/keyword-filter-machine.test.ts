import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { KEYWORD_TEXT, type KeywordRule } from '../../src/domain/keyword-filter';
import { keywordFilterMachine, type KeywordFilterContext, type KeywordFilterState, type RulesAnswer } from '../../src/machines/keyword-filter-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const STORED: KeywordRule[] = [{ keyword: 'arnaque', action: 'block' }];
const KEPT: KeywordRule[] = [{ keyword: 'Telegram', action: 'hold' }];
const REFUSED = 'NOT_ALLOWED';
const events: ModelEvent[] = [
  { type: 'xstate.done.actor.loadRules', output: { rules: STORED } },
  { type: 'xstate.done.actor.loadRules', output: { error: REFUSED } },
  { type: 'xstate.error.actor.loadRules', error: new Error('réseau') },
  { type: 'filter.retry' },
  { type: 'filter.add', keyword: '  Telegram ', action: 'hold' },
  { type: 'filter.add', keyword: 'a', action: 'block' },
  { type: 'filter.add', keyword: 'ARNAQUÉ', action: 'hold' },
  { type: 'filter.add', keyword: '?!', action: 'hold' },
  { type: 'filter.remove', keyword: 'arnaque' },
  { type: 'filter.save' },
  { type: 'xstate.done.actor.saveRules', output: { rules: KEPT } },
  { type: 'xstate.done.actor.saveRules', output: { error: KEYWORD_TEXT.tooMany } },
  { type: 'xstate.error.actor.saveRules', error: new Error('réseau') },
];

type World = { state: KeywordFilterState; rules: KeywordRule[]; error: string | null };

/** Where each event leads, written from the behaviour wanted (not read from the machine). */
function expectedAfter(world: World, event: ModelEvent): World {
  const output = event.output as RulesAnswer | undefined;
  switch (`${world.state} ${event.type}`) {
    case 'loading xstate.done.actor.loadRules':
      return output && 'rules' in output ? { state: 'editing', rules: output.rules, error: null } : { state: 'failed', rules: [], error: REFUSED };
    case 'loading xstate.error.actor.loadRules':
      return { state: 'failed', rules: [], error: 'Erreur lors de la requête' };
    case 'failed filter.retry':
      return { state: 'loading', rules: [], error: null };
    case 'editing filter.add': {
      const keyword = String(event.keyword).trim();
      if (keyword.length < 2) return { ...world, error: KEYWORD_TEXT.badLength };
      if (keyword === '?!') return { ...world, error: KEYWORD_TEXT.noLetters };
      // Listed already, whatever its case and accents.
      const plain = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      if (world.rules.some((r) => plain(r.keyword) === plain(keyword))) return { ...world, error: KEYWORD_TEXT.duplicate };
      return { ...world, rules: [...world.rules, { keyword, action: event.action as KeywordRule['action'] }], error: null };
    }
    case 'editing filter.remove':
      return { ...world, rules: world.rules.filter((r) => r.keyword !== event.keyword), error: null };
    case 'editing filter.save':
      return { ...world, state: 'saving' };
    case 'saving xstate.done.actor.saveRules':
      return output && 'rules' in output ? { state: 'saved', rules: output.rules, error: null } : { ...world, state: 'editing', error: KEYWORD_TEXT.tooMany };
    case 'saving xstate.error.actor.saveRules':
      return { ...world, state: 'editing', error: 'Erreur lors de la requête' };
    default:
      return world;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = keywordFilterMachine.provide({
    actors: {
      loadRules: fromPromise<RulesAnswer, { room: string }>(({ input }) => {
        calls.push(`load:${input.room}`);
        return new Promise(() => {});
      }),
      saveRules: fromPromise<RulesAnswer, { room: string; rules: KeywordRule[] }>(({ input }) => {
        calls.push(`save:${input.room}:${input.rules.map((r) => `${r.keyword}/${r.action}`).join(',')}`);
        return new Promise(() => {});
      }),
    },
    actions: { saved: () => void calls.push('saved') },
  });
  return { machine, calls };
}

const input = { room: 'forex' };
const serializeContext = (snapshot: AnyMachineSnapshot) => {
  const { rules, error } = snapshot.context as KeywordFilterContext;
  return [rules.map((r) => r.keyword), error !== null];
};

const paths = (() => {
  const { machine } = recorded();
  // Simple paths over the main events (a list read, a word added, refused or removed, a save kept
  // or refused); the transition cover adds every other outcome from every state reached.
  const main = events.filter((e) => e.keyword !== '?!' && e.keyword !== 'a' && e.type !== 'xstate.error.actor.loadRules' && e.type !== 'xstate.error.actor.saveRules');
  return [...simplePaths(machine, main, { serializeContext, input }), ...transitionCoverPaths(machine, events, { serializeContext, input })];
})();

describe('keyword filter machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let world: World = { state: 'loading', rules: [], error: null };
      let seen = 0;
      walkPath(
        machine,
        path,
        (step, actor, index) => {
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          const before = world;
          if (index > 0) world = expectedAfter(world, step.event as ModelEvent);
          expect(snapshot.value).toBe(world.state);
          const context = snapshot.context as KeywordFilterContext;
          expect({ rules: context.rules, error: context.error }).toEqual({ rules: world.rules, error: world.error });
          // Loading asks the room's list once per entry; saving sends the list as edited, once; 'saved' only when kept.
          const fresh = calls.slice(seen);
          seen = calls.length;
          const expected: string[] = [];
          if (world.state === 'loading' && (index === 0 || before.state !== 'loading')) expected.push('load:forex');
          if (world.state === 'saving' && before.state !== 'saving') expected.push(`save:forex:${before.rules.map((r) => `${r.keyword}/${r.action}`).join(',')}`);
          if (world.state === 'saved' && before.state === 'saving') expected.push('saved');
          expect(fresh).toEqual(expected);
        },
        input,
      );
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});
