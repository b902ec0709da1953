import { fromPromise, setup } from 'xstate';
import { TEXT } from '../domain/text-fr';

export type WebPushInput = {
  /** The browser has service workers, `PushManager` and `Notification`. */
  supported: boolean;
};
export type WebPushEvent = { type: 'push.enable' };
/** What the browser answered to the permission request (`Notification.requestPermission()`). */
export type PermissionAnswer = 'granted' | 'denied' | 'default';

/**
 * This browser's web-push subscription, asked for when the member turns a Web channel on
 * (/profil/notif): ask the permission, then subscribe with the server's key and register the
 * subscription (`subscribe`, through the sync layer). A browser without push, a refusal or a failure
 * ends quietly in a state the page explains; the preference itself is saved either way. Asking again
 * after a refusal or a failure starts over (the member may have changed the site's settings).
 */
export const webPushMachine = setup({
  types: { context: {} as WebPushInput, events: {} as WebPushEvent, input: {} as WebPushInput },
  actors: {
    askPermission: fromPromise<PermissionAnswer>(async () => 'default'),
    subscribe: fromPromise<void>(async () => {}),
  },
  guards: {
    supported: ({ context }) => context.supported,
  },
}).createMachine({
  id: 'webPush',
  context: ({ input }) => ({ supported: input.supported }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'push.enable': [{ guard: 'supported', target: 'asking' }, { target: 'unsupported' }],
      },
    },
    asking: {
      invoke: {
        id: 'askPermission',
        src: 'askPermission',
        onDone: [{ guard: ({ event }) => event.output === 'granted', target: 'subscribing' }, { target: 'refused' }],
        onError: { target: 'failed' },
      },
    },
    subscribing: {
      invoke: { id: 'subscribe', src: 'subscribe', onDone: { target: 'subscribed' }, onError: { target: 'failed' } },
    },
    subscribed: {},
    refused: { on: { 'push.enable': { target: 'asking' } } },
    failed: { on: { 'push.enable': { target: 'asking' } } },
    unsupported: {},
  },
});

export type WebPushState = 'idle' | 'asking' | 'subscribing' | 'subscribed' | 'refused' | 'failed' | 'unsupported';

/** The line the page shows for each state (none before the member turns a Web channel on). */
export const WEB_PUSH_MESSAGE: Record<WebPushState, string | null> = {
  idle: null,
  asking: TEXT.webPushAsking,
  subscribing: TEXT.webPushSubscribing,
  subscribed: TEXT.webPushSubscribed,
  refused: TEXT.webPushRefused,
  failed: TEXT.webPushFailed,
  unsupported: TEXT.webPushUnsupported,
};
