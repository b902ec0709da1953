import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { showsFirstPaint } from '../../machines/first-paint-machine';
import type { FirstPaintSource } from './first-paint-source';

type Ready = Awaited<FirstPaintSource['ready']>;

/** Shows the first paint while its machine says so: from its rows being in until the live list takes over. */
export function FirstPaintSlot({ source }: { source: FirstPaintSource }) {
  const shown = useSelector(source.state, showsFirstPaint);
  const [ready, setReady] = useState<Ready>(null);
  useEffect(() => {
    let live = true;
    void source.ready.then((value) => live && setReady(value));
    return () => {
      live = false;
    };
  }, [source]);
  if (!shown || ready === null) return null;
  return <ready.View place={source.place} window={ready.window} onPainted={source.painted} />;
}
