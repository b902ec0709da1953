import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  composerMachine,
  type ComposerDraft,
  type ComposerInput,
  type ComposerSubmission,
  type MentionUser,
} from '../../src/machines/composer-machine';
import { composerCounter, insertMention, mentionQuery } from '../../src/domain/chat-limits';
import {
  describePath,
  expectEveryEdgeTaken,
  transitionCoverPaths,
  walkPath,
  type ModelEvent,
} from './model-paths';

const analyste: MentionUser = { id: 'u7', username: 'analyste', picture: null };
const events: ModelEvent[] = [
  { type: 'composer.input', text: '' },
  { type: 'composer.input', text: '   ' },
  { type: 'composer.input', text: 'Bonjour à tous' },
  { type: 'composer.input', text: 'Salut @' },
  { type: 'composer.input', text: 'abc@' },
  { type: 'composer.input', text: 'Salut @an' },
  { type: 'composer.input', text: 'x'.repeat(1200) },
  { type: 'composer.enterKey' },
  { type: 'composer.send' },
  { type: 'composer.toggleLock' },
  { type: 'composer.attach', attachment: { id: 'a1', attachmentType: 'image', name: 'graphique.png' } },
  { type: 'composer.detach', id: 'a1' },
  { type: 'composer.pickMention', username: 'analyste' },
  { type: 'composer.dismissMentions' },
  { type: 'xstate.after.mentionDebounce.composer.mentionPending' },
  { type: 'xstate.done.actor.searchMentions', output: [analyste] },
  { type: 'xstate.error.actor.searchMentions', error: new Error('réseau') },
];

const inputs: ComposerInput[] = [
  { stream: 'room:forex', privateRoom: false, locked: false, draft: '' },
  { stream: 'room:forex', privateRoom: false, locked: true, draft: '' },
  { stream: 'conversation:c1', privateRoom: true, locked: false, draft: '' },
  // A room opened with its kept draft (issue 21): sendable from the first state.
  { stream: 'room:indices', privateRoom: false, locked: false, draft: 'Mon brouillon' },
];

// Two drafts are the same state for the model when they agree on what the machine decides by.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as { locked: boolean; text: string; attachments: unknown[]; mentions: unknown[] };
  return { locked: c.locked, hasText: c.text.trim() !== '', attachments: c.attachments.length, mentions: c.mentions.length };
};

type Call = [name: string, arg: unknown];
function recorded() {
  const calls: Call[] = [];
  const machine = composerMachine.provide({
    actors: {
      searchMentions: fromPromise<MentionUser[], { query: string }>(({ input }) => {
        calls.push(['searchMentions', input.query]);
        return new Promise(() => {});
      }),
    },
    actions: {
      submit: (_, params: ComposerSubmission) => void calls.push(['submit', params]),
      persistLock: (_, params: { locked: boolean }) => void calls.push(['persistLock', params.locked]),
      keepDraft: (_, params: ComposerDraft) => void calls.push(['keepDraft', params]),
      dropDraft: (_, params: { stream: string }) => void calls.push(['dropDraft', params]),
    },
  });
  return { machine, calls };
}

