import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { filter, firstValueFrom } from 'rxjs';
import { LINES, LoadCrowd, type RunResult } from '../load/load-scenario';
import { dropPostgres, freshPostgres, seedLoadDatabase, type LoadMember } from '../load/load-seed';
import { buildServer, portAnswers, startLoadServer, type LoadServer } from '../load/load-server';
import { checkDatabase, checkStreams } from '../soak/soak-checks';
import { SoakMember } from '../soak/soak-member';
import { freePort } from '../soak/tcp-proxy';
import type { ClusterPlan } from './bench-config';
import { metric, quantile, type MetricName, type MetricResult } from './bench-results';

/**
 * The cross-node benchmark (issue 24): the compiled server (`npm run build:server`, as production
 * runs it) in N processes on one fresh PostgreSQL database and one Redis (a fresh key prefix per
 * run), the same JWT secret in each, flood limits raised as in the load runs. Every client runs in
 * this process, so a message's send and its reception on another node are read on one clock.
 *
 * 1. Node 1 alone: members joined to Forex post at the plan's rate (the scaling's one-node ack).
 * 2. The other nodes started, the same members dealt over all of them, the same rate: each delivery
 *    to a socket on another node than the poster's is a cross-node sample; those on the poster's
 *    own node are the floor (no Redis hop); the acks give the scaling ratio.
 * 3. Members on the app's own socket transport and outbox (tests/soak/soak-member.ts) write into
 *    the rooms; halfway the last node is killed (`kill -9`). Its members move to the next node
 *    that takes connections — each holds the node list, standing for the balancer a deployment
 *    puts in front — and are timed from the kill to their socket connected there. At the end every
 *    member catches up after its cursor, and each stream and the database must hold every message
 *    once, and every member must have heard exactly the history.
 */

export type ClusterOutcome = {
  metrics: Partial<Record<MetricName, MetricResult>>;
  /** The engines the figures were measured on. */
  versions: { postgres: string; redis: string };
};

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOM = 'forex';
/** How often a member whose socket is down asks whether its node still takes connections. */
const HEALTH_CHECK_MS = 100;

