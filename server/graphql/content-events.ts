import type { z } from 'zod/mini';
import type { liveChangedEvent, planningChangedEvent } from '../../src/contract/content-events';
import type { Replay } from '../../src/contract/replays';
import { createPubSub, type PubSub } from '../content/pub-sub';
import type { ContentContext } from './content-schema';

/**
 * The content host's subscription events, each already shaped as its GraphQL field. A published
 * replay is a resolver: each subscriber's execution gives the view its member may see.
 */
export type ContentEvents = {
  liveChanged: z.infer<typeof liveChangedEvent>;
  planningChanged: z.infer<typeof planningChangedEvent>;
  replayPublished: { replayPublished: (args: unknown, context: ContentContext) => Promise<Replay> };
};
export type ContentPubSub = PubSub<ContentEvents>;

export const createContentEvents = (): ContentPubSub => createPubSub<ContentEvents>();