describe('composer machine: every path of its graph', () => {
  const pathSets = inputs.map((input) => {
    const { machine } = recorded();
    return {
      input,
      paths: [
        ...transitionCoverPaths(machine, events, { input, serializeContext }),
      ],
    };
  });

  for (const { input, paths } of pathSets) {
    describe(`${input.privateRoom ? 'private' : 'room'}, ${input.locked ? 'locked' : 'unlocked'}${input.draft ? ', with a draft' : ''}`, () => {
      it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
      for (const path of paths) {
        it(describePath(path), () => {
          const { machine, calls } = recorded();
          let seen = 0;
          let before = path.steps[0]!.state.context;
          walkPath(
            machine,
            path,
            (step, actor, index) => {
              if (index === 0) {
                // The composer opens with the stream's kept draft, and writes nothing for it.
                before = (actor.getSnapshot() as typeof step.state).context;
                expect(before.text).toBe(input.draft);
                expect(calls).toEqual([]);
                return;
              }
              const fresh = calls.slice(seen);
              seen = calls.length;
              const event = step.event as ModelEvent;
              const context = (actor.getSnapshot() as typeof step.state).context;
              expect(context.text.length).toBeLessThanOrEqual(1000);
              if (input.privateRoom) expect(step.state.matches('idle')).toBe(true);

              const sends = event.type === 'composer.send' || (event.type === 'composer.enterKey' && !before.locked);
              const sendable = before.text.trim() !== '' || before.attachments.length > 0;
              const submissions = fresh.filter(([name]) => name === 'submit');
              // The draft follows the text, always under the machine's own stream; a send drops it.
              const drafts = fresh.filter(([name]) => name === 'keepDraft' || name === 'dropDraft');
              const sent = sends && sendable;
              if (sent) expect(drafts).toEqual([['dropDraft', { stream: input.stream }]]);
              else if (context.text !== before.text) expect(drafts).toEqual([['keepDraft', { stream: input.stream, text: context.text }]]);
              else if (event.type !== 'composer.input') expect(drafts).toEqual([]);
              if (sent) {
                expect(submissions).toEqual([
                  ['submit', { stream: input.stream, text: before.text.trim(), attachments: before.attachments }],
                ]);
                expect(context.text).toBe('');
                expect(context.attachments).toEqual([]);
              } else {
                expect(submissions).toEqual([]);
              }
              if (event.type === 'composer.enterKey' && before.locked) {
                expect(context.text).toBe(`${before.text}\n`.slice(0, 1000));
              }
              if (event.type === 'composer.toggleLock') {
                expect(context.locked).toBe(!before.locked);
                expect(fresh).toEqual([['persistLock', context.locked]]);
              }
              if (step.state.matches('mentionSearching') && event.type.startsWith('xstate.after')) {
                expect(fresh).toEqual([['searchMentions', mentionQuery(context.text)]]);
              }
              if (event.type === 'composer.pickMention') expect(context.text.endsWith('@analyste ')).toBe(true);
              before = context;
            },
            input,
          );
        });
      }
    });
  }

  it('takes every transition of the machine in some path', () => {
    expectEveryEdgeTaken(
      recorded().machine,
      pathSets.map((set) => set.paths),
    );
  });
});

describe('composer rules', () => {
  it('opens mentions on an @ after at least four characters only', () => {
    expect(mentionQuery('Salut @')).toBe('');
    expect(mentionQuery('abcd@')).toBe('');
    expect(mentionQuery('abc@')).toBeNull();
    expect(mentionQuery('Salut @ana')).toBe('ana');
    expect(mentionQuery('Salut @ana merci')).toBeNull();
  });
  it('inserts the picked name', () => {
    expect(insertMention('Salut @an', 'analyste')).toBe('Salut @analyste ');
  });
  it("shows 'N/500 caractères' from 500 characters", () => {
    expect(composerCounter('x'.repeat(499)).visible).toBe(false);
    expect(composerCounter('x'.repeat(500))).toEqual({ visible: true, label: '500/500 caractères' });
  });
  it('searches 150 ms after the last key, with the typed name', async () => {
    const queries: string[] = [];
    const actor = createActor(
      composerMachine.provide({
        actors: {
          searchMentions: fromPromise<MentionUser[], { query: string }>(async ({ input }) => {
            queries.push(input.query);
            return [analyste];
          }),
        },
      }),
      { input: inputs[0]! },
    ).start();
    actor.send({ type: 'composer.input', text: 'Salut @' });
    await new Promise((r) => setTimeout(r, 50));
    actor.send({ type: 'composer.input', text: 'Salut @an' });
    await new Promise((r) => setTimeout(r, 100));
    expect(queries).toEqual([]);
    await new Promise((r) => setTimeout(r, 120));
    expect(queries).toEqual(['an']);
    expect(actor.getSnapshot().context.mentions).toEqual([analyste]);
  });
});
