import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';
import type { Server } from 'socket.io';

/**
 * Redis when `REDIS_URL` is set (issue 24): the processes of one deployment share through it the
 * socket.io broadcasts (the streams adapter: rooms, conversations, per-member channels, socket
 * counts across processes) and the flood limits. Without it everything stays in the process.
 */
export type SharedRedis = {
  client: RedisClient;
  /** socket.io's adapter over Redis streams: each process's broadcasts reach the others' sockets. */
  socketAdapter: NonNullable<ConstructorParameters<typeof Server>[1]>['adapter'];
  /** Key prefix of this deployment (`REDIS_PREFIX`): several deployments may share one Redis. */
  prefix: string;
  /**
   * Hears `channel`'s messages (Redis pub/sub, on a connection of its own: a subscribed connection
   * does nothing else). Messages published while the connection is lost are not heard.
   */
  listen(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
};

type RedisClient = ReturnType<typeof createClient>;

/**
 * The Redis client and the streams adapter are loaded here, only by a process that uses them: a
 * process on its own never holds their code (about 8 MB of a server's heap).
 */
export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-streams-adapter')]);
  // A lost connection is tried again every 100 ms doubling, at most every 5 s.
  const client: RedisClient = createClient({ url, socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5_000) } });
  // A lost connection is retried by the client; its errors are logged, never thrown at the process.
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis'));
  await client.connect();
  let subscriber: Promise<RedisClient> | null = null;
  const subscriberConnection = () =>
    (subscriber ??= (async () => {
      const connection = client.duplicate();
      connection.on('error', (error: unknown) => log.warn({ err: error }, 'redis (abonnements)'));
      await connection.connect();
      return connection;
    })());
  return {
    client,
    socketAdapter: createAdapter(client, { streamName: `${prefix}:socket.io` }),
    prefix,
    async listen(channel, onMessage) {
      await (await subscriberConnection()).subscribe(channel, (message) => onMessage(message));
    },
    async close() {
      const listening = await subscriber?.catch(() => null);
      if (listening?.isOpen) await listening.close();
      if (client.isOpen) await client.close();
    },
  };
}

/**
 * The items of `items` this process is the first of the deployment to claim, each key held
 * `seconds` (issue 24: every process's timer reaches a live's start, one of them sends its pushes).
 * Without Redis (one process) every item is this process's. Redis out of reach, the process keeps
 * them all: a push sent twice is better than a push lost.
 */
export async function claimFirst<T>(redis: SharedRedis | undefined, items: readonly T[], keyOf: (item: T) => string, seconds: number, log: FastifyBaseLogger): Promise<T[]> {
  if (!redis || items.length === 0) return [...items];
  const claimed = await Promise.all(
    items.map((item) =>
      redis.client.set(`${redis.prefix}:claim:${keyOf(item)}`, '1', { NX: true, EX: seconds }).then(
        (answer) => answer === 'OK',
        (error: unknown) => {
          log.warn({ err: error }, 'redis claim failed');
          return true;
        },
      ),
    ),
  );
  return items.filter((_, index) => claimed[index]);
}
