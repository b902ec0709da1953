import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRedis, deleteRedisKeys, dropDatabase, ensureDatabase } from '../../server/cluster/cluster-services';
import { startCluster, type RunningCluster } from '../../server/cluster/start-cluster';
import { test as base } from './fixtures';
import { paced } from './pace';

/**
 * The scale-out journeys' deployment: `npm run cluster`'s own code (server/cluster) starting the
 * built server as three nodes on PostgreSQL and Redis on loopback, behind its entry port, on free
 * ports of their own, with a database and a Redis prefix of their own, dropped after. Where
 * PostgreSQL or Redis does not answer, the fixture says why and the journeys skip.
 */
export type ScaleOut = { cluster: RunningCluster; journal: readonly string[] } | { skipped: string };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODES = 3;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'comptoir_e2e_cluster';
const DATA_DIR = join(ROOT, '.data-e2e-cluster');
/** Outside the kernel's range for outgoing connections (32768–60999 here), which could take a node's port while it is down. */
const PORTS_FROM = 21_000;
const PORTS_TO = 31_000;

export const test = base.extend<object, { scaleOut: ScaleOut }>({
  scaleOut: [
    async ({}, use) => {
      const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString();
      try {
        await checkRedis(REDIS_URL);
        await dropDatabase(databaseUrl);
      } catch (error) {
        const reason = `${error instanceof Error ? error.message : String(error)} : parcours sur plusieurs nœuds ignoré`;
        console.warn(`\n⚠ ${reason}\n`);
        await use({ skipped: reason });
        return;
      }
      await ensureDatabase(databaseUrl);
      await buildServer();
      const prefix = `e2e-cluster-${randomUUID().slice(0, 8)}`;
      const entryPort = await freePorts(NODES + 1);
      const journal: string[] = [];
      let cluster: RunningCluster | null = null;
      try {
        cluster = await startCluster({
          nodes: NODES,
          basePort: entryPort + 1,
          entryPort,
          host: '127.0.0.1',
          env: {
            DATABASE_URL: databaseUrl,
            REDIS_URL,
            REDIS_PREFIX: prefix,
            JWT_SECRET: randomBytes(48).toString('base64url'),
            DATA_DIR,
            STATIC_DIR: join(ROOT, 'dist'),
            // As the journeys' own servers (playwright.config.ts).
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
            MAILBOX_PAGE: '1',
            LOCAL_PAYMENTS: '1',
            RENEWAL_INTERVAL_MINUTES: '0',
          },
          root: ROOT,
          // Longer than the command's second, so the page's reconnection (within a second) cannot
          // land on the killed node come back: it must find another.
          restartDelayMs: paced(3_000),
          readyTimeoutMs: paced(90_000),
          say: (line) => journal.push(`[cluster] ${line}`),
          output: (node, line) => journal.push(`[nœud ${node}] ${line}`),
        });
        await use({ cluster, journal });
      } catch (error) {
        if (!cluster) throw new Error(`${error instanceof Error ? error.message : String(error)}\n${journal.slice(-40).join('\n')}`, { cause: error });
        throw error;
      } finally {
        await cluster?.stop();
        await dropDatabase(databaseUrl);
        await deleteRedisKeys(REDIS_URL, prefix);
        await rm(DATA_DIR, { recursive: true, force: true });
      }
    },
    // A fresh database is migrated and seeded by the first node before the others start.
    { scope: 'worker', timeout: paced(180_000) },
  ],
});

/** The server as the nodes run it (`server/dist`, with the preload each node loads); the client is the journeys' own build. */
function buildServer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build:server : code ${code}`))));
  });
}

/** The first of `count` consecutive ports nobody listens on now. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = PORTS_FROM + Math.floor(Math.random() * (PORTS_TO - PORTS_FROM - count));
    let free = true;
    for (let port = first; free && port < first + count; port += 1) free = await canListen(port);
    if (free) return first;
  }
  throw new Error(`aucune suite de ${count} ports libres entre ${PORTS_FROM} et ${PORTS_TO}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
