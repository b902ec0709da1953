import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import { APP_TEXT } from '../domain/app-text-fr';
import { appUpdateMachine, showsUpdatePrompt, type AppUpdateEvent } from '../machines/app-update-machine';
import { createAppWorker, type WorkerContainer } from '../sync/app-worker';
import { Button } from './common/ui';
import { MOBILE_MENU_HEIGHT, mobileQuery } from './theme';

/**
 * Registers the service worker and offers a new version when one waits: 'Nouvelle version
 * disponible', 'Mettre à jour' (the page reloads under it) or 'Plus tard'. Its own chunk, loaded
 * once the first screen is shown (src/views/app.tsx).
 */
export default function AppUpdatePrompt({ container, reload }: { container: WorkerContainer; reload: () => void }) {
  const worker = useMemo(() => createAppWorker(container), [container]);
  const actor = useActorRef(
    appUpdateMachine.provide({
      actors: {
        watchWorker: fromCallback<AppUpdateEvent>(({ sendBack }) =>
          worker.watch((report) => sendBack({ type: report === 'waiting' ? 'worker.waiting' : 'worker.controlling' })),
        ),
      },
      actions: { skipWaiting: () => worker.skipWaiting(), reload },
    }),
  );
  const shown = useSelector(actor, showsUpdatePrompt);
  const applying = useSelector(actor, (state) => !state.matches('available'));
  if (!shown) return null;
  return (
    <Prompt role="status">
      <span>{APP_TEXT.updateAvailable}</span>
      <Actions>
        <Button variant="ghost" disabled={applying} onClick={() => actor.send({ type: 'update.later' })}>
          {APP_TEXT.updateLater}
        </Button>
        <Button disabled={applying} onClick={() => actor.send({ type: 'update.apply' })}>
          {applying ? APP_TEXT.updating : APP_TEXT.update}
        </Button>
      </Actions>
    </Prompt>
  );
}

const Prompt = styled.div`
  position: fixed;
  z-index: 60;
  right: 16px;
  bottom: 16px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  max-width: calc(100vw - 32px);
  padding: 10px 12px 10px 16px;
  border-radius: var(--radius);
  border: 1px solid var(--border);
  background: var(--surface);
  color: var(--text);
  box-shadow: var(--shadow);
  font-weight: 600;
  & button {
    min-height: 44px;
  }
  ${mobileQuery} {
    left: 8px;
    right: 8px;
    /* Above the bottom navigation. */
    bottom: ${MOBILE_MENU_HEIGHT + 8}px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-left: auto;
`;
