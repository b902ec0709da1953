import cluster, { type Address, type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ENTRY_PORT_VARIABLE, socketCensus } from './node-census';
import { SERVER_NODE_FLAGS } from '../node-flags';

/**
 * N processes of the built server (`server/dist/main.js`) on consecutive ports, as node:cluster
 * workers of the calling process: `npm run cluster` (run-cluster.ts) and the scale-out journey
 * use it. Each node also joins the entry port, which the cluster module owns in this process and
 * deals in turn to the nodes alive (node-preload.ts). A node that dies is started again; the first
 * node is started alone, and the others once it answers, so one process migrates and seeds a fresh
 * database.
 */
export type ClusterSettings = {
  nodes: number;
  /** Node k (from 1) listens on `basePort + k − 1`. */
  basePort: number;
  /** The port every node also takes connections on; null: none. */
  entryPort: number | null;
  /** The address the nodes and the entry listen on (the server's HOST). */
  host: string;
  /** Every node's settings besides its port (DATABASE_URL, REDIS_URL, JWT_SECRET, DATA_DIR…), over this process's environment. */
  env: Readonly<Record<string, string>>;
  /** The repository, where the nodes run from (the server's STATIC_DIR, `dist`, is relative to it). */
  root: string;
  /** How long after a node dies it is started again; null: never. */
  restartDelayMs: number | null;
  /** How long a node may take to answer once started. */
  readyTimeoutMs: number;
  /** The cluster's own news, in French (a node lost, a node back). */
  say: (line: string) => void;
  /** Each line node `node` writes (its log). */
  output: (node: number, line: string) => void;
};

export type ClusterNode = { index: number; port: number; url: string; pid: number | null; up: boolean };
/** A node's open socket.io connections, through the entry and straight to its own port. */
export type SocketCount = { node: number; entry: number; direct: number };

export type RunningCluster = {
  /** The shared entry's address; null without one. */
  readonly entryUrl: string | null;
  nodes(): ClusterNode[];
  sockets(): SocketCount[];
  /** Sends `signal` to node `index`'s process (SIGKILL by default: a crash, which a restart answers). */
  kill(index: number, signal?: NodeJS.Signals): void;
  /** Stops every node (SIGTERM, then SIGKILL after a grace) and restarts none. */
  stop(): Promise<void>;
};

/** The built server and the module each node loads first, under the repository. */
export const SERVER_ENTRY = 'server/dist/main.js';
export const NODE_PRELOAD = 'server/dist/node-preload.js';
/** An address that answers once the server serves requests from its database (Playwright's servers use it too). */
export const READY_PATH = '/rest/public/is_available?email=sante%40comptoir.test';

const PROBE_EVERY_MS = 250;
const STOP_GRACE_MS = 15_000;

/** node:cluster's settings belong to the process: one cluster per process. */
let running = false;

