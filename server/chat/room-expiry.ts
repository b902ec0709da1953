import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open-database';
import type { ComptoirSocket } from '../realtime/socket-server';
import type { HeldSubscription } from '../rooms/room-rights';
import type { StreamRef } from '../../src/contract/chat';
import { connectionAccess } from './chat-access';

/** setTimeout's longest delay (about 24.8 days): a later expiry is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The channels that carry a room's messages and its badges, with the room's id after their prefix. */
const ROOM_CHANNEL_PREFIXES = ['room:', 'readers:'];

/**
 * A socket hears a room only while its member may read it (issue 23): at each expiry of one of the
 * member's subscriptions, the socket leaves the channels of the rooms the member may no longer
 * read — their messages and their badges, their threads, the comments of alerts now locked to
 * them — instead of hearing them until it reconnects. What is
 * written is checked fresh anyway (a post, a join); this closes what is broadcast.
 */
export function leaveRoomsAtExpiry(
  socket: ComptoirSocket,
  db: Database,
  log: FastifyBaseLogger,
  /** The member's subscriptions as the connection read them (read again after each expiry). */
  subscriptions: readonly HeldSubscription[],
  /** Whether the member may still open a thread or an alert's comments the socket joined. */
  stillOpen: (ref: StreamRef) => Promise<boolean>,
  now: () => Date = () => new Date(),
): void {
  const user = socket.data.user;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  const failed = (error: unknown) => log.error({ err: error, userId: user.id }, 'room expiry failed');
  const arm = (held: readonly HeldSubscription[]) => {
    const at = now().getTime();
    const next = Math.min(...held.map((s) => s.expiresAt.getTime()).filter((expiry) => expiry > at));
    if (gone || !Number.isFinite(next)) return;
    timer = setTimeout(() => void check().catch(failed), Math.min(next - at, LONGEST_TIMER_MS));
    timer.unref();
  };
  const check = async () => {
    const access = await connectionAccess(db, user, now());
    const readable = new Set(access.readable);
    for (const channel of socket.rooms) {
      const prefix = ROOM_CHANNEL_PREFIXES.find((p) => channel.startsWith(p));
      if (prefix && !readable.has(channel.slice(prefix.length))) void socket.leave(channel);
    }
    // A thread or an alert's comments: its room closed, or its alert locked (VIP only) for this member.
    for (const [channel, ref] of socket.data.streams) {
      if (await stillOpen(ref)) continue;
      socket.data.streams.delete(channel);
      void socket.leave(channel);
    }
    arm(access.subscriptions);
  };
  socket.once('disconnect', () => {
    gone = true;
    clearTimeout(timer);
  });
  arm(subscriptions);
}
