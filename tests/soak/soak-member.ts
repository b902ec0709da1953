import type { z } from 'zod/mini';
import {
  chatMessagesEvent,
  CLIENT_EVENTS,
  joinAck,
  messagesOf,
  moreMessagesAck,
  postMessageAck,
  SERVER_EVENTS,
  type ChatMessage,
} from '../../src/contract/chat';
import { MESSAGING_SERVER_EVENTS, newPrivateMessageEvent } from '../../src/contract/messaging';
import { createSocketTransport, type AckResult, type SocketTransport } from '../../src/sync/socket-transport';
import { UNANSWERED_RETRY_MS } from '../../src/sync/outbox';

/**
 * One member of the soak, on the app's own socket transport (src/sync/socket-transport.ts), doing
 * what src/sync/chat-sync.ts does with the network: an outbox sent oldest first, one post at a
 * time, each retried with its same client id when the network did not answer or the server asked
 * to wait (`retryAfterMs`); on every (re)connection, each joined stream joined again and caught up
 * after its cursor, then the outbox flushed; a live message past its stream's cursor + 1 is a gap,
 * caught up too. Every message heard (live or caught up) is kept by stream, to be compared with
 * the server's history at the end. `moveTo` takes the member to another node of a deployment
 * (the cluster bench, issue 24), as a balancer would send its next connection to a living one.
 */

export type Target = { room: string } | { toUser: number };

export type Heard = { id: string; clientId: string | null; date: string; seq: number };

type Channel = { room: string } | { conversationId: string };
type Queued = { clientId: string; content: string; target: Target };

/** The stream a message belongs to: its conversation or its room. */
export const streamOf = (message: Pick<ChatMessage, 'room' | 'conversationId'>): string => (message.conversationId ? `conversation:${message.conversationId}` : message.room);

const keyOf = (channel: Channel): string => ('room' in channel ? channel.room : `conversation:${channel.conversationId}`);

