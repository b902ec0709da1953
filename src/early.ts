import { LOG_PLACE_KEY } from './domain/chat-limits';
import { readToken } from './sync/token-cookie';
import { screenAt, startFirstPaintLoads } from './views/chat/first-paint-loads';

/**
 * The page's first script, run before the app's entry (index.html): a returning member opening the
 * chat in a browser that has shown it starts the chat's first paint's loads here, while the main
 * thread is free (issue 4, `warm_open_ms`). Everything else, the place's check included, is the
 * app's (`startFirstPaint`); a sign-in page loads only this and returns.
 */
function startEarly() {
  if (readToken() === null || window.localStorage.getItem(LOG_PLACE_KEY) === null) return;
  startFirstPaintLoads(screenAt(window.location, window.localStorage), window.indexedDB as IDBFactory | undefined);
}

try {
  startEarly();
} catch {
  // Storage refused (private mode, policies): the app starts as it always does.
}