export async function startCluster(settings: ClusterSettings): Promise<RunningCluster> {
  if (!cluster.isPrimary) throw new Error('startCluster se lance depuis le processus principal');
  if (running) throw new Error('Un cluster tourne déjà dans ce processus');
  for (const file of [SERVER_ENTRY, NODE_PRELOAD]) {
    if (!existsSync(join(settings.root, file))) throw new Error(`${file} manque : construisez le serveur (npm run build:server)`);
  }
  running = true;
  cluster.setupPrimary({
    exec: join(settings.root, SERVER_ENTRY),
    // Not this process's arguments, which node:cluster hands its workers by default.
    args: [],
    execArgv: [...SERVER_NODE_FLAGS, '--import', pathToFileURL(join(settings.root, NODE_PRELOAD)).href],
    cwd: settings.root,
    silent: true,
  });

  const slots: Slot[] = Array.from({ length: settings.nodes }, (_, i) => {
    const port = settings.basePort + i;
    return { index: i + 1, port, url: urlOf(settings.host, port), worker: null, up: false, answeredOnce: false, census: { entry: 0, direct: 0 }, restart: null };
  });
  let stopping = false;

  /** Forks the node; resolves once it answers (and has joined the entry), or rejects. */
  const launch = (slot: Slot): Promise<void> => {
    const worker = cluster.fork({
      ...settings.env,
      PORT: String(slot.port),
      HOST: settings.host,
      [ENTRY_PORT_VARIABLE]: settings.entryPort === null ? '' : String(settings.entryPort),
    });
    slot.worker = worker;
    for (const stream of [worker.process.stdout, worker.process.stderr]) {
      if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => settings.output(slot.index, line));
    }
    worker.on('message', (message: unknown) => {
      const census = socketCensus.safeParse(message);
      if (census.success) slot.census = { entry: census.data.entry, direct: census.data.direct };
    });
    worker.once('exit', (code: number, signal: NodeJS.Signals | null) => lost(slot, worker, code, signal));
    return answered(slot, worker, settings).then(() => {
      settings.say(`nœud ${slot.index} ${slot.answeredOnce ? 'de nouveau ' : ''}sur ${slot.url} (pid ${worker.process.pid})`);
      slot.up = true;
      slot.answeredOnce = true;
    });
  };

  const lost = (slot: Slot, worker: Worker, code: number, signal: NodeJS.Signals | null) => {
    if (slot.worker !== worker) return;
    slot.worker = null;
    slot.up = false;
    slot.census = { entry: 0, direct: 0 };
    // A node that never answered fails the cluster's start instead (launch's promise says why).
    if (stopping || !slot.answeredOnce) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (settings.restartDelayMs === null) {
      settings.say(`nœud ${slot.index} arrêté (${how})`);
      return;
    }
    settings.say(`nœud ${slot.index} arrêté (${how}) : redémarrage dans ${settings.restartDelayMs / 1000} s`);
    slot.restart = setTimeout(() => {
      slot.restart = null;
      if (stopping) return;
      launch(slot).catch((error: unknown) => {
        // Dead again, it is restarted by its exit; alive but silent, it is ended, then restarted.
        if (!(error instanceof NodeSilent)) return;
        settings.say(`${error.message} : arrêt forcé`);
        slot.worker?.process.kill('SIGKILL');
      });
    }, settings.restartDelayMs);
  };

  const stop = async () => {
    stopping = true;
    for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
    const alive = slots.flatMap((slot) => (slot.worker && !slot.worker.isDead() ? [slot.worker] : []));
    const exits = alive.map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    for (const worker of alive) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(exits);
    clearTimeout(force);
    running = false;
  };

  try {
    const [first, ...others] = slots;
    if (first) await launch(first);
    await Promise.all(others.map(launch));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    entryUrl: settings.entryPort === null ? null : urlOf(settings.host, settings.entryPort),
    nodes: () => slots.map((slot) => ({ index: slot.index, port: slot.port, url: slot.url, pid: slot.worker?.process.pid ?? null, up: slot.up })),
    sockets: () => slots.map((slot) => ({ node: slot.index, ...slot.census })),
    kill(index, signal = 'SIGKILL') {
      const worker = slots[index - 1]?.worker;
      if (!worker) throw new Error(`Aucun nœud ${index} en marche`);
      worker.process.kill(signal);
    },
    stop,
  };
}

type Slot = {
  readonly index: number;
  readonly port: number;
  readonly url: string;
  worker: Worker | null;
  /** Answered since it was last started. */
  up: boolean;
  /** Answered at least once: from then on, a death is answered by a restart. */
  answeredOnce: boolean;
  census: { entry: number; direct: number };
  restart: NodeJS.Timeout | null;
};

/** A node alive that did not answer in time (rather than one that died). */
class NodeSilent extends Error {}

/** Resolves once `worker` answers on its port and has joined the entry; rejects if it dies first or stays silent. */
async function answered(slot: Slot, worker: Worker, settings: ClusterSettings): Promise<void> {
  let exit: string | null = null;
  let joined = settings.entryPort === null;
  const onExit = (code: number, signal: NodeJS.Signals | null) => {
    exit = signal ? `signal ${signal}` : `code ${code}`;
  };
  const onListening = (address: Address) => {
    if (address.port === settings.entryPort) joined = true;
  };
  worker.once('exit', onExit);
  worker.on('listening', onListening);
  const deadline = Date.now() + settings.readyTimeoutMs;
  try {
    for (;;) {
      if (exit !== null) throw new Error(`Le nœud ${slot.index} s'est arrêté avant de répondre (${exit}) ; voir son journal ci-dessus`);
      if (joined && (await answers(probeUrl(settings.host, slot.port)))) return;
      if (Date.now() > deadline) throw new NodeSilent(`Le nœud ${slot.index} ne répond pas après ${Math.round(settings.readyTimeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  } finally {
    worker.off('exit', onExit);
    worker.off('listening', onListening);
  }
}

/** True when `url` answers 2xx within 2 s (a connection of its own, closed after). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve((response.statusCode ?? 500) < 300);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::']);

/** Where people reach a node: `localhost` when it listens on every address. */
function urlOf(host: string, port: number): string {
  return `http://${ANY_ADDRESS.has(host) ? 'localhost' : bracketed(host)}:${port}`;
}

function probeUrl(host: string, port: number): string {
  const probed = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${bracketed(probed)}:${port}${READY_PATH}`;
}

const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);
