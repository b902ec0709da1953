import { CLIENT_EVENTS, SERVER_EVENTS } from '../../src/contract/chat';
import { cpuMsOf, sampleMemory } from './load-server';
import { RawSocket } from './raw-socket';

/**
 * One load run: members connected to a server, some of them in a room, a share of those posting
 * at a steady total rate. Measured: each post's acknowledgement (sent → answered), each delivery
 * to every member in the room (sent → the broadcast frame read by that member's socket), errors,
 * and the generator's own CPU. Latencies go into 1-ms histograms, so a million deliveries cost
 * no more memory than ten. Given several nodes of one deployment (the cluster bench, issue 24),
 * members are dealt to them in turn, and an observer hears each delivery with the nodes it went
 * between.
 */

export type Member = { id: number; token: string };

export type RunPlan = { rate: number; seconds: number; posters: number; label: string; room: string };

export type RunResult = {
  label: string;
  rate: number;
  seconds: number;
  members: number;
  inRoom: number;
  posted: number;
  acked: number;
  /** Posts answered with an error (overload, refusal) within the answer timeout. */
  refused: number;
  /** Posts with no answer within the timeout (or a closed connection). */
  failed: number;
  /** Posts whose answer (ack or refusal) took more than a second. */
  answeredLate: number;
  refusals: Record<string, number>;
  ack: Percentiles;
  delivery: Percentiles;
  /** Deliveries expected (acked posts × members in the room) and read. */
  deliveriesExpected: number;
  deliveriesSeen: number;
  achievedPerSecond: number;
  generatorCpuPercent: number;
  /** The server processes' CPU over the run, summed, in % of one core. */
  serverCpuPercent: number;
  /** The highest resident memory of any server process during the run, in MB. */
  serverRssMb: number;
  /** Client ids of the acknowledged posts (for the history check). */
  ackedIds: Set<string>;
  refusedIds: Set<string>;
};

export type Percentiles = { p50: number; p95: number; p99: number; max: number };

/**
 * Each acknowledgement and each timed delivery as it comes, in ms, with the nodes (indexes in the
 * crowd's list) of the poster and of the reader: the cluster bench keeps them as samples, split
 * by whether a delivery crossed from one node to another.
 */
export type CrowdObserver = { ack?(ms: number): void; delivery?(ms: number, fromNode: number, toNode: number): void };

const MESSAGE_FRAME = `42["${SERVER_EVENTS.message}",`;
const CLIENT_ID = '"clientId":"';
/** One member in ten times its deliveries (50 of a room of 500); all of them count theirs. */
const MEASURED_EVERY = 10;
const ANSWER_TIMEOUT_MS = 10_000;

/** A 1-ms histogram up to a minute. */
class Histogram {
  private readonly bins = new Uint32Array(60_001);
  count = 0;
  private highest = 0;
  add(ms: number): void {
    const bin = Math.min(60_000, Math.max(0, Math.round(ms)));
    this.bins[bin]! += 1;
    this.count += 1;
    this.highest = Math.max(this.highest, ms);
  }
  percentiles(): Percentiles {
    return { p50: this.at(0.5), p95: this.at(0.95), p99: this.at(0.99), max: Math.round(this.highest * 10) / 10 };
  }
  private at(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let ms = 0; ms < this.bins.length; ms += 1) {
      seen += this.bins[ms]!;
      if (seen >= rank) return ms;
    }
    return 60_000;
  }
}

/** The connected members: `inRoom` of them joined to the room, the others only connected (their readers' channels). */
export class LoadCrowd {
  private readonly sockets: RawSocket[] = [];
  private inRoomCount = 0;
  /** clientId → performance.now() when sent and the poster's node, for the run under way. */
  private sentAt = new Map<string, { at: number; node: number }>();
  private delivery = new Histogram();
  private delivered = 0;
  private readonly urls: readonly string[];

  /** `urls`: one server, or the nodes of one deployment, each member on the next in turn. */
  constructor(
    urls: string | readonly string[],
    private readonly room: string,
    private readonly observer: CrowdObserver = {},
  ) {
    this.urls = typeof urls === 'string' ? [urls] : urls;
  }

  get size(): number {
    return this.sockets.length;
  }
  get inRoom(): number {
    return this.inRoomCount;
  }

  /**
   * Connects `members` (50 at a time), joining the room when `join`, each on the next node in
   * turn. One member in `MEASURED_EVERY` of each node reads each broadcast and times it; the
   * others count theirs undecoded.
   */
  async connect(members: readonly Member[], join: boolean): Promise<void> {
    const first = this.sockets.length;
    for (let from = 0; from < members.length; from += 50) {
      const nodeOf = (i: number) => (first + from + i) % this.urls.length;
      // Counted within the node, so that every node has its measuring members.
      const measured = (i: number) => Math.floor((first + from + i) / this.urls.length) % MEASURED_EVERY === 0;
      const listen = (i: number) =>
        !join
          ? {}
          : measured(i)
            ? { onFrame: (frame: string, at: number) => this.onFrame(frame, at, nodeOf(i)) }
            : { onBroadcast: (messages: number) => this.onBroadcast(messages), counted: MESSAGE_FRAME };
      const batch = await Promise.all(members.slice(from, from + 50).map((m, i) => RawSocket.open(this.urls[nodeOf(i)]!, m.token, listen(i))));
      if (join) {
        const answers = await Promise.all(batch.map((s) => s.emitWithAck(CLIENT_EVENTS.join, { room: this.room }, ANSWER_TIMEOUT_MS)));
        const refused = answers.filter((a) => typeof a !== 'object' || a === null || !('ok' in a));
        if (refused.length > 0) throw new Error(`'join room' refusé : ${JSON.stringify(refused[0])}`);
        this.inRoomCount += batch.length;
      }
      this.sockets.push(...batch);
    }
  }

