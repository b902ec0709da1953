import { parseArgs } from 'node:util';

/** What `npm run cluster -- …` was asked for (README "Scale out"). */
export type ClusterCommand = {
  nodes: number;
  /** Node k (from 1) listens on `basePort + k − 1`. */
  basePort: number;
  /** The entry port shared by every node (node:cluster); null: none (a balancer of your own in front). */
  entryPort: number | null;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  /** Build the client and the server first, as `npm start` does. */
  build: boolean;
};

export const DEFAULTS = {
  nodes: 3,
  basePort: 3001,
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/comptoir',
  redisUrl: 'redis://127.0.0.1:6379',
  dataDir: '.data-cluster',
} as const;

/** The most nodes one command starts (each is a whole server process). */
const MAX_NODES = 32;

export const USAGE = `Usage : npm run cluster -- [options]

Lance N processus du serveur (server/dist/main.js) sur PostgreSQL et Redis, sur des ports qui se
suivent, plus un port d'entrée commun réparti entre eux (module cluster de Node).

  --nodes N        nombre de nœuds (${DEFAULTS.nodes} par défaut, ${MAX_NODES} au plus)
  --port P         port du premier nœud (${DEFAULTS.basePort} par défaut) ; les suivants : P+1, P+2…
  --entry P        port d'entrée commun (par défaut le port du premier nœud moins 1)
  --no-entry       pas de port d'entrée (un nginx ou un HAProxy devant, voir deploy/)
  --database URL   PostgreSQL (DATABASE_URL, sinon ${DEFAULTS.databaseUrl}) ; créée si absente
  --redis URL      Redis (REDIS_URL, sinon ${DEFAULTS.redisUrl})
  --data-dir DIR   dossier partagé des nœuds : téléversements, secret JWT (DATA_DIR, sinon ${DEFAULTS.dataDir})
  --no-build       ne reconstruit ni le client ni le serveur
  --help           cette aide

Les autres réglages (NODE_ENV, JWT_SECRET, REDIS_PREFIX, LOG_LEVEL…) passent tels quels à chaque nœud.`;

/**
 * The command line and environment read into a command; `'help'` when help was asked. Throws a
 * French message on a bad option.
 */
export function parseClusterCommand(args: readonly string[], env: NodeJS.ProcessEnv): ClusterCommand | 'help' {
  const { values } = readArgs(args);
  if (values.help) return 'help';
  if (values.entry !== undefined && values['no-entry']) throw new Error('--entry et --no-entry ne vont pas ensemble');
  const nodes = whole('--nodes', values.nodes, DEFAULTS.nodes, 1, MAX_NODES);
  const basePort = whole('--port', values.port, DEFAULTS.basePort, 1, 65_535 - nodes + 1);
  const entryPort = values['no-entry'] ? null : whole('--entry', values.entry, basePort - 1, 1, 65_535);
  if (entryPort !== null && entryPort >= basePort && entryPort < basePort + nodes) {
    throw new Error(`Le port d'entrée ${entryPort} est celui d'un nœud (${basePort} à ${basePort + nodes - 1})`);
  }
  return {
    nodes,
    basePort,
    entryPort,
    databaseUrl: address('--database', values.database ?? env.DATABASE_URL ?? DEFAULTS.databaseUrl, ['postgres:', 'postgresql:']),
    redisUrl: address('--redis', values.redis ?? env.REDIS_URL ?? DEFAULTS.redisUrl, ['redis:', 'rediss:']),
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? DEFAULTS.dataDir,
    build: !values['no-build'],
  };
}

function whole(option: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) {
    if (fallback < min || fallback > max) throw new Error(`${option} : ${fallback} n'est pas entre ${min} et ${max}`);
    return fallback;
  }
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${option} attend un entier entre ${min} et ${max} (reçu « ${text} »)`);
  return value;
}

function address(option: string, text: string, protocols: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${option} : « ${text} » n'est pas une adresse`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${option} : une adresse ${protocols.map((p) => `${p}//`).join(' ou ')} est attendue`);
  return text;
}

function readArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        nodes: { type: 'string' },
        port: { type: 'string' },
        entry: { type: 'string' },
        'no-entry': { type: 'boolean' },
        database: { type: 'string' },
        redis: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-build': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}
