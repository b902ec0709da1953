import { filter, firstValueFrom, of, timeout } from 'rxjs';
import { CLIENT_EVENTS, moreMessagesAck, type ChatMessage } from '../contract/chat';
import type { ComptoirDatabase } from '../store/database';
import type { ChatEvent } from './fold-chat-event';
import { readKv, writeKv } from './fold-chat-event';
import { furtherBack, historyKey, nextHistory, roomStream, revOf, type HistoryState } from './message-state';
import type { ReadPosition } from '../contract/read-state';
import { LIST_PAGE } from '../domain/chat-limits';
import { isAfter } from '../domain/read-position';
import { messagesFrom } from '../store/chat-queries';
import type { SocketTransport } from './socket-transport';

/**
 * A room's log opened away from its newest rows (issue 21, 'jump anywhere'): the window read
 * around a message, kept apart from the room's contiguous history (`history:room:…`), which it may
 * be far older than. `newestRev` bounds the window from below in the list (its anchor); `history`
 * pages it older, as a room's own history does. Each jump bumps `n`, so the list opens anew even
 * at the message it shows; `session` names the sync that wrote it (a record left by an earlier page
 * is never taken for this one's, even before it is cleared).
 */
export type JumpState = {
  session: string;
  n: number;
  target: string;
  /** The window's newest row, and whether the room has newer ones (read on when the reader gets there). */
  newestId: string;
  newestRev: number;
  newer: boolean;
  history: HistoryState;
  /** The window opened at the room's first unread, far back (its target under the 'Nouveaux messages' line, not highlighted). */
  unread?: boolean;
  /** How many rows the list's first window needs (from `newestRev` down, past its target); the widest window when absent. */
  firstWindow?: number;
};
/** A room's first unread that is no longer there (the room emptied meanwhile): the log opens at its end. */
const UNREAD_NOT_FOUND = 'Message introuvable';
/** Rows read from the store after a read position (own messages first, then the first unread and the screen below it). */
const UNREAD_READ = LIST_PAGE;
/** Rows below a first unread read from the store with it: a screen's worth; more come as the reader scrolls down. */
const BELOW_UNREAD = LIST_PAGE / 2;
/** How long a jump waits for the socket's connection before it is told as failed. */
const CONNECT_WAIT_MS = 10_000;
export const jumpKey = (stream: string) => `jump:${stream}`;

/**
 * Where a jump lands: a message (a search result, a mention, a pin, a reply's parent), a moment, or
 * the reader's first unread after what they read (a room opened far from its newest rows).
 */
export type JumpPlace = { messageId: string } | { date: string } | { after: ReadPosition; viewer: number };
const aroundOf = (place: JumpPlace) => ('messageId' in place ? { aroundMessage: place.messageId } : 'date' in place ? { aroundDate: place.date } : { afterPosition: place.after });

/**
 * The jumps of the chat's sync: read the window around a place from the server, fold its rows
 * into the store, then record where the room's log opens. Views send the intent and read the record.
 */
