import { BADGE_SEQS_MAX, SERVER_EVENTS, type ChatMessage } from '../../src/contract/chat';
import type { ComptoirIo } from '../realtime/socket-server';
import { alertChannel, readersChannel, roomChannel, threadChannel, userChannel } from '../realtime/channels';
import type { MessagePlace } from './message-actions';
import type { ThreadChange } from './post-message';

/**
 * What the server announces after a change, and to whom. A post is never delivered to the sockets
 * of members who blocked its author (spec 2 §4); counts and deletions go to everyone in the stream.
 * A comment under an alert goes to the alert's channel only (its readers were checked on joining);
 * the alert's new comment count goes to every member, as alert feeds show every room's alerts.
 */
export function announcePost(io: ComptoirIo, message: ChatMessage, thread: ThreadChange | null, blockerIds: number[]): void {
  const hidden = blockerIds.map(userChannel);
  if (message.alertId !== null) {
    io.to(alertChannel(message.alertId)).except(hidden).emit(SERVER_EVENTS.discussion, message);
    if (thread) announceThread(io, message.room, thread);
    return;
  }
  if (message.parentMessage === null) return announceRoomPosts(io, [{ message, blockerIds }]);
  io.to([threadChannel(message.parentMessage), roomChannel(message.room)]).except(hidden).emit(SERVER_EVENTS.discussion, message);
  if (thread) announceThread(io, message.room, thread);
}

/**
 * New top-level messages of one room written together (issue 25, group commit), in seq order: a
 * run of messages nobody blocked the authors of goes to the room as one event (an array), one
 * frame per member instead of one per message; a message with blockers goes on its own, without
 * them. Each counts for the readers' badges (`announceBadge`).
 */
export function announceRoomPosts(io: ComptoirIo, posts: readonly { message: ChatMessage; blockerIds: number[] }[]): void {
  let run: ChatMessage[] = [];
  const flush = () => {
    if (run.length === 0) return;
    io.to(roomChannel(run[0]!.room)).emit(SERVER_EVENTS.message, run.length === 1 ? run[0]! : run);
    run = [];
  };
  for (const { message, blockerIds } of posts) {
    if (blockerIds.length === 0) run.push(message);
    else {
      flush();
      io.to(roomChannel(message.room)).except(blockerIds.map(userChannel)).emit(SERVER_EVENTS.message, message);
    }
    announceBadge(io, message.room, message.sender.id, blockerIds, message.seq);
  }
  flush();
}

/**
 * A message's new text (issue 22), as the whole message, wherever its post went: its room or
 * thread (and the room's log, whose row shows the reply count), or its alert's comments. Members
 * who blocked its author hear of it no more than of its post.
 */
export function announceEdit(io: ComptoirIo, message: ChatMessage, blockerIds: number[]): void {
  const channels =
    message.alertId !== null
      ? [alertChannel(message.alertId)]
      : message.parentMessage === null
        ? [roomChannel(message.room)]
        : [threadChannel(message.parentMessage), roomChannel(message.room)];
  io.to(channels).except(blockerIds.map(userChannel)).emit(SERVER_EVENTS.edited, message);
}

/**
 * How often, at most, the readers of a busy room hear of its new messages (issue 25): a badge on a
 * room one does not look at may wait a second; each of these events is a frame to every reader
 * not in the room (1,500 of them in the load's crowded case: at 250 ms, 6,000 frames a second).
 */
export const BADGE_INTERVAL_MS = 1000;
/**
 * A room's messages not yet told to its readers: their seqs, and for each of their authors the
 * seqs of their own (never unread to them).
 */
type PendingBadge = { seqs: number[]; own: Map<number, number[]> };
const pendingBadges = new WeakMap<ComptoirIo, Map<string, PendingBadge>>();

/**
 * The badge event for some of a room's messages: their count, the newest seq, and each one's seq
 * while they are few enough (BADGE_SEQS_MAX). A page counts only those after what its store has
 * counted already: a read state counted at a seq inside the batch (fetched on connecting while
 * the batch waited) holds its older messages, and the newest seq alone cannot say how many.
 */
function badgeOf(room: string, seqs: readonly number[]) {
  const seq = seqs.reduce((newest, s) => Math.max(newest, s), 0);
  return seqs.length <= BADGE_SEQS_MAX ? { room, count: seqs.length, seq, seqs: [...seqs] } : { room, count: seqs.length, seq };
}

/**
 * 'increase room message' to a room's readers, coalesced per room: the first message of a quiet room
 * at once, then what came meanwhile once per `BADGE_INTERVAL_MS` (see `badgeOf`) — one event to the
 * room's readers whoever wrote, so its cost does not grow with the number of authors (a badge per
 * author and message cost the crowded load case a write to each of 2,000 sockets per post). An
 * author's own messages are never unread to them: the authors of the batch are left out of that
 * event and told of the others' on their own. Sockets joined to the room are left out: they receive
 * its messages, and a page counts those of a joined room it does not show itself
 * (src/sync/chat-sync.ts) — a badge arriving late there could count messages already read. A page
 * that joins the room meanwhile ignores the seqs its cursor has passed. A message some members are
 * kept from by a block goes on its own (blocks are rare), without them.
 */
