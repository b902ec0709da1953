import { markBoot } from './domain/boot-marks';
import type { ComptoirDatabase } from './store/database';
import { openBrowserDatabase } from './store/open-browser-database';
import type { ApiClient } from './sync/api-client';
import { createBillingSync } from './sync/billing-sync';
import { createChatConnection } from './sync/chat-connection';
import { startContentSync } from './sync/content-sync';
import { createLiveIntents } from './sync/live-intents';
import { readToken } from './sync/token-cookie';

/**
 * What only a signed-in member needs: the local database, the content and chat syncs, the live
 * intents. Its own chunk (issue 4, `initial_js_kb`): the sign-in screen never downloads RxDB,
 * Dexie or socket.io; `main.tsx` loads it at boot when a token is present, or on the way in.
 */
export async function openDataLayer(api: ApiClient, session: { refreshUser: () => void }) {
  markBoot('data-chunk');
  const db: ComptoirDatabase = await openBrowserDatabase();
  markBoot('db-open');
  const chat = createChatConnection({ db, api, getToken: readToken });
  return {
    db,
    chat: chat.sync$,
    messaging: chat.messaging$,
    live: createLiveIntents(api),
    billing: createBillingSync({ api, db, refreshUser: session.refreshUser }),
    /** The signed-in activity: content and chat syncs, stopped by the returned function. */
    startSync(): () => void {
      const stopContent = startContentSync({ api, db });
      const stopChat = chat.start();
      return () => {
        stopContent();
        stopChat();
      };
    },
  };
}
export type DataLayer = Awaited<ReturnType<typeof openDataLayer>>;
