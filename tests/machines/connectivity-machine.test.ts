import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { connectivityMachine, isOffline, REALTIME_GRACE_MS, type ConnectivityState } from '../../src/machines/connectivity-machine';
import { describePath, expectEveryEdgeTaken, simplePaths, transitionCoverPaths, walkPath, type ModelEvent } from './model-paths';

const events: ModelEvent[] = [
  { type: 'network.online' },
  { type: 'network.offline' },
  { type: 'realtime.up' },
  { type: 'realtime.down' },
  { type: 'xstate.after.grace.connectivity.reconnecting' },
];

type World = { state: ConnectivityState; network: boolean; realtime: boolean };

/**
 * The model, written from the behaviour wanted: offline at once when the network goes, after the
 * grace when only the realtime connection is lost, online again once both are up.
 */
function expectedAfter(before: World, event: ModelEvent): World {
  const network = event.type === 'network.online' ? true : event.type === 'network.offline' ? false : before.network;
  const realtime = event.type === 'realtime.up' ? true : event.type === 'realtime.down' ? false : before.realtime;
  if (!network) return { state: 'offline', network, realtime };
  if (realtime) return { state: 'online', network, realtime };
  // Network up, realtime down: the grace runs from online; offline stays offline until it is back.
  if (before.state === 'online') return { state: 'reconnecting', network, realtime };
  if (before.state === 'reconnecting' && event.type.startsWith('xstate.after.grace')) return { state: 'offline', network, realtime };
  return { state: before.state, network, realtime };
}

const variants = [true, false].map((network) => ({
  network,
  paths: [...simplePaths(connectivityMachine, events, { input: { network } }), ...transitionCoverPaths(connectivityMachine, events, { input: { network } })],
}));

describe('connectivity machine: every path of its graph', () => {
  for (const { network, paths } of variants) {
    describe(network ? 'starting online' : 'starting offline', () => {
      it('starts from the browser’s network state', () => {
        expect(paths[0]!.steps[0]!.state.value).toBe(network ? 'online' : 'offline');
      });

      for (const path of paths) {
        it(describePath(path), () => {
          let world: World = { state: network ? 'online' : 'offline', network, realtime: true };
          walkPath(
            connectivityMachine,
            path,
            (step, actor, index) => {
              const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
              if (index > 0) world = expectedAfter(world, step.event as ModelEvent);
              expect(snapshot.value).toBe(world.state);
              expect(snapshot.context).toEqual({ network: world.network, realtime: world.realtime });
              expect(isOffline(snapshot)).toBe(world.state === 'offline');
            },
            { network },
          );
        });
      }
    });
  }

  it('takes every transition', () => {
    const { paths: online } = variants[0]!;
    const { paths: offline } = variants[1]!;
    expectEveryEdgeTaken(connectivityMachine, [online, offline]);
  });
});

describe('connectivity machine against a simulated clock', () => {
  it('says nothing of a realtime reconnection shorter than the grace, and offline after it', () => {
    const clock = new SimulatedClock();
    const actor = createActor(connectivityMachine, { clock, input: { network: true } }).start();
    actor.send({ type: 'realtime.down' });
    clock.increment(REALTIME_GRACE_MS - 1);
    actor.send({ type: 'realtime.up' });
    clock.increment(REALTIME_GRACE_MS);
    expect(actor.getSnapshot().value).toBe('online');
    actor.send({ type: 'realtime.down' });
    clock.increment(REALTIME_GRACE_MS);
    expect(actor.getSnapshot().value).toBe('offline');
  });
});