export class SoakMember {
  /** Stream → message id → what was heard of it. */
  readonly heard = new Map<string, Map<string, Heard>>();
  /** Client ids sent and acknowledged (with the message), refused (with the reason). */
  readonly acked = new Map<string, ChatMessage>();
  readonly refused = new Map<string, string>();
  readonly sent = new Set<string>();
  /** Posts answered 'wait' (server busy, flood control, database unreachable) and sent again. */
  waits = 0;
  /** Those waits by the server's reason (busy room, database out of reach, flood control). */
  readonly waitReasons = new Map<string, number>();
  /** Posts the network did not answer (disconnection, timeout), sent again at the next connection. */
  unanswered = 0;
  reconnections = -1;
  /** Joins answered with an error or not at all (the stream is then caught up at its next gap). */
  joinFailures = 0;
  /** performance.now() when a connection last had every stream joined again; null before. */
  rejoinedAt: number | null = null;
  private current: SocketTransport;
  private readonly outbox: Queued[] = [];
  private readonly joined = new Map<string, Channel>();
  private readonly cursors = new Map<string, number>();
  /** Each member's conversation with another: learnt from the first post's answer. */
  private readonly conversations = new Map<number, string>();
  private flushing: Promise<void> | null = null;
  /** Stopped sending (the soak's checks read a still history). */
  private halted = false;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly catchUps = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    url: string,
    readonly id: number,
    private readonly token: string,
    private readonly rooms: readonly string[],
  ) {
    for (const room of rooms) this.joined.set(room, { room });
    this.current = this.open(url);
  }

  /** The app's transport to the node the member is on (a new one after `moveTo`). */
  get transport(): SocketTransport {
    return this.current;
  }

  /**
   * Leaves its node for the one at `url`, keeping its outbox, cursors and what it heard: the new
   * transport joins, catches up and flushes at its first connection as at any reconnection, and
   * what the old one left unanswered is sent again with its client id.
   */
  moveTo(url: string): void {
    this.current.close();
    this.current = this.open(url);
  }

  /** Resolves once connected and every room joined. */
  async ready(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!this.transport.connected$.value || this.cursors.size < this.rooms.length) {
      if (Date.now() > deadline) throw new Error(`membre ${this.id} : pas connecté après 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Writes a message: queued at once, sent when the outbox's turn comes. */
  write(clientId: string, content: string, target: Target): void {
    this.sent.add(clientId);
    this.outbox.push({ clientId, content, target });
    void this.flush();
  }

  get queued(): number {
    return this.outbox.length;
  }

  /** The streams the member reads: its rooms and the conversations it has learnt of. */
  streams(): { key: string; channel: Channel }[] {
    return [...this.joined.entries()].map(([key, channel]) => ({ key, channel }));
  }

  /** A stream's whole history as the server answers it, page after page, oldest first (the app's order: date, then id). */
  async history(channel: Channel): Promise<ChatMessage[]> {
    const pages: ChatMessage[][] = [];
    let cursor: string | null = null;
    do {
      const answer: AckResult<z.infer<typeof moreMessagesAck>> = await this.transport.request(CLIENT_EVENTS.more, { ...channel, cursor }, moreMessagesAck, 30_000);
      if (!answer.ok || !('messages' in answer.data)) throw new Error(`historique de ${keyOf(channel)} : ${answer.ok ? 'réponse inattendue' : answer.error}`);
      pages.push(answer.data.messages);
      cursor = answer.data.cursor;
    } while (cursor !== null);
    return pages.flat().reverse();
  }

  /** Sends nothing more: what is still queued stays queued (counted by the soak as not delivered). */
  halt(): void {
    this.halted = true;
    clearTimeout(this.retryTimer);
  }

  close(): void {
    this.halt();
    for (const timer of this.catchUps.values()) clearTimeout(timer);
    this.transport.close();
  }

  /** Every joined stream caught up after its cursor: the checks' last word, so a tail no later message revealed as a gap is read too. */
  async catchUpAll(): Promise<void> {
    for (const channel of [...this.joined.values()]) await this.catchUp(channel);
  }

  private open(url: string): SocketTransport {
    const transport = createSocketTransport({ url, getToken: () => this.token, onMalformed: (event, issues) => console.error(`malformé : ${event}`, issues) });
    transport.on(SERVER_EVENTS.message, chatMessagesEvent, (payload) => this.live(messagesOf(payload)));
    // Heard on the member's own channel, joined or not: kept, but it moves no cursor (the app's fold does the same).
    transport.on(MESSAGING_SERVER_EVENTS.newPrivateMessage, newPrivateMessageEvent, (event) => this.keep([event.message]));
    transport.onConnect(() => {
      this.reconnections += 1;
      void (async () => {
        let all = true;
        for (const channel of [...this.joined.values()]) {
          if (await this.join(channel)) void this.catchUp(channel);
          else all = false;
        }
        if (all) this.rejoinedAt = performance.now();
        await this.flush();
      })();
    });
    return transport;
  }

  private flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    const round = this.sendQueue();
    this.flushing = round;
    // Set free after the round, whether it ended at once (nothing queued) or later.
    void round.finally(() => {
      if (this.flushing === round) this.flushing = null;
    });
    return round;
  }

  /** Sends the queue oldest first, one post at a time; stops when the network fails or the server asks to wait. */
  private async sendQueue(): Promise<void> {
    do {
      this.flushAgain = false;
      while (!this.halted && this.outbox.length > 0) {
        const outcome = await this.post(this.outbox[0]!);
        // Offline: the next connection flushes (or already asked to, meanwhile: the round goes again);
        // unanswered on a socket still open, the queue goes again after a while (as chat-sync.ts).
        if (outcome === 'offline') {
          if (this.transport.connected$.value) {
            clearTimeout(this.retryTimer);
            this.retryTimer = setTimeout(() => void this.flush(), UNANSWERED_RETRY_MS);
          }
          break;
        }
        if (typeof outcome === 'number') {
          clearTimeout(this.retryTimer);
          this.retryTimer = setTimeout(() => void this.flush(), outcome);
          return;
        }
        this.outbox.shift();
      }
    } while (this.flushAgain);
  }

  private async post(entry: Queued): Promise<'done' | 'offline' | number> {
    const where =
      'room' in entry.target
        ? { room: entry.target.room }
        : this.conversations.has(entry.target.toUser)
          ? { conversationId: this.conversations.get(entry.target.toUser)! }
          : { usersId: [String(entry.target.toUser)] };
    const answer = await this.transport.request(CLIENT_EVENTS.post, { clientId: entry.clientId, content: entry.content, attachments: [], ...where }, postMessageAck);
    if (answer.ok && 'message' in answer.data) {
      const { message } = answer.data;
      this.acked.set(entry.clientId, message);
      // The echo in the answer is folded as the app folds it (it moves no cursor).
      this.keep([message]);
      if (message.conversationId && 'toUser' in entry.target && !this.conversations.has(entry.target.toUser)) {
        this.conversations.set(entry.target.toUser, message.conversationId);
        this.openConversation(message.conversationId);
      }
      return 'done';
    }
    if (!answer.ok && answer.offline) {
      this.unanswered += 1;
      return 'offline';
    }
    if (!answer.ok && answer.retryAfterMs !== undefined) {
      this.waits += 1;
      this.waitReasons.set(answer.error, (this.waitReasons.get(answer.error) ?? 0) + 1);
      return answer.retryAfterMs;
    }
    this.refused.set(entry.clientId, answer.ok ? 'réponse inattendue' : answer.error);
    return 'done';
  }

  /** A conversation heard of (its first message, either side): joined and read from its start. */
  openConversation(conversationId: string): void {
    const channel = { conversationId };
    const key = keyOf(channel);
    if (this.joined.has(key)) return;
    this.joined.set(key, channel);
    void this.join(channel).then(async (joined) => {
      if (joined) await this.catchUp(channel);
    });
  }

  private async join(channel: Channel): Promise<boolean> {
    const answer = await this.transport.request(CLIENT_EVENTS.join, channel, joinAck);
    if (!answer.ok || !('lastSeq' in answer.data)) {
      this.joinFailures += 1;
      return false;
    }
    const key = keyOf(channel);
    // A room's cursor starts where the room was at the first join (its demo history is not the soak's);
    // a conversation's at its start.
    if (!this.cursors.has(key)) this.cursors.set(key, 'room' in channel ? answer.data.lastSeq : 0);
    return true;
  }

  private async catchUp(channel: Channel): Promise<void> {
    const key = keyOf(channel);
    for (let round = 0; round < 50; round += 1) {
      const after = this.cursors.get(key) ?? 0;
      const answer = await this.transport.request(CLIENT_EVENTS.more, { ...channel, cursor: null, afterSeq: after }, moreMessagesAck);
      if (!answer.ok || !('messages' in answer.data)) return;
      const page = answer.data;
      this.keep(page.messages);
      const covered = page.cursor === null ? page.lastSeq : Number(page.cursor);
      if (!Number.isInteger(covered) || covered <= after) return;
      this.cursors.set(key, Math.max(this.cursors.get(key) ?? 0, covered));
      if (page.cursor === null) return;
    }
  }

  private live(messages: ChatMessage[]): void {
    this.keep(messages);
    for (const message of messages) {
      const key = streamOf(message);
      const channel = this.joined.get(key);
      const cursor = this.cursors.get(key);
      if (!channel || cursor === undefined) continue;
      if (message.seq === cursor + 1) this.cursors.set(key, message.seq);
      else if (message.seq > cursor + 1) this.scheduleCatchUp(channel);
    }
  }

  private keep(messages: ChatMessage[]): void {
    for (const message of messages) {
      const key = streamOf(message);
      if (message.conversationId) this.openConversation(message.conversationId);
      let stream = this.heard.get(key);
      if (!stream) this.heard.set(key, (stream = new Map()));
      stream.set(message._id, { id: message._id, clientId: message.clientId, date: message.date, seq: message.seq });
    }
  }

  private scheduleCatchUp(channel: Channel): void {
    const key = keyOf(channel);
    if (this.catchUps.has(key)) return;
    this.catchUps.set(
      key,
      setTimeout(() => {
        this.catchUps.delete(key);
        void this.catchUp(channel);
      }, 200),
    );
  }
}
