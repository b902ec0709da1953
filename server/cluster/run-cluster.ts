import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { parseClusterCommand, USAGE, type ClusterCommand } from './cluster-options';
import { checkRedis, ensureDatabase, withoutPassword } from './cluster-services';
import { startCluster, type RunningCluster } from './start-cluster';

/**
 * `npm run cluster -- --nodes 3`: N server processes on PostgreSQL and Redis on this machine,
 * behind one entry port (README "Scale out"). Checks both services (creating the database if
 * missing), builds as `npm start` does, starts the nodes, restarts one that dies, and stops them
 * all on Ctrl+C or SIGTERM.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A fresh database is migrated and seeded by the first node: well over a node's usual start. */
const READY_TIMEOUT_MS = 120_000;
const RESTART_DELAY_MS = 1_000;

const say = (line: string) => console.log(`[cluster] ${line}`);

async function main(): Promise<void> {
  const command = parseClusterCommand(process.argv.slice(2), process.env);
  if (command === 'help') {
    console.log(USAGE);
    return;
  }
  const env = await nodeSettings(command);
  if (command.build) {
    await run('npm', ['run', 'build']);
    await run('npm', ['run', 'build:server']);
  } else if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    say('dist/index.html manque : les nœuds serviront l’API sans le client (lancez sans --no-build)');
  }
  const cluster = await startCluster({
    nodes: command.nodes,
    basePort: command.basePort,
    entryPort: command.entryPort,
    host: env.host,
    env: env.variables,
    root: ROOT,
    restartDelayMs: RESTART_DELAY_MS,
    readyTimeoutMs: READY_TIMEOUT_MS,
    say,
    output: (node, line) => console.log(`[nœud ${node}] ${line}`),
  });
  say(
    cluster.entryUrl
      ? `entrée sur ${cluster.entryUrl}, répartie entre les ${command.nodes} nœuds (Ctrl+C arrête tout)`
      : `pas de port d'entrée : mettez un répartiteur devant les nœuds (deploy/nginx.conf, deploy/haproxy.cfg) ; Ctrl+C arrête tout`,
  );
  stopOnSignals(cluster);
}

/**
 * What every node gets: the services, one shared data directory and one JWT secret (the
 * environment's, or the one kept in the data directory, made on first start, as the server itself
 * does). The nodes' whole configuration is read here once, so a bad setting is said once.
 */
async function nodeSettings(command: ClusterCommand): Promise<{ host: string; variables: Record<string, string> }> {
  const config = loadConfig({ ...process.env, PORT: String(command.basePort), DATA_DIR: command.dataDir, DATABASE_URL: command.databaseUrl, REDIS_URL: command.redisUrl });
  const database = await ensureDatabase(command.databaseUrl);
  say(`PostgreSQL : ${withoutPassword(command.databaseUrl)}${database === 'created' ? ' (base créée)' : ''}`);
  await checkRedis(command.redisUrl);
  say(`Redis : ${withoutPassword(command.redisUrl)} (préfixe ${config.redisPrefix})`);
  return {
    host: config.host,
    variables: { DATABASE_URL: command.databaseUrl, REDIS_URL: command.redisUrl, DATA_DIR: config.dataDir, JWT_SECRET: config.jwtSecret },
  };
}

function stopOnSignals(cluster: RunningCluster): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl+C reaches npm, tsx and the nodes too: the same signal may come more than once.
    if (stopping) return;
    stopping = true;
    say(`${signal} : arrêt des nœuds…`);
    cluster.stop().then(
      () => {
        say('tous les nœuds sont arrêtés');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} a échoué (${signal ?? `code ${code}`})`))));
  });
}

main().catch((error: unknown) => {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
