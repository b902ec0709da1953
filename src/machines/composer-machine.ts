import { assign, fromPromise, raise, setup } from 'xstate';
import { MENTION_DEBOUNCE_MS, MESSAGE_MAX_LENGTH, insertMention, mentionQuery } from '../domain/chat-limits';

export type ComposerAttachment = { id: string; attachmentType: 'audio' | 'image' | 'file' | 'video'; name: string };
export type MentionUser = { id: string; username: string; picture: string | null };

export type ComposerInput = {
  /** The stream the draft belongs to (a room, a thread): a send always goes there (DESIGN.md). */
  stream: string;
  privateRoom: boolean;
  /** localStorage isLocked. */
  locked: boolean;
  /** The stream's kept draft: the text the composer opens with (issue 21). */
  draft: string;
};

export type ComposerContext = Omit<ComposerInput, 'draft'> & {
  text: string;
  attachments: ComposerAttachment[];
  mentions: MentionUser[];
};

export type ComposerEvent =
  | { type: 'composer.input'; text: string }
  | { type: 'composer.enterKey' }
  | { type: 'composer.send' }
  | { type: 'composer.toggleLock' }
  | { type: 'composer.attach'; attachment: ComposerAttachment }
  | { type: 'composer.detach'; id: string }
  | { type: 'composer.pickMention'; username: string }
  | { type: 'composer.dismissMentions' };

export type ComposerSubmission = { stream: string; text: string; attachments: ComposerAttachment[] };
/** The draft of a stream as the member left it (kept across switches and reloads). */
export type ComposerDraft = { stream: string; text: string };

/**
 * The chat composer (spec 2 §4, §5): locked, Enter inserts a new line; unlocked, Enter sends. A
 * message leaves only with text or an attachment, at most 1000 characters. Typing '@' after four
 * characters in a non-private room opens the mention list, searched 150 ms after the last key.
 * Every change of the text is handed to `keepDraft` (stored debounced, outside the machine) and a
 * send to `dropDraft`; both name the machine's own stream, never the room on screen.
 */
// After every change of the text: the draft, under the machine's own stream.
const keepDraft = {
  type: 'keepDraft',
  params: ({ context }: { context: ComposerContext }): ComposerDraft => ({ stream: context.stream, text: context.text }),
} as const;

export const composerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    input: {} as ComposerInput,
  },
  actors: {
    searchMentions: fromPromise<MentionUser[], { query: string }>(async () => []),
  },
  actions: {
    submit: (_, _params: ComposerSubmission) => {},
    persistLock: (_, _params: { locked: boolean }) => {},
    keepDraft: (_, _params: ComposerDraft) => {},
    dropDraft: (_, _params: { stream: string }) => {},
  },
  guards: {
    canSend: ({ context }) => context.text.trim() !== '' || context.attachments.length > 0,
    isLocked: ({ context }) => context.locked,
    mentionTyped: ({ context, event }) =>
      event.type === 'composer.input' && !context.privateRoom && mentionQuery(clip(event.text)) !== null,
  },
  delays: { mentionDebounce: MENTION_DEBOUNCE_MS },
}).createMachine({
  id: 'composer',
  context: ({ input: { draft, ...input } }) => ({ ...input, text: clip(draft), attachments: [], mentions: [] }),
  initial: 'idle',
  on: {
    'composer.input': [
      {
        guard: 'mentionTyped',
        target: '.mentionPending',
        reenter: true,
        actions: [assign({ text: ({ event }) => clip(event.text) }), keepDraft],
      },
      { target: '.idle', actions: [assign({ text: ({ event }) => clip(event.text) }), keepDraft] },
    ],
    'composer.toggleLock': {
      actions: [
        assign({ locked: ({ context }) => !context.locked }),
        { type: 'persistLock', params: ({ context }) => ({ locked: context.locked }) },
      ],
    },
    'composer.attach': {
      actions: assign({
        attachments: ({ context, event }) => [
          ...context.attachments.filter((a) => a.id !== event.attachment.id),
          event.attachment,
        ],
      }),
    },
    'composer.detach': {
      actions: assign({ attachments: ({ context, event }) => context.attachments.filter((a) => a.id !== event.id) }),
    },
    'composer.send': {
      guard: 'canSend',
      target: '.idle',
      actions: [
        {
          type: 'submit',
          params: ({ context }) => ({ stream: context.stream, text: context.text.trim(), attachments: context.attachments }),
        },
        assign({ text: '', attachments: [] }),
        { type: 'dropDraft', params: ({ context }) => ({ stream: context.stream }) },
      ],
    },
    'composer.enterKey': [
      { guard: 'isLocked', actions: [assign({ text: ({ context }) => clip(`${context.text}\n`) }), keepDraft] },
      // Unlocked, Enter is the send button.
      { actions: raise({ type: 'composer.send' }) },
    ],
  },
  states: {
    idle: { entry: assign({ mentions: [] }) },
    mentionPending: {
      after: { mentionDebounce: 'mentionSearching' },
      on: { 'composer.dismissMentions': 'idle' },
    },
    mentionSearching: {
      invoke: {
        id: 'searchMentions',
        src: 'searchMentions',
        input: ({ context }) => ({ query: mentionQuery(context.text) ?? '' }),
        onDone: { target: 'mentionShowing', actions: assign({ mentions: ({ event }) => event.output }) },
        // A failed search just closes the list: the member keeps typing.
        onError: 'idle',
      },
      on: { 'composer.dismissMentions': 'idle' },
    },
    mentionShowing: {
      on: {
        'composer.pickMention': {
          target: 'idle',
          actions: [assign({ text: ({ context, event }) => clip(insertMention(context.text, event.username)) }), keepDraft],
        },
        'composer.dismissMentions': 'idle',
      },
    },
  },
});

const clip = (text: string) => text.slice(0, MESSAGE_MAX_LENGTH);