/** Null, said with a message, when PostgreSQL or Redis does not answer. */
export async function clusterScenario(plan: ClusterPlan, mode: 'full' | 'smoke', log: (line: string) => void): Promise<ClusterOutcome | null> {
  const redis = new URL(REDIS_URL);
  if (!(await portAnswers(Number(redis.port || 6379), redis.hostname))) {
    log(`  ⚠ Redis injoignable (${REDIS_URL}) : mesures entre nœuds ignorées.`);
    return null;
  }
  // One name per mode: a smoke beside a full run never drops the other's database.
  const databaseName = `comptoir_cluster_${mode}`;
  const databaseUrl = await freshPostgres(ADMIN_URL, databaseName);
  if (!databaseUrl) {
    log(`  ⚠ PostgreSQL injoignable (${ADMIN_URL}) : mesures entre nœuds ignorées.`);
    return null;
  }
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-cluster-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  const nodes: LoadServer[] = [];
  try {
    buildServer();
    const versions = { postgres: await postgresVersion(databaseUrl), redis: await redisVersion() };
    const members = await seedLoadDatabase({ kind: 'postgres', url: databaseUrl }, Math.max(plan.inRoom, plan.kill.members), jwtSecret);
    const env: Record<string, string> = {
      JWT_SECRET: jwtSecret,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      // The uploads' directory, shared as a deployment shares it.
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-client'),
      // The market's busiest minutes from a few members, all from this machine's one address.
      FLOOD_POSTS: '100000/1',
      SOCKETS_PER_ADDRESS: '100000',
    };
    const ports = await Promise.all(Array.from({ length: plan.nodes }, () => freePort()));
    // Node 1 first, as a deployment starts: alone, it gives the one-node figures.
    nodes.push(await startLoadServer(ports[0]!, { kind: 'comptoir', env }));
    const one = await crowdRun(nodes, members, plan, `load-cluster1-${prefix}`);
    log(`  1 nœud : ${plan.inRoom} sockets, ${describe(one.result)}`);
    nodes.push(...(await Promise.all(ports.slice(1).map((port) => startLoadServer(port, { kind: 'comptoir', env })))));
    const spread = await crowdRun(nodes, members, plan, `load-cluster${plan.nodes}-${prefix}`);
    log(`  ${plan.nodes} nœuds : ${perNode(plan)} sockets chacun, ${describe(spread.result)}, d'un nœud à l'autre p95 ${p95(spread.across)} ms (même nœud ${p95(spread.within)} ms)`);
    const kill = await killRun(nodes, members, plan, databaseUrl);
    log(
      `  kill -9 du nœud ${nodes.length} après ${kill.killedAtWritten} messages : ses ${kill.reconnects.length} membres reconnectés en p95 ${p95(kill.reconnects)} ms ` +
        `(rooms rejointes p95 ${p95(kill.rejoins)} ms, ${kill.joinFailures} join en échec), ${kill.lost} perdus, ${kill.duplicated} doublés`,
    );
    return { metrics: clusterMetrics(plan, one, spread, kill), versions };
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await dropPostgres(ADMIN_URL, databaseName);
    await dropRedisKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type CrowdSamples = { result: RunResult; acks: number[]; across: number[]; within: number[] };

type KillOutcome = {
  killedAtWritten: number;
  /** The killed node's members: kill → connected to another node; kill → every room joined again (NaN: never). */
  reconnects: number[];
  rejoins: number[];
  joinFailures: number;
  lost: number;
  duplicated: number;
  detail: Record<string, number>;
};

function clusterMetrics(plan: ClusterPlan, one: CrowdSamples, spread: CrowdSamples, kill: KillOutcome): Partial<Record<MetricName, MetricResult>> {
  const runOf = (samples: CrowdSamples, sockets: number) => ({
    sockets_per_node: sockets,
    acked: samples.result.acked,
    refused: samples.result.refused,
    failed: samples.result.failed,
    rate_per_s: samples.result.achievedPerSecond,
    delivery_p95_ms: samples.result.delivery.p95,
    deliveries_missing: samples.result.deliveriesExpected - samples.result.deliveriesSeen,
    servers_cpu_percent: samples.result.serverCpuPercent,
    generator_cpu_percent: samples.result.generatorCpuPercent,
  });
  const run = `${plan.inRoom} members joined to Forex, ${plan.posters} of them posting ${plan.rate} messages/s for ${plan.seconds} s after ${plan.warmupSeconds} s not measured`;
  const ratio = quantile(spread.acks, 0.95) / quantile(one.acks, 0.95);
  const k = plan.kill;
  return {
    cross_node_delivery_p95_ms: metric('cross_node_delivery_p95_ms', spread.across, quantile(spread.within, 0.95), {
      note: `${run}, dealt over ${plan.nodes} nodes in turn (posters too); samples: each message read by a timed socket (one in ten of each node) on another node than its poster's, from its send, on one clock; floor: the same run's deliveries to sockets on the poster's own node (no Redis hop)`,
      detail: { nodes: plan.nodes, within_node_samples: spread.within.length, ...runOf(spread, perNode(plan)) },
    }),
    cluster_ack_p95_ms: metric('cluster_ack_p95_ms', spread.acks, null, {
      note: `samples: each post of that run, sent → acknowledged; the sockets spread over ${plan.nodes} nodes`,
      detail: { nodes: plan.nodes, ...runOf(spread, perNode(plan)) },
    }),
    'cluster_ack_p95_ms.one_node': metric('cluster_ack_p95_ms.one_node', one.acks, null, {
      note: `${run}, all on node 1 before the others start (the same PostgreSQL and Redis)`,
      detail: runOf(one, plan.inRoom),
    }),
    'cluster_ack_p95_ms.scaling_ratio': metric('cluster_ack_p95_ms.scaling_ratio', [ratio], null, {
      note: `ack p95 on ${plan.nodes} nodes ÷ on 1 node, the same rate and sockets; no budget: here the nodes share one machine's cores with PostgreSQL, Redis and the clients`,
      detail: { ratio: Math.round(ratio * 100) / 100, sockets_per_node_one: plan.inRoom, sockets_per_node_spread: perNode(plan) },
    }),
    node_kill_reconnect_ms: metric('node_kill_reconnect_ms', kill.reconnects, null, {
      note:
        `kill -9 of node ${plan.nodes} of ${plan.nodes} halfway through ${k.rate} messages/s for ${k.seconds} s by ${k.members} members (${k.members / plan.nodes} a node) on the app's socket transport and outbox, into ${k.rooms.join(' and ')}; ` +
        `samples: each of its members, from the kill to its socket connected to another node (each member holds the node list and moves on when its node takes no connection, standing for the balancer)`,
      detail: { rejoined_p95_ms: round(quantile(kill.rejoins, 0.95)), join_failures: kill.joinFailures, ...kill.detail },
    }),
    'node_kill_reconnect_ms.lost': metric('node_kill_reconnect_ms.lost', [kill.lost], null, {
      note: "client ids written with no row in the database, plus messages of a stream's history a member of it never heard (live or caught up after its cursor)",
    }),
    'node_kill_reconnect_ms.duplicated': metric('node_kill_reconnect_ms.duplicated', [kill.duplicated], null, {
      note: 'client ids stored in more than one row, plus messages a member heard that the history does not hold',
    }),
  };
}

/** The load's crowd on the nodes (one node: all on it), a warm-up, then the measured run, every ack and delivery kept. */
async function crowdRun(nodes: readonly LoadServer[], members: readonly LoadMember[], plan: ClusterPlan, runId: string): Promise<CrowdSamples> {
  const acks: number[] = [];
  const across: number[] = [];
  const within: number[] = [];
  // The warm-up's figures are not the case.
  let recording = false;
  const crowd = new LoadCrowd(
    nodes.map((node) => node.url),
    ROOM,
    {
      ack: (ms) => {
        if (recording) acks.push(ms);
      },
      delivery: (ms, fromNode, toNode) => {
        if (recording) (fromNode === toNode ? within : across).push(ms);
      },
    },
  );
  try {
    await crowd.connect(members.slice(0, plan.inRoom), true);
    const pids = nodes.map((node) => node.pid);
    const run = { rate: plan.rate, seconds: plan.seconds, posters: plan.posters, room: ROOM };
    if (plan.warmupSeconds > 0) await crowd.run({ ...run, seconds: plan.warmupSeconds, label: 'warm-up' }, `${runId}-warm`, pids);
    recording = true;
    const result = await crowd.run({ ...run, label: `${nodes.length} node(s)` }, runId, pids);
    recording = false;
    return { result, acks, across, within };
  } finally {
    crowd.close();
  }
}

/** The burst on the members' outboxes, the last node killed halfway, then the checks of the soak. */
async function killRun(nodes: readonly LoadServer[], accounts: readonly LoadMember[], plan: ClusterPlan, databaseUrl: string): Promise<KillOutcome> {
  const k = plan.kill;
  const urls = nodes.map((node) => node.url);
  const victim = nodes.length - 1;
  const run = `cluster${Date.now().toString(36)}`;
  const members = accounts.slice(0, k.members).map((a, i) => new SoakMember(urls[i % urls.length]!, a.id, a.token, k.rooms));
  const followers = members.map((member, i) => new NodeFollower(member, urls, i % urls.length));
  try {
    await Promise.all(members.map((m) => m.ready()));
    const total = Math.round(k.rate * k.seconds);
    const started = performance.now();
    let killedAt = Number.NaN;
    let killedAtWritten = 0;
    let killing: Promise<void> = Promise.resolve();
    for (let i = 0; i < total; i += 1) {
      const wait = started + (i * 1000) / k.rate - performance.now();
      if (wait > 1) await pause(wait);
      if (i === Math.floor(total / 2)) {
        killedAt = performance.now();
        killedAtWritten = i;
        killing = nodes[victim]!.kill();
      }
      const member = members[i % members.length]!;
      // Each member's turns go round the rooms in order.
      const room = k.rooms[Math.floor(i / members.length) % k.rooms.length]!;
      member.write(`${run}-${member.id}-${i}`, LINES[i % LINES.length]!, { room });
    }
    await killing;
    const burstEnded = performance.now();
    const deadline = burstEnded + k.settleMs;
    const unsettled = () => members.some((m) => m.queued > 0 || !m.transport.connected$.value);
    while (unsettled() && performance.now() < deadline) await pause(100);
    const settledMs = performance.now() - burstEnded;
    for (const m of members) m.halt();
    // The last broadcasts arrive, then every member reads after its cursor.
    await pause(500);
    await Promise.all(members.map((m) => m.catchUpAll()));
    const streams = await checkStreams(members, run);
    for (const f of followers) f.stop();
    for (const m of members) m.close();
    const database = await checkDatabase({ databaseUrl, dataDir: null }, run, members);

    const moved = members.flatMap((m, i) => (i % urls.length === victim ? [{ member: m, follower: followers[i]! }] : []));
    const sum = (pick: (s: (typeof streams)[number]) => number) => streams.reduce((n, s) => n + pick(s), 0);
    const heardMissing = sum((s) => s.heardMissing);
    const heardExtra = sum((s) => s.heardExtra);
    return {
      killedAtWritten,
      reconnects: moved.map(({ follower }) => (follower.reconnectedAt === null ? Number.NaN : follower.reconnectedAt - killedAt)),
      rejoins: moved.map(({ member }) => (member.rejoinedAt !== null && member.rejoinedAt > killedAt ? member.rejoinedAt - killedAt : Number.NaN)),
      joinFailures: members.reduce((n, m) => n + m.joinFailures, 0),
      lost: database.lost + heardMissing,
      duplicated: database.duplicated + heardExtra,
      detail: {
        written: members.reduce((n, m) => n + m.sent.size, 0),
        acked: members.reduce((n, m) => n + m.acked.size, 0),
        refused: members.reduce((n, m) => n + m.refused.size, 0),
        still_queued: members.reduce((n, m) => n + m.queued, 0),
        killed_after_written: killedAtWritten,
        members_moved: moved.filter(({ follower }) => follower.moves > 0).length,
        sent_again_unanswered: members.reduce((n, m) => n + m.unanswered, 0),
        waits: members.reduce((n, m) => n + m.waits, 0),
        queues_empty_after_burst_ms: Math.round(settledMs),
        database_rows: database.rows,
        database_lost: database.lost,
        database_duplicated: database.duplicated,
        history_lost: sum((s) => s.lost),
        history_duplicated: sum((s) => s.duplicated),
        heard_missing: heardMissing,
        heard_extra: heardExtra,
        members_differing: sum((s) => s.membersDiffering),
      },
    };
  } finally {
    for (const f of followers) f.stop();
    for (const m of members) m.close();
  }
}

/**
 * The balancer's part in the kill: while its member's socket is down, it asks every
 * `HEALTH_CHECK_MS` whether the member's node still takes connections (a balancer's health check),
 * and when it does not, moves the member to the next node that does. `reconnectedAt`: when the
 * member's socket last connected after a move (performance.now()).
 */
class NodeFollower {
  reconnectedAt: number | null = null;
  moves = 0;
  private checking = false;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly member: SoakMember,
    private readonly urls: readonly string[],
    private node: number,
  ) {
    this.timer = setInterval(() => void this.check(), HEALTH_CHECK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    if (this.checking || this.member.transport.connected$.value) return;
    this.checking = true;
    try {
      // A node that still listens gets its member back by socket.io's own reconnection.
      if (await answers(this.urls[this.node]!)) return;
      for (let step = 1; step < this.urls.length; step += 1) {
        const next = (this.node + step) % this.urls.length;
        if (!(await answers(this.urls[next]!))) continue;
        this.node = next;
        this.moves += 1;
        this.member.moveTo(this.urls[next]!);
        const moves = this.moves;
        void firstValueFrom(this.member.transport.connected$.pipe(filter(Boolean))).then(() => {
          if (this.moves === moves) this.reconnectedAt = performance.now();
        });
        return;
      }
    } finally {
      this.checking = false;
    }
  }
}

const answers = (url: string): Promise<boolean> => portAnswers(Number(new URL(url).port));

async function postgresVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'inconnue';
  } finally {
    await client.end();
  }
}

async function redisVersion(): Promise<string> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    return /redis_version:(\S+)/.exec(await client.info('server'))?.[1] ?? 'inconnue';
  } finally {
    await client.close();
  }
}

/** The run's keys and streams in Redis (the adapter's stream, the flood counters): a fresh prefix each run leaves nothing behind. */
async function dropRedisKeys(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  try {
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  } catch (error) {
    console.error(`clés Redis ${prefix}:* non effacées :`, error);
  } finally {
    if (client.isOpen) await client.close();
  }
}

const perNode = (plan: ClusterPlan): number => Math.round(plan.inRoom / plan.nodes);
const round = (value: number): number => (Number.isFinite(value) ? Math.round(value) : value);
const p95 = (samples: readonly number[]): number => round(quantile(samples, 0.95));
const describe = (r: RunResult): string =>
  `ack p95 ${r.ack.p95} ms, réception p95 ${r.delivery.p95} ms, ${r.acked} acceptés à ${r.achievedPerSecond}/s, ${r.refused + r.failed} erreurs, serveurs ${r.serverCpuPercent} % CPU`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
