import { assign, setup } from 'xstate';

/** Rooms a member may keep beside the one they are in: four columns at most (issue 22). */
export const SPLIT_PINNED_MAX = 3;

export type SplitLayoutEvent =
  /** The member is known: their columns as kept on this device. */
  | { type: 'split.restore'; saved: readonly string[] }
  /** The rooms the member may read (the room list as it loads and changes). */
  | { type: 'split.rooms'; ids: readonly string[] }
  /** 'Garder en colonne': the room stays on screen beside whichever room is chosen next. */
  | { type: 'split.pin'; roomId: string }
  /** 'Fermer la colonne'. */
  | { type: 'split.unpin'; roomId: string };

export type SplitLayoutContext = { pinned: string[]; readable: readonly string[] | null };

/**
 * Rooms side by side (issue 22): the rooms a member keeps in columns beside the current one, up to
 * SPLIT_PINNED_MAX, in the order pinned, kept for the member on this device (`persist`). A room no
 * longer readable leaves; a pin beyond the limit, of a room not readable or already kept, changes
 * nothing. `single` without pins, `split` with. The page shows the columns on wide screens only.
 * The saved columns come with the input, or once the member is known (`split.restore`).
 */
export const splitLayoutMachine = setup({
  types: { context: {} as SplitLayoutContext, events: {} as SplitLayoutEvent, input: {} as { saved: readonly string[] } },
  actions: {
    /** The pinned rooms changed: kept for the member on this device. */
    persist: () => {},
    pin: assign({ pinned: ({ context, event }) => (event.type === 'split.pin' ? [...context.pinned, event.roomId] : context.pinned) }),
    unpin: assign({ pinned: ({ context, event }) => (event.type === 'split.unpin' ? context.pinned.filter((id) => id !== event.roomId) : context.pinned) }),
    /** Only rooms the member may still read stay. */
    restore: assign({
      pinned: ({ context, event }) =>
        event.type === 'split.restore'
          ? [...new Set(event.saved)].filter((id) => context.readable === null || context.readable.includes(id)).slice(0, SPLIT_PINNED_MAX)
          : context.pinned,
    }),
    keepReadable: assign({ pinned: ({ context, event }) => (event.type === 'split.rooms' ? context.pinned.filter((id) => event.ids.includes(id)) : context.pinned) }),
  },
  guards: {
    mayPin: ({ context, event }) =>
      event.type === 'split.pin' &&
      !context.pinned.includes(event.roomId) &&
      context.pinned.length < SPLIT_PINNED_MAX &&
      (context.readable === null || context.readable.includes(event.roomId)),
    restoresSome: ({ context, event }) => event.type === 'split.restore' && event.saved.some((id) => context.readable === null || context.readable.includes(id)),
    isPinned: ({ context, event }) => event.type === 'split.unpin' && context.pinned.includes(event.roomId),
    lastPinned: ({ context, event }) => event.type === 'split.unpin' && context.pinned.length === 1 && context.pinned[0] === event.roomId,
    losesAll: ({ context, event }) => event.type === 'split.rooms' && !context.pinned.some((id) => event.ids.includes(id)),
    losesSome: ({ context, event }) => event.type === 'split.rooms' && context.pinned.some((id) => !event.ids.includes(id)),
  },
}).createMachine({
  id: 'splitLayout',
  context: ({ input }) => ({ pinned: [...new Set(input.saved)].slice(0, SPLIT_PINNED_MAX), readable: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: ({ context }) => context.pinned.length > 0, target: 'split' }, { target: 'single' }],
    },
    single: {
      on: {
        'split.restore': { guard: 'restoresSome', target: 'split', actions: 'restore' },
        'split.rooms': { actions: assign({ readable: ({ event }) => event.ids }) },
        'split.pin': { guard: 'mayPin', target: 'split', actions: ['pin', 'persist'] },
      },
    },
    split: {
      on: {
        'split.restore': [{ guard: 'restoresSome', actions: 'restore' }, { target: 'single', actions: 'restore' }],
        'split.rooms': [
          { guard: 'losesAll', target: 'single', actions: [assign({ readable: ({ event }) => event.ids }), 'keepReadable', 'persist'] },
          { guard: 'losesSome', actions: [assign({ readable: ({ event }) => event.ids }), 'keepReadable', 'persist'] },
          { actions: assign({ readable: ({ event }) => event.ids }) },
        ],
        'split.pin': { guard: 'mayPin', actions: ['pin', 'persist'] },
        'split.unpin': [
          { guard: 'lastPinned', target: 'single', actions: ['unpin', 'persist'] },
          { guard: 'isPinned', actions: ['unpin', 'persist'] },
        ],
      },
    },
  },
});

export type SplitLayoutState = 'single' | 'split';
