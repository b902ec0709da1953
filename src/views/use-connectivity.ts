import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { connectivityMachine, isOffline } from '../machines/connectivity-machine';
import { useCore } from './app-context';

/**
 * Whether the app is offline, for the 'Hors ligne' banner: the browser's network events, and while
 * a member is signed in the data layer's realtime connection (its chunk is the one the session
 * already loads: asking for it here starts nothing new).
 */
export function useConnectivity(): { offline: boolean; signedIn: boolean } {
  const core = useCore();
  const signedIn = useSelector(core.session, (state) => state.matches('signedIn'));
  const actor = useActorRef(connectivityMachine, { input: { network: navigator.onLine } });

  useEffect(() => {
    const online = () => actor.send({ type: 'network.online' });
    const offline = () => actor.send({ type: 'network.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    // The state may have changed between the first render and now.
    actor.send({ type: navigator.onLine ? 'network.online' : 'network.offline' });
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [actor]);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    let stop = () => {};
    core.loadData().then(
      (layer) => {
        if (!live) return;
        const subscription = layer.realtime$.subscribe((up) => actor.send({ type: up ? 'realtime.up' : 'realtime.down' }));
        stop = () => subscription.unsubscribe();
      },
      // The store failed to open: the app says so itself; nothing to follow here.
      () => undefined,
    );
    return () => {
      live = false;
      stop();
      // Signed out: no realtime connection to wait for.
      actor.send({ type: 'realtime.up' });
    };
  }, [actor, core, signedIn]);

  return { offline: useSelector(actor, isOffline), signedIn };
}
