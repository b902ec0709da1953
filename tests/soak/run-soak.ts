import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LINES } from '../load/load-scenario';
import { dropPostgres, freshPostgres, seedLoadDatabase } from '../load/load-seed';
import { DATABASE_UNAVAILABLE } from '../../server/db/database-unavailable';
import { buildServer, startLoadServer, type LoadServer } from '../load/load-server';
import { machineInfo, printTable, writeResults } from '../load/run-report';
import { SoakMember, type Target } from './soak-member';
import { checkDatabase, checkStreams, type StreamCheck } from './soak-checks';
import { freePort, startTcpProxy } from './tcp-proxy';
import { builtClient, runBrowserMembers, type BrowserOutcome, type BrowserPlan } from './soak-browsers';

/**
 * `npm run soak` (issue 23, "nothing lost"): members each on their own socket write into the rooms
 * and to one another in private, through a relay that drops a random connection every so often;
 * midway the server is killed (`kill -9`) and started again on the same data. Each member behaves
 * as the app's sync does (soak-member.ts). At the end every stream's history is read from the
 * server and from the database: every client id sent is there exactly once, and every member heard
 * exactly the server's ordered ids. Prints a table, writes bench/soak-results.json; `--smoke` (in
 * `npm test`): a few members for a few seconds, the same checks, the same kill.
 */

const smoke = process.argv.includes('--smoke');
/** `--only=pglite` or `--only=postgres`: one side alone (working on it); its results go to a scratch file. */
const onlySide = process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? null;
const root = new URL('../../', import.meta.url).pathname;
const ROOMS = ['forex', 'indices', 'crypto'];
const PRIVATE_SHARE = 0.2;

const PLAN = smoke
  ? { members: 6, messages: 20, paceMs: 150, dropEveryMs: 300, settleMs: 60_000 }
  : { members: 50, messages: 200, paceMs: 1000, dropEveryMs: 1000, settleMs: 300_000 };
/** The members in Chromium (embedded database side, beside the kill): how long each stays offline. */
const BROWSERS: BrowserPlan[] = smoke
  ? [
      { offlineMs: 1_000, online: 1, offline: 2, deliverWithinMs: 60_000 },
      { offlineMs: 3_000, online: 1, offline: 2, deliverWithinMs: 60_000 },
    ]
  : // (Their outbox competes with the members' writing for the rooms' queues: as long as it lasts, then the settle.)
    [
      { offlineMs: 5_000, online: 3, offline: 3, deliverWithinMs: 480_000 },
      { offlineMs: 60_000, online: 3, offline: 3, deliverWithinMs: 480_000 },
      { offlineMs: 5_000, online: 3, offline: 3, deliverWithinMs: 480_000 },
    ];

type Side = {
  database: 'pglite' | 'postgres';
  /** What broke midway: the server killed and restarted, or the database cut. */
  disruption: 'kill -9' | 'database cut';
  totals: Record<string, number>;
  /** The waits the server asked for, by its reason. */
  waitReasons: Record<string, number>;
  restart: { atWritten: number; downMs: number } | null;
  outage: { atWritten: number; cutMs: number; answers: Record<string, number>; serverAlive: boolean } | null;
  database_rows: { rows: number; lost: number; duplicated: number };
  streams: StreamCheck[];
  writing_seconds: number;
  /** The Chromium members' texts: each in the history once. */
  browsers: { offlineMs: number; written: number; lost: number; duplicated: number; missing: string[]; error: string | null }[];
  failures: string[];
};

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_NAME = 'comptoir_soak';
/** How long the database stays unreachable. */
const CUT_MS = 10_000;

async function main(): Promise<void> {
  const started = Date.now();
  buildServer();
  const staticDir = await builtClient(smoke);
  const sides: Side[] = [];
  if (onlySide !== 'postgres') sides.push(await runSide('pglite', staticDir));
  // The smoke keeps to the kill (the cut has its own test: tests/server/database-outage.test.ts).
  const direct = smoke || onlySide === 'pglite' ? null : await freshPostgres(ADMIN_URL, PG_NAME);
  if (onlySide === 'pglite') console.log('\nCoupure de la base : sautée (--only=pglite).');
  else if (smoke) console.log('\nCoupure de la base : dans `npm run soak` et tests/server/database-outage.test.ts, pas dans le smoke.');
  else if (!direct) console.log(`\nPostgreSQL injoignable (${ADMIN_URL}) : la coupure de la base est sautée.`);
  else {
    try {
      sides.push(await runSide('postgres', null, direct));
    } finally {
      await dropPostgres(ADMIN_URL, PG_NAME);
    }
  }
  const failures = sides.flatMap((side) => side.failures.map((f) => `${side.database} : ${f}`));
  const results = { machine: machineInfo(started), mode: smoke ? 'smoke' : 'full', plan: { ...PLAN, rooms: ROOMS, privateShare: PRIVATE_SHARE, cutMs: CUT_MS }, sides, failures };
  const file = smoke || onlySide !== null ? join(tmpdir(), 'comptoir-soak-smoke.json') : join(root, 'bench/soak-results.json');
  writeResults(file, results);
}

