import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LOGIN_MUTATION } from '../../src/contract/graphql-documents';
import { chatRoomsResponse } from '../../src/contract/chat-room';
import { user } from '../../src/contract/user';
import { openDatabase } from '../../server/db/open-database';
import { seedDemoData } from '../../server/db/seed';
import { startTestServer, type TestServer } from './test-server';

/**
 * The same migrations, seed and calls on a real PostgreSQL (`DATABASE_URL` in production). Runs
 * against TEST_DATABASE_URL, default the machine's local server; skipped, loudly, when none answers.
 */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    // Start from an empty database: this one exists for tests only.
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE;');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable();
if (!available) console.warn(`\n⚠ PostgreSQL injoignable à ${url} : tests PostgreSQL ignorés.\n`);

describe.skipIf(!available)('on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: url });
  }, 30_000);
  afterAll(() => server?.close());

  it('migrates, seeds once and serves sign-in and the current user', async () => {
    const answer = await server.graphql(LOGIN_MUTATION, { input: { identifier: 'VIP', password: 'comptoir123' } });
    expect(answer.errors).toBeUndefined();
    const me = user.parse(await (await server.get('/content/api/users/me', await server.tokenOf('vip@comptoir.test'))).json());
    expect(me.abonnements.map((a) => a.abonnement.id)).toEqual([3]);
  });

  it('computes the same room rights', async () => {
    const rooms = chatRoomsResponse.parse(await (await server.get('/content/api/chatrooms', await server.tokenOf('banni'))).json());
    expect(rooms.rooms.find((r) => r.id === 'forex')?.attributes).toMatchObject({ canRead: true, canWrite: false });
  });

  it('runs migrations again without change and never seeds twice', async () => {
    const again = await openDatabase({ databaseUrl: url, dataDir: null });
    try {
      expect(again.engine).toBe('postgres');
      expect(await seedDemoData(again.db)).toBe(false);
    } finally {
      await again.close();
    }
  });
});
