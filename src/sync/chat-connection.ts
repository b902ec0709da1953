import { BehaviorSubject } from 'rxjs';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { createAlertsSync } from './alerts-sync';
import { createChatSync, type ChatSync } from './chat-sync';
import { createMessagingSync, type MessagingSync } from './messaging-sync';
import { createSocketTransport } from './socket-transport';
import { createUploader } from './upload-client';

/**
 * The chat's life: one socket and one sync (rooms, alerts, private messaging) while signed in (started and stopped by the session
 * machine's signed-in activity), published so views can send intents to whichever is current.
 */
export function createChatConnection(deps: {
  db: ComptoirDatabase;
  api: ApiClient;
  getToken: () => string | null;
  /** Settles once the page's first screen is shown: the calls it does not need wait for it. */
  firstScreen?: Promise<void>;
  /** The socket's handshake refused the token: the session is checked again. */
  onRefused?: () => void;
}) {
  const sync$ = new BehaviorSubject<ChatSync | null>(null);
  const messaging$ = new BehaviorSubject<MessagingSync | null>(null);
  return {
    sync$,
    messaging$,
    start(): () => void {
      const socket = createSocketTransport({
        getToken: deps.getToken,
        onRefused: deps.onRefused,
        onMalformed: (event, issues) => console.warn(`Événement « ${event} » ignoré : contenu inattendu`, issues),
      });
      const alerts = createAlertsSync({ db: deps.db, socket, api: deps.api });
      const sync = createChatSync({ db: deps.db, socket, api: deps.api, upload: createUploader({ getToken: deps.getToken }), alerts, firstScreen: deps.firstScreen });
      const messaging = createMessagingSync({ db: deps.db, socket, api: deps.api, chat: sync, firstScreen: deps.firstScreen });
      sync$.next(sync);
      messaging$.next(messaging);
      void sync.refreshRooms();
      // The conversation list comes with the socket's connection (messaging-sync.ts), after the first screen.
      void messaging.loadFollowings();
      return () => {
        sync$.next(null);
        messaging$.next(null);
        messaging.close();
        sync.close();
        alerts.close();
        socket.close();
      };
    },
  };
}
export type ChatConnection = ReturnType<typeof createChatConnection>;
