import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FirstPaintSource } from './first-paint-source';

type Ready = Awaited<FirstPaintSource['ready']>;

/** Shows the first paint from the moment its view and rows are in until the live list takes over. */
export function FirstPaintSlot({ source }: { source: FirstPaintSource }) {
  const handedOver = useSyncExternalStore(source.subscribe, source.handedOver);
  const [ready, setReady] = useState<Ready>(null);
  useEffect(() => {
    let live = true;
    void source.ready.then((value) => live && setReady(value));
    return () => {
      live = false;
    };
  }, [source]);
  if (handedOver || ready === null) return null;
  return <ready.View place={source.place} window={ready.window} onPainted={source.painted} />;
}
