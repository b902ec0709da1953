import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { showsFirstPaint } from '../../machines/first-paint-machine';
import type { FirstPaintReady, FirstPaintSource } from './first-paint-source';

/**
 * Shows the first paint while its machine says so: from its rows being in until the live list takes
 * over. The app renders once they are in, so its first render paints them (`readyNow`).
 */
export function FirstPaintSlot({ source }: { source: FirstPaintSource }) {
  const shown = useSelector(source.state, showsFirstPaint);
  const [ready, setReady] = useState<FirstPaintReady | undefined>(() => source.readyNow());
  useEffect(() => {
    if (ready !== undefined) return;
    let live = true;
    void source.ready.then((value) => live && setReady(value));
    return () => {
      live = false;
    };
  }, [source, ready]);
  if (!shown || !ready) return null;
  return <ready.View place={source.place} window={ready.window} onPainted={source.painted} />;
}
