import { assign, setup } from 'xstate';

/**
 * One message in the outbox (issue 21, DESIGN.md "Outbox"). It is `sending` from the moment it is
 * written; a network that does not take it leaves it `waiting`, sent again by itself at the next
 * connection; a server that refuses it makes it `refused` ('Non envoyé'), which only the member
 * ends: 'Réessayer' (the same client id, so the server never stores it twice) or 'Supprimer'.
 * Its echo (`sent`) can come in any state: a request that timed out may have been stored.
 * The room's keyword filter may hold it for a moderator (`held`, issue 22): it waits for their
 * word, the echo when they let it through or a refusal; it is asked about again at each connection
 * (a decision made while the member was away).
 *
 * The entry lives in the store, not in an actor: the outbox reads its state from the stored
 * document and writes back the one `transition()` gives (src/sync/outbox.ts).
 */
export type OutboxEntryEvent =
  | { type: 'outbox.sent' }
  | { type: 'outbox.offline' }
  | { type: 'outbox.refused'; error: string }
  | { type: 'outbox.held' }
  | { type: 'outbox.resend' }
  | { type: 'outbox.retry' }
  | { type: 'outbox.discard' };

export type OutboxEntryContext = { error: string | null };

export const outboxEntryMachine = setup({
  types: { context: {} as OutboxEntryContext, events: {} as OutboxEntryEvent },
}).createMachine({
  id: 'outboxEntry',
  context: { error: null },
  initial: 'sending',
  states: {
    sending: {
      on: {
        'outbox.sent': 'sent',
        'outbox.offline': 'waiting',
        'outbox.refused': { target: 'refused', actions: assign({ error: ({ event }) => event.error }) },
        'outbox.held': 'held',
      },
    },
    held: {
      on: {
        'outbox.sent': 'sent',
        'outbox.refused': { target: 'refused', actions: assign({ error: ({ event }) => event.error }) },
        // A new connection: the server is asked again whether a moderator decided.
        'outbox.resend': 'sending',
      },
    },
    waiting: {
      on: {
        'outbox.sent': 'sent',
        // The connection is back: the flush takes it again.
        'outbox.resend': 'sending',
        'outbox.retry': 'sending',
        'outbox.discard': 'discarded',
      },
    },
    refused: {
      exit: assign({ error: null }),
      on: {
        'outbox.sent': 'sent',
        'outbox.retry': 'sending',
        'outbox.discard': 'discarded',
      },
    },
    sent: { type: 'final' },
    discarded: { type: 'final' },
  },
});

export type OutboxEntryState = 'sending' | 'waiting' | 'held' | 'refused' | 'sent' | 'discarded';
