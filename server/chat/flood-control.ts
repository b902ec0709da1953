import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimits, type Limits, type Rate } from '../http/shared-limits';
import type { UserRow } from '../users/user-queries';

export type { Rate };
/** What one member may do, per stream for posts (a room, a thread, a conversation), overall for likes. */
export type FloodLimits = { post: Rate; like: Rate };

/**
 * Discord's kind of slow-down (issue 23): a few messages per few seconds per stream. Members who
 * write the alerts (coaches, staff) get ten times as much, and the operator sets both rates
 * (`FLOOD_POSTS`, `FLOOD_LIKES`).
 */
export const DEFAULT_FLOOD_LIMITS: FloodLimits = { post: { points: 5, seconds: 5 }, like: { points: 20, seconds: 10 } };
export const STAFF_FACTOR = 10;

/** 'N/S' (N actions per S seconds), as the environment gives it. */
export function parseRate(text: string): Rate | null {
  const match = /^(\d{1,6})\/(\d{1,5})$/.exec(text.trim());
  if (!match) return null;
  const rate = { points: Number(match[1]), seconds: Number(match[2]) };
  return rate.points > 0 && rate.seconds > 0 ? rate : null;
}

export const floodMessage = (waitMs: number) => `Vous écrivez trop vite : réessayez dans ${Math.max(1, Math.ceil(waitMs / 1000))} s.`;

/** The answer to an action refused for flooding: the French message and how long to wait. */
export type FloodRefusal = { error: string; retryAfterMs: number };

export type FloodControl = {
  /** Counts one action of `user` (posts: in `stream`); a refusal when over the member's rate. */
  take(kind: keyof FloodLimits, user: Pick<UserRow, 'id' | 'canWriteNews' | 'isStaff'>, stream?: string): Promise<FloodRefusal | null>;
};

/**
 * Counted in the process, or in Redis when the server has it (`limits`, issue 24: a member's rate is
 * the same whichever process their sockets reach).
 */
export function createFloodControl(limits: FloodLimits = DEFAULT_FLOOD_LIMITS, makeLimit: Limits = createLimits()): FloodControl {
  const limiter = (rate: Rate, factor: number, name: string) => makeLimit(`flood-${name}`, { points: rate.points * factor, seconds: rate.seconds });
  const limiters = {
    post: { member: limiter(limits.post, 1, 'post'), staff: limiter(limits.post, STAFF_FACTOR, 'post-staff') },
    like: { member: limiter(limits.like, 1, 'like'), staff: limiter(limits.like, STAFF_FACTOR, 'like-staff') },
  };
  return {
    async take(kind, user, stream) {
      const chosen = limiters[kind][user.canWriteNews || user.isStaff ? 'staff' : 'member'];
      try {
        await chosen.consume(stream === undefined ? String(user.id) : `${user.id}:${stream}`);
        return null;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        const retryAfterMs = Math.max(1, Math.ceil(refused.msBeforeNext));
        return { error: floodMessage(retryAfterMs), retryAfterMs };
      }
    },
  };
}
