import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/**
 * Redis when `REDIS_URL` is set (issue 24): the processes of one deployment share through it the
 * socket.io broadcasts (the streams adapter: rooms, conversations, per-member channels, socket
 * counts across processes) and the flood limits. Without it everything stays in the process.
 */
export type SharedRedis = {
  client: RedisClient;
  /** Key prefix of this deployment (`REDIS_PREFIX`): several deployments may share one Redis. */
  prefix: string;
  close(): Promise<void>;
};

/** A lost connection is tried again every 100 ms doubling, at most every 5 s. */
const redisClient = (url: string) => createClient({ url, socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5_000) } });
type RedisClient = ReturnType<typeof redisClient>;

export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = redisClient(url);
  // A lost connection is retried by the client; its errors are logged, never thrown at the process.
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis'));
  await client.connect();
  return {
    client,
    prefix,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