function announceBadge(io: ComptoirIo, room: string, author: number, hidden: number[], seq: number): void {
  if (hidden.length > 0) {
    io.to(readersChannel(room))
      .except([roomChannel(room), userChannel(author), ...hidden.map(userChannel)])
      .emit(SERVER_EVENTS.increaseRoomMessage, badgeOf(room, [seq]));
    return;
  }
  let table = pendingBadges.get(io);
  if (!table) {
    table = new Map();
    pendingBadges.set(io, table);
  }
  const entry = table.get(room);
  if (entry) {
    entry.seqs.push(seq);
    const mine = entry.own.get(author);
    if (mine) mine.push(seq);
    else entry.own.set(author, [seq]);
    return;
  }
  const fresh: PendingBadge = { seqs: [seq], own: new Map([[author, [seq]]]) };
  table.set(room, fresh);
  const pending = table;
  const send = () => {
    if (fresh.seqs.length === 0) {
      pending.delete(room);
      return;
    }
    const { seqs, own } = fresh;
    io.to(readersChannel(room))
      .except([roomChannel(room), ...[...own.keys()].map(userChannel)])
      .emit(SERVER_EVENTS.increaseRoomMessage, badgeOf(room, seqs));
    // (An author is one of the room's readers: they wrote in it.)
    for (const [user, mine] of own) {
      if (mine.length === seqs.length) continue;
      const theirs = new Set(mine);
      io.to(userChannel(user))
        .except(roomChannel(room))
        .emit(SERVER_EVENTS.increaseRoomMessage, badgeOf(room, seqs.filter((s) => !theirs.has(s))));
    }
    fresh.seqs = [];
    fresh.own = new Map();
    setTimeout(send, BADGE_INTERVAL_MS).unref();
  };
  send();
}

export function announceThread(io: ComptoirIo, roomId: string, thread: ThreadChange): void {
  const event = {
    _id: thread.parentId,
    room: roomId,
    repliesCount: thread.repliesCount,
    repliesPictures: thread.repliesPictures,
    seq: thread.seq,
  };
  if (thread.under === 'alert') io.emit(SERVER_EVENTS.threadIncrease, event);
  else io.to([roomChannel(roomId), threadChannel(thread.parentId)]).emit(SERVER_EVENTS.threadIncrease, event);
}

export function announceLike(io: ComptoirIo, place: MessagePlace, likesCount: number, seq: number): void {
  io.to(streamChannels(place)).emit(SERVER_EVENTS.likeCount, { _id: place.id, room: place.roomId, likesCount, seq });
}

export function announceDelete(io: ComptoirIo, place: MessagePlace, seq: number, thread: ThreadChange | null): void {
  // A deleted top-level message also closes its own thread for whoever has it open.
  const channels = place.alertId !== null ? [alertChannel(place.alertId)] : [roomChannel(place.roomId), threadChannel(place.parentId ?? place.id)];
  io.to(channels).emit(SERVER_EVENTS.deleted, {
    _id: place.id,
    room: place.roomId,
    parentMessage: place.parentId,
    seq,
  });
  if (thread) announceThread(io, place.roomId, thread);
}

export function announcePin(io: ComptoirIo, place: MessagePlace, pinned: boolean, title: string | null, seq: number): void {
  io.to(roomChannel(place.roomId)).emit(SERVER_EVENTS.pinChanged, { _id: place.id, room: place.roomId, pinned, title, seq });
}

/** Distinct members (not sockets) with the channel open, on every server sharing the adapter. */
export async function connectedUsersIn(io: ComptoirIo, channel: string): Promise<number> {
  const asking = io.in(channel).fetchSockets();
  let pending = countsUnderWay.get(io);
  if (!pending) countsUnderWay.set(io, (pending = new Set()));
  pending.add(asking);
  try {
    return new Set((await asking).map((socket) => socket.data.user.id)).size;
  } finally {
    pending.delete(asking);
  }
}

/**
 * A closing server counts no more departures, and lets the counts under way finish before its
 * Redis closes: across processes a count asks the others through Redis, and a question sent on a
 * closed client would fail with nobody to hear it.
 */
const closingServers = new WeakSet<ComptoirIo>();
const countsUnderWay = new WeakMap<ComptoirIo, Set<Promise<unknown>>>();
export async function stopCounting(io: ComptoirIo): Promise<void> {
  closingServers.add(io);
  await Promise.allSettled([...(countsUnderWay.get(io) ?? [])]);
}

export async function announceUsersCount(io: ComptoirIo, roomId: string): Promise<number> {
  if (closingServers.has(io)) return 0;
  const count = await connectedUsersIn(io, roomChannel(roomId));
  io.to(roomChannel(roomId)).emit(SERVER_EVENTS.usersCount, { room: roomId, count });
  return count;
}

const streamChannels = (place: MessagePlace): string[] => {
  if (place.alertId !== null) return [alertChannel(place.alertId)];
  return place.parentId === null ? [roomChannel(place.roomId)] : [roomChannel(place.roomId), threadChannel(place.parentId)];
};