  /** Closes the last `count` connections (members that only connected). */
  disconnectLast(count: number): void {
    for (const socket of this.sockets.splice(this.sockets.length - count, count)) socket.close();
  }

  close(): void {
    for (const socket of this.sockets.splice(0)) socket.close();
    this.inRoomCount = 0;
  }

  /** `serverPids`: the processes whose CPU and memory the run reports (every node of a deployment). */
  async run(plan: RunPlan, runId: string, serverPids: number | readonly number[]): Promise<RunResult> {
    const posters = this.sockets.slice(0, Math.min(plan.posters, this.inRoomCount));
    if (posters.length === 0) throw new Error('aucun membre dans la room pour poster');
    this.sentAt = new Map();
    this.delivery = new Histogram();
    this.delivered = 0;
    const ack = new Histogram();
    const ackedIds = new Set<string>();
    const refusedIds = new Set<string>();
    const refusals: Record<string, number> = {};
    let refused = 0;
    let failed = 0;
    let answeredLate = 0;
    let lastAnswer = 0;
    const total = Math.round(plan.rate * plan.seconds);
    const interval = 1000 / plan.rate;
    const answers: Promise<void>[] = [];
    const cpu = process.cpuUsage();
    const pids = typeof serverPids === 'number' ? [serverPids] : serverPids;
    const serverCpuMs = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    const serverCpu = serverCpuMs();
    const memory = pids.map((pid) => sampleMemory(pid));
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      const wait = started + i * interval - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const poster = i % posters.length;
      const socket = posters[poster]!;
      const clientId = `${runId}-${String(i).padStart(6, '0')}`;
      const sent = performance.now();
      // The posters are the first sockets, dealt to the nodes in turn like every member.
      this.sentAt.set(clientId, { at: sent, node: poster % this.urls.length });
      answers.push(
        socket.emitWithAck(CLIENT_EVENTS.post, { clientId, room: this.room, content: LINES[i % LINES.length]! }, ANSWER_TIMEOUT_MS).then((answer) => {
          const at = performance.now();
          lastAnswer = at;
          if (at - sent > 1000) answeredLate += 1;
          if (typeof answer === 'object' && answer !== null && 'message' in answer) {
            ack.add(at - sent);
            this.observer.ack?.(at - sent);
            ackedIds.add(clientId);
          } else {
            const error = typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error) : 'réponse inattendue';
            if (error === 'délai dépassé' || error === 'connexion fermée') failed += 1;
            else {
              refused += 1;
              refusedIds.add(clientId);
            }
            refusals[error] = (refusals[error] ?? 0) + 1;
          }
        }),
      );
    }
    await Promise.all(answers);
    const serverRssMb = Math.round(Math.max(...memory.map((m) => m.stop())));
    const cpuUsed = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    const serverCpuPercent = Math.round(((serverCpuMs() - serverCpu) / wall) * 100);
    // Deliveries still on their way get a second after the last answer.
    const expected = ackedIds.size * this.inRoomCount;
    const deadline = performance.now() + 5000;
    while (this.delivered < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = Math.max(0.001, (lastAnswer - started) / 1000);
    return {
      label: plan.label,
      rate: plan.rate,
      seconds: plan.seconds,
      members: this.sockets.length,
      inRoom: this.inRoomCount,
      posted: total,
      acked: ackedIds.size,
      refused,
      failed,
      answeredLate,
      refusals,
      ack: ack.percentiles(),
      delivery: this.delivery.percentiles(),
      deliveriesExpected: expected,
      deliveriesSeen: this.delivered,
      achievedPerSecond: Math.round((ackedIds.size / seconds) * 10) / 10,
      generatorCpuPercent: Math.round(((cpuUsed.user + cpuUsed.system) / 1000 / wall) * 100),
      serverCpuPercent,
      serverRssMb,
      ackedIds,
      refusedIds,
    };
  }

  private onBroadcast(messages: number): void {
    this.delivered += messages;
  }

  /** A frame of one message or of several written together (an array), read on `node`: each is timed. */
  private onFrame(frame: string, at: number, node: number): void {
    if (!frame.startsWith(MESSAGE_FRAME)) return;
    for (let start = frame.indexOf(CLIENT_ID); start >= 0; start = frame.indexOf(CLIENT_ID, start + 1)) {
      const end = frame.indexOf('"', start + CLIENT_ID.length);
      const sent = this.sentAt.get(frame.slice(start + CLIENT_ID.length, end));
      if (sent === undefined) continue;
      this.delivery.add(at - sent.at);
      this.observer.delivery?.(at - sent.at, sent.node, node);
      this.delivered += 1;
    }
  }
}

/** What traders write in a busy minute: short lines of a realistic length. */
export const LINES = [
  'EURUSD casse les 1.0850, je prends une partie des gains',
  'NFP bien au-dessus du consensus, le dollar se reprend fort',
  'Quelqu’un joue le retour sur la résistance ?',
  'Stop remonté au point d’entrée, on laisse courir',
  'GBPJPY en range depuis l’ouverture de Londres',
  'Attention à la volatilité dans les 5 prochaines minutes',
  'Je reste à l’écart, trop de bruit pour moi',
  'TP1 touché sur l’or, merci coach',
];
