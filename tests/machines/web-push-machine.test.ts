import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { TEXT } from '../../src/domain/text-fr';
import { WEB_PUSH_MESSAGE, webPushMachine, type PermissionAnswer, type WebPushState } from '../../src/machines/web-push-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'push.enable' },
  { type: 'xstate.done.actor.askPermission', output: 'granted' },
  { type: 'xstate.done.actor.askPermission', output: 'denied' },
  { type: 'xstate.done.actor.askPermission', output: 'default' },
  { type: 'xstate.error.actor.askPermission', error: new Error('requestPermission indisponible') },
  { type: 'xstate.done.actor.subscribe', output: undefined },
  { type: 'xstate.error.actor.subscribe', error: new Error('AbortError: Registration failed') },
];

/** Where each event leads from each state, written out from the behaviour wanted (not from the machine). */
function expectedAfter(state: WebPushState, event: ModelEvent, supported: boolean): WebPushState {
  switch (`${state} ${event.type}`) {
    case 'idle push.enable':
      return supported ? 'asking' : 'unsupported';
    case 'refused push.enable':
    case 'failed push.enable':
      return 'asking';
    case 'asking xstate.done.actor.askPermission':
      return event.output === 'granted' ? 'subscribing' : 'refused';
    case 'asking xstate.error.actor.askPermission':
      return 'failed';
    case 'subscribing xstate.done.actor.subscribe':
      return 'subscribed';
    case 'subscribing xstate.error.actor.subscribe':
      return 'failed';
    default:
      return state;
  }
}

function recorded() {
  const calls: string[] = [];
  const machine = webPushMachine.provide({
    actors: {
      askPermission: fromPromise<PermissionAnswer>(() => {
        calls.push('askPermission');
        return new Promise(() => {});
      }),
      subscribe: fromPromise<void>(() => {
        calls.push('subscribe');
        return new Promise(() => {});
      }),
    },
  });
  return { machine, calls };
}

const MESSAGES: Record<WebPushState, string | null> = {
  idle: null,
  asking: 'Autorisez les notifications dans la fenêtre de votre navigateur…',
  subscribing: 'Activation des notifications Web sur ce navigateur…',
  subscribed: 'Les notifications Web sont activées sur ce navigateur.',
  refused: TEXT.webPushRefused,
  failed: "Les notifications Web n'ont pas pu être activées sur ce navigateur. Votre choix reste enregistré.",
  unsupported: 'Ce navigateur ne permet pas de recevoir les notifications Web. Votre choix reste enregistré.',
};

const pathsFor = (supported: boolean) => {
  const input = { supported };
  const { machine } = recorded();
  return [...simplePaths(machine, events, { input }), ...transitionCoverPaths(machine, events, { input })];
};

describe.each([true, false])('web push machine, push supported: %s', (supported) => {
  const input = { supported };
  const paths = pathsFor(supported);

  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(supported ? 6 : 1));

  for (const path of paths) {
    it(describePath(path), () => {
      const { machine: walked, calls } = recorded();
      let seen = 0;
      let before: WebPushState = 'idle';
      walkPath(
        walked,
        path,
        (step, actor, index) => {
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          const now = snapshot.value as WebPushState;
          const fresh = calls.slice(seen);
          seen = calls.length;
          if (index > 0) expect(now).toBe(expectedAfter(before, step.event as ModelEvent, supported));
          // Each entry into a step starts its effect once, and nothing else runs.
          const entered = index > 0 && now !== before;
          expect(fresh).toEqual(entered && now === 'asking' ? ['askPermission'] : entered && now === 'subscribing' ? ['subscribe'] : []);
          expect(WEB_PUSH_MESSAGE[now]).toBe(MESSAGES[now]);
          if (!supported) expect(calls).toEqual([]);
          before = now;
        },
        input,
      );
    });
  }

});

it('web push machine: the paths of both browsers take every transition', () => {
  expectEveryEdgeTaken(recorded().machine, [pathsFor(true), pathsFor(false)]);
});

it('the page’s messages say the preference is kept whenever push did not happen', () => {
  for (const state of ['refused', 'failed', 'unsupported'] as const) expect(WEB_PUSH_MESSAGE[state]).toMatch(/Votre choix reste enregistré\.$/);
});