export function createJumpSync(deps: {
  db: ComptoirDatabase;
  socket: SocketTransport;
  serial: <T>(work: () => Promise<T>) => Promise<T>;
  fold: (events: ChatEvent[]) => Promise<unknown>;
}) {
  const { db, socket, serial, fold } = deps;
  // A jump is a visit's: one left open when the page closed is not where the next visit opens.
  void serial(() => db.kv.find({ selector: { key: { $regex: '^jump:' } } }).remove());
  /** Unique per session, so a list never takes a new jump for one it has shown. */
  let jumps = 0;
  const session = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const received = (messages: ChatMessage[]): ChatEvent[] => messages.map((message) => ({ type: 'MessageReceived', message, forViewer: true }));
  /** Records a new jump of `stream` (its number is the session's next). Inside `serial`. */
  function record(stream: string, jump: Omit<JumpState, 'session' | 'n'>): Promise<void> {
    jumps += 1;
    return writeKv(db, jumpKey(stream), { session, n: jumps, ...jump } satisfies JumpState);
  }

  /** Whether the room's own block of history, which reaches its newest rows, reaches back to `rev` too. Inside `serial`. */
  async function heldBack(stream: string, rev: number): Promise<HistoryState | null> {
    const own = await readKv<HistoryState>(db, historyKey(stream));
    return own && (own.exhausted || (own.oldestRev !== null && own.oldestRev >= rev)) ? own : null;
  }

  /**
   * The window around a first unread the store holds in the room's own block: its rows are there
   * already, so the jump is recorded at once (newer rows are read from the store too, below), its
   * history the room's own. False when the block does not reach back to it. Inside `serial`.
   */
  async function storedUnreadWindow(room: string, place: { after: ReadPosition; viewer: number }): Promise<boolean> {
    const stream = roomStream(room);
    const own = await heldBack(stream, revOf(place.after.date));
    if (!own) return false;
    const rows = (await messagesFrom(db, stream, revOf(place.after.date), UNREAD_READ)).filter((m) => isAfter(m, place.after));
    const at = rows.findIndex((m) => m.sender.id !== place.viewer);
    const target = rows[at];
    if (!target) return false;
    const newest = rows[Math.min(at + BELOW_UNREAD, rows.length - 1)]!;
    await record(stream, {
      target: target._id,
      newestId: newest._id,
      newestRev: revOf(newest.date),
      // (Fewer rows than read: the store's newest, which are the room's.)
      newer: rows.length === UNREAD_READ || at + BELOW_UNREAD < rows.length - 1,
      history: own,
      unread: true,
      firstWindow: LIST_PAGE,
    });
    return true;
  }

  /** Jump `n`'s next newer rows from the store, when the room's own block holds them (true); else the server is asked. Inside `serial`. */
  async function storedNewer(stream: string, n: number): Promise<boolean> {
    const jump = await readKv<JumpState>(db, jumpKey(stream));
    if (jump?.n !== n || !(await heldBack(stream, jump.newestRev))) return false;
    const rows = (await messagesFrom(db, stream, jump.newestRev, LIST_PAGE + 1)).filter((m) => revOf(m.date) < jump.newestRev || (revOf(m.date) === jump.newestRev && m._id > jump.newestId));
    const newest = rows.at(-1);
    if (rows.length < LIST_PAGE || !newest) await joinEnd(stream, n);
    else await writeKv(db, jumpKey(stream), { ...jump, newestId: newest._id, newestRev: revOf(newest.date), newer: true });
    return true;
  }

  /**
   * Jump `n` reached the room's newest rows (the room's later rows come live, or by its catch-up):
   * its block joins the room's own, which then reaches as far back as the longer of the two, and the
   * jump's record goes. Inside `serial`.
   */
  async function joinEnd(stream: string, n: number): Promise<void> {
    const jump = await readKv<JumpState>(db, jumpKey(stream));
    if (jump?.n !== n) return;
    const own = await readKv<HistoryState>(db, historyKey(stream));
    await writeKv(db, historyKey(stream), furtherBack(own, jump.history));
    await db.kv.bulkRemove([jumpKey(stream)]);
  }

  return {
    session,

    /** Opens `room`'s log at `place`; the server's refusal ('Message introuvable', …) or null. */
    async jump(room: string, place: JumpPlace): Promise<string | null> {
      // A first unread inside the room's rows held here: the window is read from the store, at once and offline.
      if ('after' in place && (await serial(() => storedUnreadWindow(room, place)))) return null;
      const around = aroundOf(place);
      // A link opened in a new page asks before the socket has connected: it waits a moment for it.
      await firstValueFrom(socket.connected$.pipe(filter(Boolean), timeout({ first: CONNECT_WAIT_MS, with: () => of(false) })));
      const answer = await socket.request(CLIENT_EVENTS.more, { room, ...around }, moreMessagesAck);
      if (!answer.ok) return answer.error;
      if (!('messages' in answer.data)) return answer.data.error;
      const page = answer.data;
      const newest = page.messages[0];
      // An empty room: nothing to open at (a first unread asked for was there a moment ago: not found).
      if (!page.target || !newest) return 'after' in place ? UNREAD_NOT_FOUND : null;
      await fold(received(page.messages));
      const target = page.target;
      await serial(() =>
        record(roomStream(room), {
          target,
          newestId: newest._id,
          newestRev: revOf(newest.date),
          newer: page.newer ?? false,
          history: nextHistory(null, page, false),
          ...('after' in place ? { unread: true } : {}),
        }),
      );
      return null;
    },

    /** The next older page of the jumped window; false only when the page asked for did not come. */
    async loadOlder(room: string): Promise<boolean> {
      const key = jumpKey(roomStream(room));
      const jump = await readKv<JumpState>(db, key);
      // Nothing to ask is no failure (false is for a page asked for that did not come).
      if (!jump || jump.history.exhausted || jump.history.cursor === null) return true;
      const answer = await socket.request(CLIENT_EVENTS.more, { room, cursor: jump.history.cursor }, moreMessagesAck);
      if (!answer.ok || !('messages' in answer.data)) return false;
      const page = answer.data;
      await fold(received(page.messages));
      await serial(async () => {
        const latest = await readKv<JumpState>(db, key);
        // Another jump (or the way back to the newest rows) came meanwhile: this page is not its.
        if (latest?.n === jump.n) await writeKv(db, key, { ...latest, history: nextHistory(latest.history, page, false) });
      });
      return true;
    },

    /**
     * The rows after the jumped window's newest (the window around it, its newer half kept). Once
     * the window reaches the room's newest rows, it joins the room's own history and the jump ends:
     * the log is the room's again, live at its end. False when no page came.
     */
    async loadNewer(room: string): Promise<boolean> {
      const stream = roomStream(room);
      const key = jumpKey(stream);
      const jump = await readKv<JumpState>(db, key);
      if (!jump) return false;
      if (!jump.newer) {
        await serial(() => joinEnd(stream, jump.n));
        return true;
      }
      if (await serial(() => storedNewer(stream, jump.n))) return true;
      const answer = await socket.request(CLIENT_EVENTS.more, { room, aroundMessage: jump.newestId }, moreMessagesAck);
      if (!answer.ok || !('messages' in answer.data)) return false;
      const page = answer.data;
      const newest = page.messages[0];
      await fold(received(page.messages));
      await serial(async () => {
        const latest = await readKv<JumpState>(db, key);
        if (latest?.n !== jump.n || !newest) return;
        if (page.newer) await writeKv(db, key, { ...latest, newestId: newest._id, newestRev: revOf(newest.date), newer: true });
        else await joinEnd(stream, jump.n);
      });
      return true;
    },

    /** Back to the newest rows: the room's log reads its own history again. */
    leave: (room: string) => serial(() => db.kv.bulkRemove([jumpKey(roomStream(room))])),
  };
}
