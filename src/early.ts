import { LAST_ROOM_KEY, LOG_PLACE_KEY } from './domain/chat-limits';
import { readToken } from './sync/token-cookie';
import { startFirstPaintLoads } from './views/chat/first-paint-loads';

/**
 * The page's first script, run before the app's entry (index.html): a returning member opening the
 * chat in a browser that has shown it starts the chat's first paint's loads here, while the main
 * thread is free (issue 4, `warm_open_ms`). Everything else, the place's check included, is the
 * app's (`startFirstPaint`); a sign-in page loads only this and returns.
 */
function startEarly() {
  if (!window.location.pathname.startsWith('/chat') || readToken() === null) return;
  if (window.localStorage.getItem(LOG_PLACE_KEY) === null || typeof window.indexedDB === 'undefined') return;
  startFirstPaintLoads({
    requestedRoom: new URLSearchParams(window.location.search).get('room'),
    lastRoomId: window.localStorage.getItem(LAST_ROOM_KEY),
    idb: window.indexedDB,
  });
}

try {
  startEarly();
} catch {
  // Storage refused (private mode, policies): the app starts as it always does.
}
