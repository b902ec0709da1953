import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import { liveChangedEvent, planningChangedEvent } from '../../src/contract/content-events';
import { createPubSub, type PubSub } from '../content/pub-sub';
import type { SharedRedis } from '../realtime/shared-redis';

/**
 * The content host's subscription events: lives and the planning already shaped as their GraphQL
 * field, a published replay as its id (each subscriber's view is its own). Plain JSON, so that they
 * cross the deployment's processes (issue 24).
 */
const eventSchemas = {
  liveChanged: liveChangedEvent,
  planningChanged: planningChangedEvent,
  replayPublished: z.object({ replayId: z.number() }),
};
export type ContentEvents = { [Topic in keyof typeof eventSchemas]: z.infer<(typeof eventSchemas)[Topic]> };
export type ContentPubSub = PubSub<ContentEvents>;

/** An event as it travels between processes: its topic, its payload and the process it left. */
const relayed = z.object({ origin: z.string(), topic: z.enum(['liveChanged', 'planningChanged', 'replayPublished']), payload: z.unknown() });

/**
 * The events in the process, or across the deployment's processes when it has Redis (issue 24): a
 * slot saved or a replay published on one process reaches the subscribers of every process. Each
 * process tells its own subscribers at once and the others through Redis' pub/sub; a process
 * ignores its own messages coming back. (The lives' boundaries need no relay: each process's timer
 * reaches them.)
 */
export async function createContentEvents(redis?: SharedRedis, log?: FastifyBaseLogger): Promise<ContentPubSub> {
  const local = createPubSub<ContentEvents>();
  if (!redis) return local;
  const origin = randomUUID();
  const channel = `${redis.prefix}:content-events`;
  await redis.listen(channel, (message) => {
    const event = decodeRelayed(message);
    if (!event) log?.warn({ message: message.slice(0, 200) }, 'content event unreadable');
    else if (event.origin !== origin) event.deliver(local);
  });
  return {
    ...local,
    publish(topic, payload) {
      local.publish(topic, payload);
      redis.client.publish(channel, JSON.stringify({ origin, topic, payload })).catch((error: unknown) => log?.warn({ err: error }, 'content event not relayed'));
    },
  };
}

/** A relayed message checked against its topic's schema, or null (another version, a stray writer). */
function decodeRelayed(message: string): { origin: string; deliver(events: ContentPubSub): void } | null {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const envelope = relayed.safeParse(json);
  if (!envelope.success) return null;
  const { origin, topic, payload } = envelope.data;
  switch (topic) {
    case 'liveChanged': {
      const event = eventSchemas.liveChanged.safeParse(payload);
      return event.success ? { origin, deliver: (events) => events.publish(topic, event.data) } : null;
    }
    case 'planningChanged': {
      const event = eventSchemas.planningChanged.safeParse(payload);
      return event.success ? { origin, deliver: (events) => events.publish(topic, event.data) } : null;
    }
    case 'replayPublished': {
      const event = eventSchemas.replayPublished.safeParse(payload);
      return event.success ? { origin, deliver: (events) => events.publish(topic, event.data) } : null;
    }
  }
}
