import WebSocket from 'ws';
import { SOCKET_PATH } from '../../src/contract/hosts';

/**
 * A socket.io client reduced to what the load needs, on a bare WebSocket: the server sees a real
 * socket.io v4 client (engine.io handshake, CONNECT with the token, pings answered, events with
 * acknowledgements), but the generator neither decodes nor dispatches the frames it only counts.
 * socket.io-client decoding 50,000 broadcasts a second would be the generator's bottleneck, not
 * the server's; this reads each frame as a string and hands it to `onFrame` as is.
 */
const EVENT = Buffer.from('42[');
const CLIENT_ID = Buffer.from('"clientId":');

/** Messages in a broadcast frame: one, or as many as an array of them holds. */
function countOf(frame: Buffer): number {
  let count = 0;
  for (let at = frame.indexOf(CLIENT_ID); at >= 0; at = frame.indexOf(CLIENT_ID, at + CLIENT_ID.length)) count += 1;
  return Math.max(1, count);
}

export class RawSocket {
  private readonly acks = new Map<number, (answer: unknown) => void>();
  private nextAck = 1;
  private closedWith: string | null = null;

  private constructor(
    private readonly ws: WebSocket,
    private readonly onFrame: ((frame: string, at: number) => void) | null,
    private readonly onBroadcast: ((messages: number) => void) | null,
    /** The frames `onBroadcast` counts start with it. */
    private readonly countedPrefix: Buffer,
  ) {}

  /**
   * Opens the connection with `token` as socket.io's `auth.token`; rejects on a refused handshake.
   * `listen.onFrame` reads every event frame as text (a measuring member); `listen.onBroadcast`
   * only counts the messages of those starting with `listen.counted`, undecoded (the generator's cost stays low with hundreds of members).
   */
  static open(
    url: string,
    token: string,
    listen: { onFrame?: (frame: string, at: number) => void; onBroadcast?: (messages: number) => void; counted?: string } = {},
  ): Promise<RawSocket> {
    const address = `${url.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`;
    const ws = new WebSocket(address, { perMessageDeflate: false, skipUTF8Validation: true });
    const socket = new RawSocket(ws, listen.onFrame ?? null, listen.onBroadcast ?? null, Buffer.from(listen.counted ?? '42['));
    return new Promise((resolve, reject) => {
      const fail = (why: string) => {
        ws.terminate();
        reject(new Error(why));
      };
      const timer = setTimeout(() => fail('connexion socket.io sans réponse après 20 s'), 20_000);
      let connected = false;
      ws.on('error', (error) => (connected ? undefined : fail(error.message)));
      ws.on('close', () => {
        socket.closedWith ??= 'fermée';
        for (const answer of socket.acks.values()) answer({ error: 'connexion fermée' });
        socket.acks.clear();
      });
      ws.on('message', (data: Buffer) => {
        // An event frame ('42[…') is handed on before anything is decoded.
        if (data[0] === EVENT[0] && data[1] === EVENT[1] && data[2] === EVENT[2]) {
          if (socket.onFrame) socket.onFrame(data.toString(), performance.now());
          else if (socket.onBroadcast && data.subarray(0, socket.countedPrefix.length).equals(socket.countedPrefix)) socket.onBroadcast(countOf(data));
          return;
        }
        const frame = data.toString();
        if (frame === '2') return ws.send('3');
        if (frame.startsWith('0{')) return ws.send(`40${JSON.stringify({ token })}`);
        if (frame.startsWith('40')) {
          connected = true;
          clearTimeout(timer);
          return resolve(socket);
        }
        if (frame.startsWith('44')) return fail(`connexion refusée : ${frame.slice(2)}`);
        if (frame.startsWith('43')) return socket.answer(frame);
      });
    });
  }

  get open(): boolean {
    return this.closedWith === null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Emits `event` with an acknowledgement; resolves with the decoded answer, or `{ error }` after `timeoutMs`. */
  emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        resolve({ error: 'délai dépassé' });
      }, timeoutMs);
      this.acks.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      if (!this.open) return this.acks.get(id)?.({ error: 'connexion fermée' });
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  close(): void {
    this.closedWith = 'fermée par le générateur';
    this.ws.terminate();
  }

  private answer(frame: string): void {
    const start = frame.indexOf('[');
    const id = Number(frame.slice(2, start));
    const done = this.acks.get(id);
    if (!done) return;
    this.acks.delete(id);
    try {
      const [answer] = JSON.parse(frame.slice(start)) as unknown[];
      done(answer);
    } catch {
      done({ error: 'réponse illisible' });
    }
  }
}
