import { BehaviorSubject } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod/mini';
import { handshakeRetry, SERVER_EVENTS } from '../contract/chat';
import { SOCKET_PATH } from '../contract/hosts';
import { TEXT } from '../domain/text-fr';

/** A socket request's outcome; a refusal may say when to try again (`retryAfterMs`, flood control). */
export type AckResult<T> = { ok: true; data: T } | { ok: false; error: string; offline: boolean; retryAfterMs?: number };

export type SocketTransport = {
  /** Sends an event and decodes its acknowledgement; a timeout or a disconnection is `offline`. */
  request<S extends z.core.$ZodType>(event: string, payload: unknown, schema: S, timeoutMs?: number): Promise<AckResult<z.infer<S>>>;
  /** Listens to a server event; payloads that fail the schema are dropped and counted. */
  on<S extends z.core.$ZodType>(event: string, schema: S, handler: (payload: z.infer<S>) => void): () => void;
  connected$: BehaviorSubject<boolean>;
  /** Called after each (re)connection, before anything else is sent. */
  onConnect(handler: () => void): () => void;
  malformedCount(): number;
  close(): void;
};

/** The server's refusal of a handshake's token (server/realtime/socket-server.ts). */
const UNAUTHORIZED = 'Unauthorized';
/** How long a refused handshake waits for a new token (a password change's answer) before the session is checked. */
const TOKEN_SETTLE_MS = 1_000;
/** About how long a handshake refused for another reason waits before the next (jittered ±50 %). */
const REFUSED_RETRY_MS = 10_000;

/**
 * socket.io with the access token (spec 2 §7), reconnecting with capped, jittered backoff. The
 * server's 'reconnect socket' means: disconnect, then connect again.
 */
export function createSocketTransport(deps: {
  getToken: () => string | null;
  url?: string;
  onMalformed?: (event: string, issues: unknown) => void;
  /** The server refused the token (revoked, expired): the session is checked again (`session.refresh`). */
  onRefused?: () => void;
}): SocketTransport {
  // The token of the last handshake: a refused one may have been replaced since (a password change).
  let tokenSent = '';
  const socket: Socket = io(deps.url ?? '', {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: (callback) => {
      tokenSent = deps.getToken() ?? '';
      callback({ token: tokenSent });
    },
    reconnectionDelay: 500,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  const connected$ = new BehaviorSubject(false);
  const connectHandlers = new Set<() => void>();
  let malformed = 0;

  socket.on('connect', () => {
    connected$.next(true);
    for (const handler of connectHandlers) handler();
  });
  socket.on('disconnect', (reason) => {
    connected$.next(false);
    // A disconnection the server decided is not retried by socket.io itself.
    if (reason === 'io server disconnect') socket.connect();
  });
  // A refused handshake is not tried again by socket.io. Refused for a while (the server's
  // database out of reach), it is tried again after the wait the server named. Refused for its
  // token: a password change on this device ends its sockets too, and the answer's new token is in
  // hand a moment later and opens them again; otherwise the session is over elsewhere, and the
  // session machine checks it. Any other refusal (too many connections) is tried again later.
  let refusedTimer: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (error) => {
    if (socket.active) return;
    clearTimeout(refusedTimer);
    const wait = z.safeParse(handshakeRetry, 'data' in error ? error.data : undefined);
    if (wait.success) {
      refusedTimer = setTimeout(() => socket.connect(), wait.data.retryAfterMs);
      return;
    }
    if (error.message !== UNAUTHORIZED) {
      refusedTimer = setTimeout(() => socket.connect(), REFUSED_RETRY_MS * (0.5 + Math.random()));
      return;
    }
    refusedTimer = setTimeout(() => {
      const token = deps.getToken();
      if (token !== null && token !== tokenSent) socket.connect();
      else deps.onRefused?.();
    }, TOKEN_SETTLE_MS);
  });
  socket.on(SERVER_EVENTS.reconnect, () => {
    socket.disconnect();
    socket.connect();
  });
  // The network is back: reconnect now, not at the next backoff step (up to 15 s away), so the
  // outbox leaves as soon as it can.
  const reconnectNow = () => {
    if (socket.connected) return;
    socket.disconnect();
    socket.connect();
  };
  globalThis.addEventListener?.('online', reconnectNow);

  return {
    connected$,
    async request(event, payload, schema, timeoutMs = 10_000) {
      if (!socket.connected) return { ok: false, error: TEXT.requestFailed, offline: true };
      let answer: unknown;
      try {
        answer = await socket.timeout(timeoutMs).emitWithAck(event, payload);
      } catch {
        return { ok: false, error: TEXT.requestFailed, offline: true };
      }
      const parsed = z.safeParse(schema, answer);
      if (!parsed.success) {
        malformed += 1;
        deps.onMalformed?.(event, parsed.error.issues);
        return { ok: false, error: TEXT.requestFailed, offline: false };
      }
      const data: unknown = parsed.data;
      if (typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string') {
        const retryAfterMs = 'retryAfterMs' in data && typeof data.retryAfterMs === 'number' ? data.retryAfterMs : undefined;
        return { ok: false, error: data.error, offline: false, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
      }
      return { ok: true, data: parsed.data };
    },
    on(event, schema, handler) {
      const listener = (payload: unknown) => {
        const parsed = z.safeParse(schema, payload);
        if (!parsed.success) {
          malformed += 1;
          deps.onMalformed?.(event, parsed.error.issues);
          return;
        }
        handler(parsed.data);
      };
      socket.on(event, listener);
      return () => void socket.off(event, listener);
    },
    onConnect(handler) {
      connectHandlers.add(handler);
      return () => void connectHandlers.delete(handler);
    },
    malformedCount: () => malformed,
    close() {
      clearTimeout(refusedTimer);
      globalThis.removeEventListener?.('online', reconnectNow);
      connectHandlers.clear();
      socket.removeAllListeners();
      socket.disconnect();
      connected$.complete();
    },
  };
}
