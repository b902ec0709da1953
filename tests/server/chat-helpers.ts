import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod';
import { users } from '../../server/db/schema';
import { CLIENT_EVENTS, joinAck, postMessageAck, type ChatMessage } from '../../src/contract/chat';
import type { AppOptions } from '../../server/app';
import { startTestServer, type TestServer } from './test-server';
import type { ComptoirDatabase } from '../../src/store/database';
import { createApiClient } from '../../src/sync/api-client';
import { createChatSync, type ChatSync } from '../../src/sync/chat-sync';
import { createSocketTransport } from '../../src/sync/socket-transport';
import { createUploader } from '../../src/sync/upload-client';

export type ChatClient = ReturnType<typeof chatClient>;

/**
 * The test file's server (started before its tests, closed after them) and its chat client, whose
 * sockets are closed after each test. `server()` is the running server, inside hooks and tests.
 */
export function useChatServer(app?: Partial<AppOptions>): { server: () => TestServer; chat: ChatClient } {
  let running: TestServer | null = null;
  const server = (): TestServer => {
    if (!running) throw new Error('serveur de test non démarré');
    return running;
  };
  const chat = chatClient({
    get url() {
      return server().url;
    },
    tokenOf: (account) => server().tokenOf(account),
  });
  beforeAll(async () => {
    running = await startTestServer({ app });
  }, 30_000);
  afterEach(() => chat.closeAll());
  afterAll(() => running?.close());
  return { server, chat };
}

/** A user's id, by their pseudo. */
export async function userIdOf(server: TestServer, username: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(username);
  return row.id;
}

/** Signed-in sockets and tokens of the demo accounts, for the chat tests of one server. */
export function chatClient(server: Pick<TestServer, 'url' | 'tokenOf'>) {
  const tokens = new Map<string, Promise<string>>();
  const sockets: Socket[] = [];

  const token = (account: string): Promise<string> => {
    let pending = tokens.get(account);
    if (!pending) {
      pending = server.tokenOf(account);
      tokens.set(account, pending);
    }
    return pending;
  };

  /** A connected socket of the account, over WebSocket only, as the client opens it. */
  const open = async (account: string): Promise<Socket> => {
    const auth = { token: await token(account) };
    const socket = connect(server.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
    return socket;
  };

  /** Emits with an acknowledgement and decodes the answer with the contract schema. */
  const ask = async <T>(socket: Socket, event: string, payload: unknown, schema: z.core.$ZodType<T>): Promise<T> => {
    const answer: unknown = await socket.timeout(5000).emitWithAck(event, payload);
    return z.parse(schema, answer);
  };

  const join = async (socket: Socket, room: string) => ask(socket, CLIENT_EVENTS.join, { room }, joinAck);

  /** Posts and expects success: the stored message. */
  const post = async (
    socket: Socket,
    input: { room?: string; parentMessage?: string; alertId?: string; content?: string; attachments?: string[]; clientId?: string },
  ): Promise<ChatMessage> => {
    const answer = await ask(socket, CLIENT_EVENTS.post, { clientId: randomUUID(), content: 'Message de test', ...input }, postMessageAck);
    if (!('message' in answer)) throw new Error(`post refusé : ${'error' in answer ? answer.error : 'retenu pour validation'}`);
    return answer.message;
  };

  const closeAll = (): void => {
    for (const socket of sockets.splice(0)) socket.close();
  };

  return { token, open, ask, join, post, closeAll };
}

/** The next `event` on the socket whose payload decodes and matches; rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, schema: z.core.$ZodType<T>, match: (payload: T) => boolean = () => true, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (payload: unknown) => {
      const parsed = z.safeParse(schema, payload);
      if (!parsed.success || !match(parsed.data)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(parsed.data);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`aucun '${event}' reçu en ${ms} ms`));
    }, ms);
    socket.on(event, listener);
  });
}

/** Every payload of `event` received during the next `ms` milliseconds. */
export function collect(socket: Socket, event: string, ms: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (payload: unknown) => seen.push(payload);
  socket.on(event, listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, listener);
      resolve(seen);
    }, ms),
  );
}

/**
 * The client's chat sync (store, socket, API, uploads) signed in with `token` against the test
 * server, as the app makes it; `close` ends the sync and its socket.
 */
export function connectChatSync(server: Pick<TestServer, 'url'>, db: ComptoirDatabase, token: string, options: { fetch?: typeof fetch } = {}): { sync: ChatSync; close: () => void } {
  const getToken = () => token;
  const socket = createSocketTransport({ getToken, url: server.url });
  const sync = createChatSync({ db, socket, api: createApiClient({ getToken, baseUrl: server.url, fetch: options.fetch }), upload: createUploader({ getToken }) });
  return {
    sync,
    close: () => {
      sync.close();
      socket.close();
    },
  };
}

/** A fetch whose answers for `path` reach the page only once `release` is called (a slow answer). */
export function answerHeld(path: string): { fetch: typeof fetch; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return {
    fetch: async (input, init) => {
      const answer = await fetch(input, init);
      if (String(input).includes(path)) await held;
      return answer;
    },
    release: () => release(),
  };
}
