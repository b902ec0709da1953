import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

/**
 * The servers the load runs against, each in a process of its own: Comptoir's production start
 * (`server/main.ts` compiled, NODE_ENV=production, with `npm start`'s node flags) on the embedded
 * database or PostgreSQL, and the bare socket.io server of `bench/bare-server.ts` (the floor). Their resident memory is sampled from
 * /proc while a run lasts.
 */

const root = new URL('../../', import.meta.url).pathname;

export type LoadServer = {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** The server's heap after a full collection and its resident memory, in bytes (a server started with `memory`). */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  /** `kill -9`: the process dies mid-write, as in a crash (the soak restarts it on the same data). */
  kill(): Promise<void>;
};

/** `memory`: started with an IPC channel and `--expose-gc`, so that `LoadServer.memory()` answers. */
export type ServerKind = { kind: 'comptoir'; env: Record<string, string>; memory?: boolean } | { kind: 'bare' };

export async function startLoadServer(port: number, server: ServerKind): Promise<LoadServer> {
  const entry = server.kind === 'bare' ? join(root, 'bench/bare-server.ts') : serverEntry();
  // `LOAD_CPU_PROF=dir`: the server's CPU profile over its run, written into dir when it stops.
  const profile = server.kind === 'comptoir' && process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : [];
  const withMemory = server.kind === 'comptoir' && server.memory === true;
  const child = spawn(process.execPath, [...(server.kind === 'comptoir' ? SERVER_NODE_FLAGS : []), ...profile, ...(withMemory ? ['--expose-gc'] : []), ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: root,
    env: {
      ...process.env,
      ...(server.kind === 'comptoir' ? server.env : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RENEWAL_INTERVAL_MINUTES: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(withMemory ? (['ipc'] as const) : [])],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`le serveur s'est arrêté (code ${code})`))));
  exited.catch(() => undefined);
  const deadline = Date.now() + 90_000;
  while (!(await Promise.race([portAnswers(port), exited]))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('le serveur ne répond pas après 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child), kill: () => stopChild(child, 'SIGKILL'), memory: () => askMemory(child) };
}

/** The production start: the server compiled by `npm run build:server` (built by the load first). */
function serverEntry(): string {
  return join(root, 'server/dist/main.js');
}

/** Compiles the server as `npm start` does, so the load measures what production runs. */
export function buildServer(): void {
  execSync('npm run -s build:server', { cwd: root, stdio: 'inherit' });
}

const serverMemory = z.object({ memory: z.object({ heapUsed: z.number(), rss: z.number() }) });

/** Asks the server for its memory over the IPC channel (server/main.ts answers 'memory'). */
function askMemory(child: ChildProcess): Promise<{ heapUsed: number; rss: number }> {
  if (!child.send) return Promise.reject(new Error('serveur démarré sans canal IPC : memory: true'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('le serveur ne donne pas sa mémoire'));
    }, 10_000);
    const onMessage = (message: unknown) => {
      const answer = serverMemory.safeParse(message);
      if (!answer.success) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer.data.memory);
    };
    child.on('message', onMessage);
    child.send?.('memory');
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

/** Whether something listens on `host:port` (a server up, a node still alive, Redis reachable). */
export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    // A host that drops the packets would keep the question open for minutes.
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The process's resident memory in MB (Linux), sampled every 250 ms until `stop()` gives the highest. */
export function sampleMemory(pid: number): { stop(): number } {
  let highest = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      highest = Math.max(highest, kb / 1024);
    } catch {
      // The process is gone: its last sample stands.
    }
  };
  read();
  const timer = setInterval(read, 250);
  return {
    stop() {
      clearInterval(timer);
      read();
      return highest;
    },
  };
}

/** The process's CPU time so far in ms (user + system, Linux), to give a run's server CPU share. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After the command: state is field 3, utime 14, stime 15 (clock ticks of 10 ms).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
