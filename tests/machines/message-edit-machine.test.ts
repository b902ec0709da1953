import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { EDIT_TEXT } from '../../src/domain/message-edit';
import { messageEditMachine, type MessageEditContext, type MessageEditState } from '../../src/machines/message-edit-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const REFUSED = 'Ce message ne peut plus être modifié : le délai de 24 heures est passé.';
const events: ModelEvent[] = [
  { type: 'edit.open', messageId: 'm1', content: 'DAX 18 000' },
  { type: 'edit.open', messageId: 'm2', content: 'BTC 60k' },
  { type: 'edit.input', text: 'DAX 18 050' },
  { type: 'edit.input', text: '  ' },
  { type: 'edit.input', text: 'DAX 18 000 ' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'xstate.done.actor.saveEdit', output: null },
  { type: 'xstate.done.actor.saveEdit', output: REFUSED },
  { type: 'xstate.error.actor.saveEdit', error: new Error('réseau') },
];

/** Where each event leads, written from the behaviour wanted (not read from the machine). */
function expectedAfter(state: MessageEditState, context: MessageEditContext, event: ModelEvent): MessageEditState {
  switch (`${state} ${event.type}`) {
    case 'closed edit.open':
    case 'editing edit.open':
      return 'editing';
    case 'editing edit.cancel':
      return 'closed';
    case 'editing edit.save':
      if (context.text.trim() === '') return 'editing';
      return context.text.trim() === context.target?.content.trim() ? 'closed' : 'saving';
    case 'saving xstate.done.actor.saveEdit':
      return event.output === null ? 'closed' : 'editing';
    case 'saving xstate.error.actor.saveEdit':
      return 'editing';
    default:
      return state;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = messageEditMachine.provide({
    actors: {
      saveEdit: fromPromise<string | null, { messageId: string; content: string }>(({ input }) => {
        calls.push(`save:${input.messageId}:${input.content}`);
        return new Promise(() => {});
      }),
    },
    actions: { saved: () => void calls.push('saved') },
  });
  return { machine, calls };
}

/** What makes two snapshots differ for the flow: the message, whether its text is empty, the same or new, and an error shown. */
const serializeContext = (snapshot: AnyMachineSnapshot) => {
  const { target, text, error } = snapshot.context as MessageEditContext;
  const kind = text.trim() === '' ? 'empty' : text.trim() === target?.content.trim() ? 'same' : 'new';
  return [target?.messageId ?? null, kind, error !== null];
};

const paths = (() => {
  const { machine } = recorded();
  // Every simple path over one message and its edits; the transition cover adds the second
  // message and the text typed back to what it was.
  const simple = events.filter((e) => e.messageId !== 'm2' && e.text !== 'DAX 18 000 ');
  return [...simplePaths(machine, simple, { serializeContext }), ...transitionCoverPaths(machine, events)];
})();

describe('message edit machine: every path of its graph', () => {
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine, calls } = recorded();
      let before: { state: MessageEditState; context: MessageEditContext } = { state: 'closed', context: { target: null, text: '', error: null } };
      let seen = 0;
      walkPath(machine, path, (step, actor, index) => {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const now = snapshot.value as MessageEditState;
        const context = snapshot.context as MessageEditContext;
        const event = step.event as ModelEvent;
        const fresh = calls.slice(seen);
        seen = calls.length;
        if (index === 0) return;
        expect(now).toBe(expectedAfter(before.state, before.context, event));
        // The save sends the trimmed text of the message being edited, once; 'saved' only when taken.
        const expected: string[] = [];
        if (now === 'saving' && before.state !== 'saving') expected.push(`save:${before.context.target?.messageId}:${before.context.text.trim()}`);
        if (before.state === 'saving' && event.type === 'xstate.done.actor.saveEdit' && event.output === null) expected.push('saved');
        expect(fresh).toEqual(expected);
        // Closed holds nothing; a refusal or a failure keeps the text with the reason.
        if (now === 'closed') expect(context).toEqual({ target: null, text: '', error: null });
        if (event.type === 'edit.open') expect(context).toEqual({ target: { messageId: event.messageId, content: event.content }, text: event.content, error: null });
        if (before.state === 'saving' && now === 'editing') {
          expect(context.text).toBe(before.context.text);
          expect(context.error).toBe(event.type === 'xstate.error.actor.saveEdit' ? 'Erreur lors de la requête' : REFUSED);
        }
        if (before.state === 'editing' && now === 'editing' && event.type === 'edit.save') expect(context.error).toBe(EDIT_TEXT.empty);
        if (event.type === 'edit.input' && now === 'editing') expect(context).toMatchObject({ text: event.text, error: null });
        before = { state: now, context };
      });
    });
  }

  it('takes every transition', () => expectEveryEdgeTaken(recorded().machine, [paths]));
});