/**
 * One database: the embedded one on disk, the server killed and restarted midway; or PostgreSQL
 * behind a relay, cut for `CUT_MS` midway (the server must answer 503 meanwhile, and live on).
 */
async function runSide(kind: Side['database'], staticDir: string | null, postgresUrl?: string): Promise<Side> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-soak-'));
  const failures: string[] = [];
  const dbRelay = postgresUrl ? await startTcpProxy({ host: new URL(postgresUrl).hostname, port: Number(new URL(postgresUrl).port || 5432) }) : null;
  try {
    const browserPlans = staticDir ? BROWSERS : [];
    const seeded = await seedLoadDatabase(postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dataDir }, PLAN.members + browserPlans.length, jwtSecret);
    const accounts = seeded.slice(0, PLAN.members);
    const browserAccounts = seeded.slice(PLAN.members);
    const port = await freePort();
    const env: Record<string, string> = { JWT_SECRET: jwtSecret, DATA_DIR: dataDir, STATIC_DIR: staticDir ?? join(dataDir, 'no-client'), FLOOD_POSTS: '100000/1' };
    if (postgresUrl && dbRelay) {
      const relayed = new URL(postgresUrl);
      relayed.port = String(dbRelay.port);
      env.DATABASE_URL = relayed.toString();
    }
    let server: LoadServer = await startLoadServer(port, { kind: 'comptoir', env });
    const relay = await startTcpProxy({ host: '127.0.0.1', port });
    const url = `http://127.0.0.1:${relay.port}`;
    const members = accounts.map((a) => new SoakMember(url, a.id, a.token, ROOMS));
    const run = `soak${Date.now().toString(36)}`;
    let stopped = false;
    /** Members, relays and server, once (after the checks, or on a failure). */
    const shutdown = async () => {
      if (stopped) return;
      stopped = true;
      for (const m of members) m.close();
      await relay.close();
      await server.stop();
    };
    let drops = 0;
    // Written by the disruption midway (a holder: TypeScript does not follow assignments in the closure).
    const midwayOutcome: Pick<Side, 'restart' | 'outage'> = { restart: null, outage: null };
    try {
      await Promise.all(members.map((m) => m.ready()));
      console.log(`\n${kind} : ${members.length} membres connectés, ${PLAN.messages} messages chacun`);
      const writing = Date.now();
      // Straight to the server, not through the relay: their own network goes off and on.
      const browsing = runBrowserMembers(server.url, browserAccounts.map((a, n) => ({ token: a.token, plan: browserPlans[n]! })), run);
      const dropping = setInterval(() => {
        if (relay.dropOne()) drops += 1;
      }, PLAN.dropEveryMs);
      const total = PLAN.members * PLAN.messages;
      let written = 0;
      const writers = members.map(async (member, n) => {
        const partner = accounts[n % 2 === 0 ? (n + 1) % accounts.length : n - 1]!.id;
        for (let i = 0; i < PLAN.messages; i += 1) {
          await pause(PLAN.paceMs * (0.5 + Math.random()));
          const target: Target = Math.random() < PRIVATE_SHARE ? { toUser: partner } : { room: ROOMS[Math.floor(Math.random() * ROOMS.length)]! };
          member.write(`${run}-${member.id}-${i}`, LINES[(n + i) % LINES.length]!, target);
          written += 1;
        }
      });
      const midway = (async () => {
        while (written < total / 2) await pause(50);
        const atWritten = written;
        const at = Date.now();
        if (!dbRelay) {
          // The crash: kill -9, then the same server on the same data.
          await server.kill();
          console.log(`kill -9 du serveur après ${atWritten} messages écrits`);
          server = await startLoadServer(port, { kind: 'comptoir', env });
          midwayOutcome.restart = { atWritten, downMs: Date.now() - at };
          console.log(`serveur relancé sur les mêmes données (${midwayOutcome.restart.downMs} ms)`);
        } else {
          dbRelay.cut();
          console.log(`base coupée après ${atWritten} messages écrits`);
          const answers = await probeWhileCut(server.url, accounts[0]!.token, at + CUT_MS);
          dbRelay.restore();
          const outage = { atWritten, cutMs: Date.now() - at, answers, serverAlive: isAlive(server.pid) };
          midwayOutcome.outage = outage;
          console.log(`base rétablie après ${outage.cutMs} ms ; réponses HTTP pendant la coupure : ${JSON.stringify(answers)}`);
        }
      })();
      await Promise.all([...writers, midway]);
      const browserOutcomes = browserPlans.length > 0 ? await browsing : [];
      for (const b of browserOutcomes) if (b.error) console.log(`navigateur hors ligne ${b.offlineMs / 1000} s : ${b.error}`);
      const since = () => `${((Date.now() - writing) / 1000).toFixed(1)} s`;
      console.log(`tout écrit à ${since()}`);
      const deadline = Date.now() + PLAN.settleMs;
      while (members.some((m) => m.queued > 0) && Date.now() < deadline) await pause(100);
      clearInterval(dropping);
      console.log(`${members.some((m) => m.queued > 0) ? 'files encore pleines' : 'files vides'} à ${since()}`);
      // Nothing is sent during the checks: a history read while posts still land would not be still.
      const undelivered = members.some((m) => m.queued > 0);
      for (const m of members) m.halt();
      if (undelivered) await pause(11_000);
      // The last drops' reconnections and their catch-ups.
      while (members.some((m) => !m.transport.connected$.value) && Date.now() < deadline) await pause(100);
      await pause(2000);
      const writingSeconds = Math.round((Date.now() - writing) / 1000);

      const streams = await checkStreams(members, run);
      const browsers = await checkBrowserTexts(members[0]!, browserOutcomes);
      await shutdown();
      const database = await checkDatabase(postgresUrl ? { databaseUrl: postgresUrl, dataDir: null } : { dataDir }, run, members);
      const totals = {
        written: members.reduce((n, m) => n + m.sent.size, 0),
        acked: members.reduce((n, m) => n + m.acked.size, 0),
        refused: members.reduce((n, m) => n + m.refused.size, 0),
        stillQueued: members.reduce((n, m) => n + m.queued, 0),
        lost: streams.reduce((n, s) => n + s.lost, 0),
        duplicated: streams.reduce((n, s) => n + s.duplicated, 0),
        membersDiffering: streams.reduce((n, s) => n + s.membersDiffering, 0),
        unanswered: members.reduce((n, m) => n + m.unanswered, 0),
        waits: members.reduce((n, m) => n + m.waits, 0),
        reconnections: members.reduce((n, m) => n + m.reconnections, 0),
        drops,
      };
      if (totals.acked !== totals.written) failures.push(`${totals.written - totals.acked} messages jamais acceptés (${totals.stillQueued} encore en file, ${totals.refused} refusés)`);
      if (totals.lost > 0) failures.push(`${totals.lost} messages perdus dans l'historique`);
      if (totals.duplicated > 0) failures.push(`${totals.duplicated} messages doublés dans l'historique`);
      if (totals.membersDiffering > 0) failures.push(`${totals.membersDiffering} lectures de membre différentes de l'historique`);
      if (database.lost + database.duplicated > 0) failures.push(`base : ${database.lost} client ids absents, ${database.duplicated} en plusieurs lignes`);
      for (const [clientId, why] of members.flatMap((m) => [...m.refused]).slice(0, 5)) failures.push(`refusé ${clientId} : ${why}`);
      for (const b of browsers) {
        if (b.error) failures.push(`navigateur (hors ligne ${b.offlineMs / 1000} s) : ${b.error}`);
        if (b.lost + b.duplicated > 0) failures.push(`navigateur (hors ligne ${b.offlineMs / 1000} s) : ${b.lost} perdus, ${b.duplicated} doublés sur ${b.written} (${b.missing.join(' ; ')})`);
      }
      const cut = midwayOutcome.outage;
      if (cut) {
        if (!cut.serverAlive) failures.push('le serveur est mort pendant la coupure de la base');
        const other = Object.keys(cut.answers).filter((answer) => answer !== `503 ${DATABASE_UNAVAILABLE}`);
        if (other.length > 0) failures.push(`réponses pendant la coupure autres que 503 : ${other.join(', ')}`);
        if (!cut.answers[`503 ${DATABASE_UNAVAILABLE}`]) failures.push('aucune réponse 503 pendant la coupure');
      }

      printTable(
        [`${kind === 'pglite' ? 'base embarquée, kill -9' : `PostgreSQL, base coupée ${CUT_MS / 1000} s`}`, 'messages', 'perdus', 'doublés', 'membres en écart'],
        [
          ...streams.filter((s) => !s.stream.startsWith('conversation:')).map((s) => [s.stream, String(s.stored), String(s.lost), String(s.duplicated), String(s.membersDiffering)]),
          ...conversationsRow(streams),
          ['base de données (lignes par client id)', String(database.rows), String(database.lost), String(database.duplicated), '—'],
          ...browsers.map((b) => [`navigateur hors ligne ${b.offlineMs / 1000} s, rechargé`, String(b.written), String(b.lost), String(b.duplicated), b.error ? 'erreur' : '—']),
        ],
      );
      console.log(
        `${totals.written} écrits, ${totals.acked} acceptés, ${totals.unanswered} envois hors ligne repris, ${totals.waits} attentes demandées, ` +
          `${drops} coupures réseau, ${totals.reconnections} reconnexions, ${writingSeconds} s`,
      );
      const waitReasons: Record<string, number> = {};
      for (const m of members) for (const [why, n] of m.waitReasons) waitReasons[why] = (waitReasons[why] ?? 0) + n;
      if (totals.waits > 0) console.log(`attentes : ${JSON.stringify(waitReasons)}`);
      return { waitReasons, database: kind, disruption: dbRelay ? 'database cut' : 'kill -9', totals, ...midwayOutcome, database_rows: database, streams, writing_seconds: writingSeconds, browsers, failures };
    } finally {
      await shutdown();
    }
  } finally {
    await dbRelay?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each text the Chromium members wrote, counted in Forex's history as the server answers it. */
async function checkBrowserTexts(reader: SoakMember, outcomes: BrowserOutcome[]): Promise<Side['browsers']> {
  if (outcomes.length === 0) return [];
  const history = await reader.history({ room: 'forex' });
  const times = new Map<string, number>();
  for (const m of history) times.set(m.content, (times.get(m.content) ?? 0) + 1);
  // A text missing from Forex: looked for in the other rooms (written in the wrong one?).
  const missing = outcomes.flatMap((o) => o.texts.filter((t) => !times.has(t)));
  const elsewhere = new Map<string, string>();
  if (missing.length > 0)
    for (const room of ROOMS.filter((r) => r !== 'forex'))
      for (const m of await reader.history({ room })) if (missing.includes(m.content)) elsewhere.set(m.content, room);
  return outcomes.map((o) => ({
    offlineMs: o.offlineMs,
    written: o.texts.length,
    lost: o.texts.filter((t) => !times.has(t)).length,
    duplicated: o.texts.filter((t) => (times.get(t) ?? 0) > 1).length,
    missing: o.texts.filter((t) => !times.has(t)).map((t) => (elsewhere.has(t) ? `${t} (dans ${elsewhere.get(t)})` : t)),
    error: o.error,
  }));
}

/** A member's REST call every 250 ms until `until`: the answers seen, by status and message. */
async function probeWhileCut(serverUrl: string, token: string, until: number): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  while (Date.now() < until) {
    let seen: string;
    try {
      const response = await fetch(`${serverUrl}/rest/conversations`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(8000) });
      const body: unknown = await response.json().catch(() => null);
      seen = `${response.status} ${typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : ''}`.trim();
    } catch (error) {
      seen = `pas de réponse (${error instanceof Error ? error.message : String(error)})`;
    }
    answers[seen] = (answers[seen] ?? 0) + 1;
    await pause(250);
  }
  return answers;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The conversations in one row: there are as many as pairs of members. */
function conversationsRow(streams: StreamCheck[]): string[][] {
  const all = streams.filter((s) => s.stream.startsWith('conversation:'));
  if (all.length === 0) return [];
  const sum = (pick: (s: StreamCheck) => number) => String(all.reduce((n, s) => n + pick(s), 0));
  return [[`${all.length} conversations privées`, sum((s) => s.stored), sum((s) => s.lost), sum((s) => s.duplicated), sum((s) => s.membersDiffering)]];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
