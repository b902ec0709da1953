import { fromPromise, setup } from 'xstate';
import { REFERRAL } from '../domain/referral';

/**
 * 'Créer une affiliation' (spec 3 §2, §4): the server is asked (`createAffiliation` answers null,
 * or the server's error, shown as a toast by `notifyError`); once created the page reloads its data
 * after 0.8 s (`reload`) and the affiliation shows.
 */
export const affiliationCreationMachine = setup({
  types: { events: {} as { type: 'affiliation.create' } },
  actors: {
    createAffiliation: fromPromise<string | null>(async () => null),
    reload: fromPromise<void>(async () => undefined),
  },
  actions: {
    notifyError: (_, _params: { error: string }) => {},
  },
  delays: { reloadAfter: REFERRAL.reloadAfterCreateMs },
}).createMachine({
  id: 'affiliationCreation',
  initial: 'idle',
  states: {
    idle: { on: { 'affiliation.create': 'creating' } },
    creating: {
      invoke: {
        id: 'createAffiliation',
        src: 'createAffiliation',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'created' },
          { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.output ?? '' }) } },
        ],
        onError: { target: 'idle', actions: { type: 'notifyError', params: () => ({ error: '' }) } },
      },
    },
    /** Created: the page reloads its data after 0.8 s. */
    created: { after: { reloadAfter: 'reloading' } },
    reloading: {
      invoke: { id: 'reload', src: 'reload', onDone: 'done', onError: 'done' },
    },
    done: { type: 'final' },
  },
});

/**
 * The share panel's copy (spec 3 §2, §9): the referral link is copied (`copy`), 'Copié dans le
 * presse-papier !' shows for 2 s, then the copy button comes back; a refused clipboard shows its
 * notice for as long. Copying again restarts it.
 */
export const copyLinkMachine = setup({
  types: { events: {} as { type: 'link.copy' } },
  actors: { copy: fromPromise<void>(async () => undefined) },
  delays: { copyReset: REFERRAL.copyResetMs },
}).createMachine({
  id: 'copyLink',
  initial: 'idle',
  states: {
    idle: { on: { 'link.copy': 'copying' } },
    copying: {
      invoke: { id: 'copy', src: 'copy', onDone: 'copied', onError: 'failed' },
    },
    copied: { after: { copyReset: 'idle' }, on: { 'link.copy': 'copying' } },
    failed: { after: { copyReset: 'idle' }, on: { 'link.copy': 'copying' } },
  },
});

export type CreationState = 'idle' | 'creating' | 'created' | 'reloading' | 'done';
export type CopyState = 'idle' | 'copying' | 'copied' | 'failed';
