import { assign, fromPromise, setup } from 'xstate';
import { KEYWORD_MAX, KEYWORD_MIN, KEYWORD_TEXT, normaliseForFilter, type KeywordAction, type KeywordRule } from '../domain/keyword-filter';

export type KeywordFilterEvent =
  | { type: 'filter.add'; keyword: string; action: KeywordAction }
  | { type: 'filter.remove'; keyword: string }
  | { type: 'filter.save' }
  /** 'Réessayer' after the list could not be read. */
  | { type: 'filter.retry' };

export type KeywordFilterContext = { room: string; rules: KeywordRule[]; error: string | null };

/** What a load or a save answers: the list the server keeps, or its refusal. */
export type RulesAnswer = { rules: KeywordRule[] } | { error: string };

/** A failed call (no answer): the moderator keeps the list and may save again. */
const REQUEST_FAILED = 'Erreur lors de la requête';

/** Why a keyword cannot join the list, or null. */
export function keywordRefusal(rules: readonly KeywordRule[], keyword: string): string | null {
  const trimmed = keyword.trim();
  if (trimmed.length < KEYWORD_MIN || trimmed.length > KEYWORD_MAX) return KEYWORD_TEXT.badLength;
  const key = normaliseForFilter(trimmed);
  if (key === '') return KEYWORD_TEXT.noLetters;
  return rules.some((rule) => normaliseForFilter(rule.keyword) === key) ? KEYWORD_TEXT.duplicate : null;
}

/**
 * A room's keyword filter, edited by a moderator (issue 22): the list is read (`loadRules`; a
 * failure says why, with 'Réessayer'); words are added (refused on the spot when too short, too
 * long, without letters, or already listed) and removed; 'Enregistrer' saves the whole list
 * (`saveRules`) and ends with the list the server kept; a refusal or a failed call keeps the
 * list as edited, with why.
 */
export const keywordFilterMachine = setup({
  types: { context: {} as KeywordFilterContext, events: {} as KeywordFilterEvent, input: {} as { room: string } },
  actors: {
    loadRules: fromPromise<RulesAnswer, { room: string }>(async () => ({ rules: [] })),
    saveRules: fromPromise<RulesAnswer, { room: string; rules: KeywordRule[] }>(async ({ input }) => ({ rules: input.rules })),
  },
  actions: {
    /** The list was saved: said to the moderator. */
    saved: () => {},
  },
  guards: {
    refusedKeyword: ({ context, event }) => event.type === 'filter.add' && keywordRefusal(context.rules, event.keyword) !== null,
  },
}).createMachine({
  id: 'keywordFilter',
  initial: 'loading',
  context: ({ input }) => ({ room: input.room, rules: [], error: null }),
  states: {
    loading: {
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        input: ({ context }) => ({ room: context.room }),
        onDone: [
          { guard: ({ event }) => 'rules' in event.output, target: 'editing', actions: assign({ rules: ({ event }) => ('rules' in event.output ? event.output.rules : []), error: null }) },
          { target: 'failed', actions: assign({ error: ({ event }) => ('error' in event.output ? event.output.error : REQUEST_FAILED) }) },
        ],
        onError: { target: 'failed', actions: assign({ error: REQUEST_FAILED }) },
      },
    },
    failed: {
      on: { 'filter.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      on: {
        'filter.add': [
          { guard: 'refusedKeyword', actions: assign({ error: ({ context, event }) => keywordRefusal(context.rules, event.keyword) }) },
          {
            actions: assign({
              rules: ({ context, event }) => [...context.rules, { keyword: event.keyword.trim().replace(/\s+/g, ' '), action: event.action }],
              error: null,
            }),
          },
        ],
        'filter.remove': { actions: assign({ rules: ({ context, event }) => context.rules.filter((rule) => rule.keyword !== event.keyword), error: null }) },
        'filter.save': 'saving',
      },
    },
    saving: {
      invoke: {
        id: 'saveRules',
        src: 'saveRules',
        input: ({ context }) => ({ room: context.room, rules: context.rules }),
        onDone: [
          { guard: ({ event }) => 'rules' in event.output, target: 'saved', actions: [assign({ rules: ({ event }) => ('rules' in event.output ? event.output.rules : []), error: null }), 'saved'] },
          { target: 'editing', actions: assign({ error: ({ event }) => ('error' in event.output ? event.output.error : REQUEST_FAILED) }) },
        ],
        onError: { target: 'editing', actions: assign({ error: REQUEST_FAILED }) },
      },
    },
    saved: { type: 'final' },
  },
});

export type KeywordFilterState = 'loading' | 'failed' | 'editing' | 'saving' | 'saved';
