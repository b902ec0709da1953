import { assign, setup } from 'xstate';

/** How a visit to a room opened: at the newest rows, at the first unread (under the line), or where the member left it. */
export type OpenedAt = 'end' | 'unread' | 'place';

export type RoomReadingEvent =
  /** The store answered (window, read state, kept place): the list is shown there. */
  | { type: 'visit.opened'; at: OpenedAt }
  /** The reader scrolled away from the newest rows, or came back to them. */
  | { type: 'scroll.leftEnd' }
  | { type: 'scroll.reachedEnd' }
  /** Others' rows arrived at the stream's end. */
  | { type: 'rows.arrived'; count: number }
  /** The log opened at a message or a day, in a window read around it (issue 21, 'jump anywhere'). */
  | { type: 'jump.opened' }
  /** 'Revenir au direct' from a jumped window: the log opens anew at the newest rows. */
  | { type: 'jump.left' }
  /** The jumped window read on down to the room's newest rows: it is the room's own log again, the reader above its end. */
  | { type: 'jump.joined' };

type Context = { below: number };

/**
 * A visit to a room's log (issue 21): `opening` until the store has answered, then `live` (at the
 * newest rows, which follow) or `history` (the reader is above them: opened at the first unread or
 * at a kept place, or scrolled up). The room on screen is read (`markRead` as it opens and as rows
 * arrive); in history the rows arriving below are counted for the 'N nouveaux messages' button,
 * and the kept place is forgotten once the reader is back at the end. A jump (from any mode) opens
 * `jumped`: a window around a message, whose bottom is not the room's end (reaching it changes
 * nothing, and no place is kept there); 'Revenir au direct' leaves it, and so does reading it on down
 * to the room's newest rows, which joins it to the room's own (then in history: the rows counted
 * below are still below). The list provides the effects and the scroll.
 */
export const roomReadingMachine = setup({
  types: { context: {} as Context, events: {} as RoomReadingEvent },
  actions: {
    /** The room is read up to its newest row (throttled by the sync). */
    markRead: () => {},
    /** Forget the reading place kept for the next visit. */
    forgetPlace: () => {},
  },
  guards: {
    openedAtEnd: ({ event }) => event.type === 'visit.opened' && event.at === 'end',
  },
}).createMachine({
  id: 'roomReading',
  context: { below: 0 },
  initial: 'opening',
  on: {
    'jump.opened': { target: '.jumped', actions: [assign({ below: 0 }), 'forgetPlace'] },
  },
  states: {
    opening: {
      on: {
        'visit.opened': [
          { guard: 'openedAtEnd', target: 'live', actions: 'markRead' },
          { target: 'history', actions: 'markRead' },
        ],
      },
    },
    live: {
      on: {
        'rows.arrived': { actions: 'markRead' },
        'scroll.leftEnd': { target: 'history' },
      },
    },
    history: {
      on: {
        'rows.arrived': { actions: [assign({ below: ({ context, event }) => context.below + event.count }), 'markRead'] },
        'scroll.reachedEnd': { target: 'live', actions: [assign({ below: 0 }), 'forgetPlace'] },
      },
    },
    jumped: {
      on: {
        'rows.arrived': { actions: [assign({ below: ({ context, event }) => context.below + event.count }), 'markRead'] },
        'jump.left': { target: 'live', actions: [assign({ below: 0 }), 'markRead'] },
        'jump.joined': { target: 'history' },
      },
    },
  },
});
