import { z } from 'zod/mini';
import { planningItem } from './planning';
import { replay } from './replays';
import { isoDate } from './user';

/*
 * The content host's GraphQL subscriptions over graphql-ws (issue 18), on the GraphQL path of the
 * content host (`/content/graphql`, WebSocket upgrade). The connection sends `{ token }` as its
 * connection params; a connection without a valid token is refused. Every event is already
 * filtered by what the member may see: a non-VIP receives locked replays (no video URL).
 */

const planningItemFields = /* GraphQL */ `id attributes { name speaker date dateFin directlink room { room_click_id } }`;
const replayFields = /* GraphQL */ `id locked attributes { title slug date description videoUrl picture category durationSeconds author { id name role picture } }`;

/** A live starts (15 minutes before its start), ends, or its slot changes: the lives current now. */
export const LIVE_CHANGED_SUBSCRIPTION = /* GraphQL */ `
  subscription LiveChanged { liveChanged { at current { ${planningItemFields} } } }
`;
export const liveChangedEvent = z.object({
  liveChanged: z.object({ at: isoDate, current: z.array(planningItem) }),
});

/** The planning changed (a slot added, moved or removed): the whole planning of the range. */
export const PLANNING_CHANGED_SUBSCRIPTION = /* GraphQL */ `
  subscription PlanningChanged { planningChanged { from to items { ${planningItemFields} } } }
`;
export const planningChangedEvent = z.object({
  planningChanged: z.object({ from: isoDate, to: isoDate, items: z.array(planningItem) }),
});

/** A replay was published. */
export const REPLAY_PUBLISHED_SUBSCRIPTION = /* GraphQL */ `
  subscription ReplayPublished { replayPublished { ${replayFields} } }
`;
export const replayPublishedEvent = z.object({ replayPublished: replay });

/** The GraphQL selection of a replay, for the queries that return one. */
export const REPLAY_FIELDS = replayFields;
export const PLANNING_ITEM_FIELDS = planningItemFields;

/** graphql-ws connection params. */
export const contentConnectionParams = z.object({ token: z.string().check(z.minLength(1)) });
