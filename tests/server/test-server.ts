import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions, type ComptoirServer } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/open-database';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed';
import { migratedDatabase } from './migrated-template';
import { LOGIN_MUTATION } from '../../src/contract/graphql-documents';

export type TestServer = ComptoirServer & {
  url: string;
  database: OpenDatabase;
  /** A signed-in demo account's token. */
  tokenOf(identifier: string): Promise<string>;
  get(path: string, token?: string): Promise<Response>;
  post(path: string, body: unknown, token?: string): Promise<Response>;
  put(path: string, body: unknown, token?: string): Promise<Response>;
  patch(path: string, body: unknown, token?: string): Promise<Response>;
  delete(path: string, token?: string): Promise<Response>;
  graphql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ data?: unknown; errors?: { message: string }[] }>;
  close(): Promise<void>;
};

/** The secret the test servers sign with (tests forge tokens with it). */
export const TEST_JWT_SECRET = 'secret-de-test-'.padEnd(48, 'x');

/** A real server on a free port over an in-memory PGlite with the demo data (one per test file). */
/** Rates no test reaches. */
const UNLIMITED_FLOOD = { post: { points: 100_000, seconds: 1 }, like: { points: 100_000, seconds: 1 } };

export async function startTestServer(options: { databaseUrl?: string; app?: Partial<AppOptions> } = {}): Promise<TestServer> {
  const database = options.databaseUrl ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null }) : await migratedDatabase();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'comptoir-uploads-'));
  await seedDemoData(database.db, new Date(), { uploadsDir });
  const staticDir = mkdtempSync(join(tmpdir(), 'comptoir-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Comptoir</title><div id="root"></div>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("comptoir");');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Comptoir","lang":"fr"}');
  // The tests post faster than any member may (flood control has its own tests, at its real rates).
  const server = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET, staticDir, uploadsDir, logLevel: 'silent', floodLimits: UNLIMITED_FLOOD, ...options.app });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const headers = (token?: string): Record<string, string> => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${url}${path}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
  const graphql = async (query: string, variables?: Record<string, unknown>, token?: string) =>
    (await (await post('/content/graphql', { query, variables }, token)).json()) as { data?: unknown; errors?: { message: string }[] };
  return {
    ...server,
    url,
    database,
    get: (path, token) => fetch(`${url}${path}`, { headers: headers(token) }),
    post,
    delete: (path, token) => fetch(`${url}${path}`, { method: 'DELETE', headers: token ? { authorization: `Bearer ${token}` } : {} }),
    put: (path, body, token) => fetch(`${url}${path}`, { method: 'PUT', headers: headers(token), body: JSON.stringify(body) }),
    patch: (path, body, token) => fetch(`${url}${path}`, { method: 'PATCH', headers: headers(token), body: JSON.stringify(body) }),
    graphql,
    async tokenOf(identifier) {
      const answer = await graphql(LOGIN_MUTATION, { input: { identifier, password: DEMO_PASSWORD } });
      const jwt = (answer.data as { login?: { jwt?: string } } | undefined)?.login?.jwt;
      if (!jwt) throw new Error(`connexion impossible pour ${identifier}: ${JSON.stringify(answer.errors)}`);
      return jwt;
    },
    async close() {
      await server.app.close();
      await database.close();
      rmSync(staticDir, { recursive: true, force: true });
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A demo account's token, signed in once per test file and kept (a test that revokes a member's
 * tokens signs in again with `server.tokenOf`). `server` is read at each call: it is started in
 * `beforeAll`.
 */
export function sessionCache(server: () => TestServer): (who: string) => Promise<string> {
  const tokens = new Map<string, Promise<string>>();
  return (who) => {
    let token = tokens.get(who);
    if (!token) {
      token = server().tokenOf(who);
      tokens.set(who, token);
    }
    return token;
  };
}
