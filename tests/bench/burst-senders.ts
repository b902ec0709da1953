import { io as connect, type Socket } from 'socket.io-client';
import { CLIENT_EVENTS, moreMessagesAck, postMessageAck } from '../../src/contract/chat';
import { SOCKET_PATH } from '../../src/contract/hosts';
import { tokenOf } from './bench-server';
import { BENCH_COACH } from './seed-bench-data';

/**
 * The burst: members in node post at a steady rate over several rooms through socket.io, as other
 * members' browsers would. When the server pushed each message to its room is read back from the
 * bench server's probe (bench-server-main.ts): the clock every "push → paint" latency starts from.
 */

/** `runId` must start with 'bench': the server's probe notes only those client ids. */
export type BurstPlan = { rooms: string[]; perSecond: number; seconds: number; runId: string };
export type BurstOutcome = {
  /** clientId → the stored message's id, for every post the server acknowledged. */
  acked: Map<string, string>;
  refused: number;
  /** message id → when the server pushed it to its room (Date.now()). */
  pushedAt: Map<string, number>;
  roomOf: Map<string, string>;
  /** Posts the server acknowledged per second, from the first post to the last acknowledgement. */
  achievedPerSecond: number;
  serverSeconds: number;
};

export async function openSocket(url: string, identifier: string): Promise<Socket> {
  const token = await tokenOf(url, identifier);
  const socket = connect(url, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

export async function runBurst(url: string, senders: readonly string[], plan: BurstPlan, lines: readonly string[]): Promise<BurstOutcome> {
  if (!plan.runId.startsWith('bench')) throw new Error("l'identifiant de rafale doit commencer par 'bench'");
  const sockets = await Promise.all(senders.map((name) => openSocket(url, name)));
  try {
    await fetch(`${url}/bench/pushes`);
    const total = Math.round(plan.perSecond * plan.seconds);
    const interval = 1000 / plan.perSecond;
    const acked = new Map<string, string>();
    let refused = 0;
    const answers: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      const wait = started + i * interval - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const socket = sockets[Math.floor(i / plan.rooms.length) % sockets.length]!;
      const room = plan.rooms[i % plan.rooms.length]!;
      const clientId = `${plan.runId}-${String(i).padStart(5, '0')}`;
      answers.push(
        socket
          .timeout(60_000)
          .emitWithAck(CLIENT_EVENTS.post, { clientId, room, content: lines[i % lines.length]! })
          .then((answer: unknown) => {
            const parsed = postMessageAck.safeParse(answer);
            if (parsed.success && 'message' in parsed.data) acked.set(clientId, parsed.data.message._id);
            else refused += 1;
          })
          .catch(() => {
            refused += 1;
          }),
      );
    }
    await Promise.all(answers);
    const serverSeconds = (performance.now() - started) / 1000;
    const pushes = (await (await fetch(`${url}/bench/pushes`)).json()) as [string, number, string][];
    return {
      acked,
      refused,
      pushedAt: new Map(pushes.map(([id, at]) => [id, at])),
      roomOf: new Map(pushes.map(([id, , room]) => [id, room])),
      achievedPerSecond: acked.size / serverSeconds,
      serverSeconds,
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

/** Each room's newest top-level message id now, as the bench member's 'more messages' gives it (newest first). */
export async function newestRows(url: string, rooms: readonly { id: string }[]): Promise<Map<string, string>> {
  const socket = await openSocket(url, BENCH_COACH);
  try {
    const newest = new Map<string, string>();
    for (const room of rooms) {
      const answer = moreMessagesAck.parse(await socket.timeout(10_000).emitWithAck(CLIENT_EVENTS.more, { room: room.id, cursor: null }));
      if (!('messages' in answer) || answer.messages.length === 0) throw new Error(`room ${room.id} sans message`);
      newest.set(room.id, answer.messages[0]!._id);
    }
    return newest;
  } finally {
    socket.close();
  }
}
