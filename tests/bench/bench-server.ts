import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/open-database';
import { LOGIN_MUTATION } from '../../src/contract/graphql-documents';
import { BENCH_PASSWORD, seedBenchData, type BenchSize, type SeededData } from './seed-bench-data';

/**
 * The benchmark's own server: the production build of the client (built into a folder of its
 * own, so a concurrent `vite build` of the e2e tests is never disturbed) served by the server's
 * app in a process of its own (bench-server-main.ts) with NODE_ENV=production, over a PGlite
 * database the bench seeded itself.
 */

const root = new URL('../../', import.meta.url).pathname;

/** `vite build` into `outDir`; the build's own output stays quiet unless it fails. */
export async function buildClient(outDir: string): Promise<void> {
  await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { NODE_ENV: 'production' });
}

export async function seedDatabase(dataDir: string, size: BenchSize): Promise<SeededData> {
  const database = await openDatabase({ dataDir });
  try {
    return await seedBenchData(database.db, size);
  } finally {
    await database.close();
  }
}

export type BenchServer = { url: string; process: ChildProcess; stop(): Promise<void> };

/** `jwtSecret`: a kept profile's sign-in cookie stays valid only with the secret that signed it. */
export async function startServer(options: { port: number; dataDir: string; staticDir: string; jwtSecret?: string }): Promise<BenchServer> {
  if (!(await portIsFree(options.port))) throw new Error(`le port ${options.port} est déjà pris : BENCH_PORT choisit un autre port`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/bench/bench-server-main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      STATIC_DIR: options.staticDir,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'warn',
      // The bursts are the market's busiest minutes from many members, sent by a few sockets.
      FLOOD_POSTS: '100000/1',
      JWT_SECRET: options.jwtSecret ?? randomBytes(48).toString('base64url'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`le serveur s'est arrêté (code ${code})`))));
  exited.catch(() => undefined);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/rest/public/is_available?email=bench%40comptoir.test`).then((r) => r.ok, () => false),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('le serveur ne répond pas après 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** A bench account's access token, through the GraphQL login mutation as the client signs in. */
export async function tokenOf(url: string, identifier: string): Promise<string> {
  const response = await fetch(`${url}/content/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOGIN_MUTATION, variables: { input: { identifier, password: BENCH_PASSWORD } } }),
  });
  const answer = (await response.json()) as { data?: { login?: { jwt?: string } }; errors?: unknown };
  const jwt = answer.data?.login?.jwt;
  if (!jwt) throw new Error(`connexion impossible pour ${identifier} : ${JSON.stringify(answer.errors)}`);
  return jwt;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} a échoué (code ${code})`))));
  });
}
