import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverErrorMessage } from '../../server/http/server-error';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { READ_CLIENT_EVENTS } from '../../src/contract/read-state';
import { leakIn } from './bad-input-arbitraries';
import { startTestServer, type TestServer } from './test-server';

/**
 * A server failure (issue 23): the caller reads 'Erreur lors de la requête (référence …)' and
 * nothing of the internals; the log line carries the whole error under the same reference. The
 * failure is real: the throwaway server's database is closed under it.
 */

const logLines: string[] = [];
let server: TestServer;
let token: string;
let socket: Socket;

beforeAll(async () => {
  server = await startTestServer({ app: { logLevel: 'error', logStream: { write: (line) => void logLines.push(line) } } });
  token = await server.tokenOf('membre');
  socket = connect(server.url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await server.database.close();
}, 60_000);
afterAll(async () => {
  socket.close();
  // The database is closed already: only the HTTP server and the sockets are left.
  await server.app.close();
});

const logLine = z.object({ level: z.number(), reqId: z.string(), msg: z.string(), err: z.object({ message: z.string(), stack: z.string() }) });

/** The reference of a French failure message, and the error line logged under it. */
function referenceOf(message: string) {
  const reference = /^Erreur lors de la requête \(référence ([0-9a-f]{8})\)$/.exec(message)?.[1];
  expect(reference, message).toBeDefined();
  expect(message).toBe(serverErrorMessage(reference ?? ''));
  const lines = logLines.flatMap((line) => {
    const parsed = logLine.safeParse(JSON.parse(line));
    return parsed.success && parsed.data.reqId === reference ? [parsed.data] : [];
  });
  expect(lines).toHaveLength(1);
  return { reference, logged: lines[0]! };
}

describe('a server failure', () => {
  it('answers a REST call 500 with its reference, the whole error in the log under it', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/content/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(500);
    const { error } = z.object({ error: z.string() }).strict().parse(answer.json());
    expect(leakIn(answer.body)).toBeUndefined();
    const { logged } = referenceOf(error);
    expect(logged.level).toBe(50);
    // The internals are in the log, never in the answer.
    expect(logged.err.stack).toMatch(/\n\s+at /);
    expect(answer.body).not.toContain(logged.err.message);
  });

  it('answers a socket event with its reference, logged the same way', async () => {
    const answer: unknown = await socket.timeout(5_000).emitWithAck(READ_CLIENT_EVENTS.markAllRead, {});
    const { error } = z.object({ error: z.string() }).parse(answer);
    const { logged } = referenceOf(error);
    expect(logged.msg).toBe('socket event failed');
    expect(leakIn(JSON.stringify(answer))).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain(logged.err.message);
  });
});
