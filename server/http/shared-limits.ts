import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from '../realtime/shared-redis';

/** A limit: so many actions per so many seconds. */
export type Rate = { points: number; seconds: number };

/**
 * Makes the server's counters (sign-in and registration throttles, reset codes, coupon guesses,
 * flood limits…): each named, so that two counters never share keys.
 */
export type Limits = (name: string, rate: Rate) => RateLimiterAbstract;

/**
 * In the process, or in Redis when the server has it (issue 24): a throttle holds whichever process
 * of the deployment a request reaches — otherwise N processes would give an attacker N times the
 * sign-in attempts. Redis out of reach, each process counts alone meanwhile (the insurance limiter)
 * rather than refusing everyone or letting everyone through.
 */
export function createLimits(redis?: SharedRedis): Limits {
  const inProcess = (rate: Rate) => new RateLimiterMemory({ points: rate.points, duration: rate.seconds });
  if (!redis) return (_name, rate) => inProcess(rate);
  return (name, rate) =>
    new RateLimiterRedis({
      storeClient: redis.client,
      useRedisPackage: true,
      keyPrefix: `${redis.prefix}:limit:${name}`,
      points: rate.points,
      duration: rate.seconds,
      insuranceLimiter: inProcess(rate),
    });
}
