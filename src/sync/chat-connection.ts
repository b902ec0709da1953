import { BehaviorSubject } from 'rxjs';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { createAlertsSync } from './alerts-sync';
import { createChatSync, type ChatSync } from './chat-sync';
import { createSocketTransport } from './socket-transport';
import { createUploader } from './upload-client';

/**
 * The chat's life: one socket and one sync while signed in (started and stopped by the session
 * machine's signed-in activity), published so views can send intents to whichever is current.
 */
export function createChatConnection(deps: { db: ComptoirDatabase; api: ApiClient; getToken: () => string | null }) {
  const sync$ = new BehaviorSubject<ChatSync | null>(null);
  return {
    sync$,
    start(): () => void {
      const socket = createSocketTransport({
        getToken: deps.getToken,
        onMalformed: (event, issues) => console.warn(`Événement « ${event} » ignoré : contenu inattendu`, issues),
      });
      const alerts = createAlertsSync({ db: deps.db, socket, api: deps.api });
      const sync = createChatSync({ db: deps.db, socket, api: deps.api, upload: createUploader({ getToken: deps.getToken }), alerts });
      sync$.next(sync);
      void sync.refreshRooms();
      return () => {
        sync$.next(null);
        sync.close();
        alerts.close();
        socket.close();
      };
    },
  };
}
export type ChatConnection = ReturnType<typeof createChatConnection>;
