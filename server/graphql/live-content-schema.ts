import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphQLError } from 'graphql';
import { eq } from 'drizzle-orm';
import type { Poll } from '../../src/contract/home-content';
import { planningSlotInput, type PlanningSlot } from '../../src/contract/planning';
import { FORBIDDEN_REPLAY_SLUG, publishReplayInput, type Replay, type TeamMember } from '../../src/contract/replays';
import type { Database } from '../db/open-database';
import { replays, teamMembers } from '../db/schema';
import { currentPoll } from '../content/poll-store';
import { loadReplay, publicTeamMembers, replayCategories, replayView as viewOfReplay, type StoredReplay } from '../content/replay-store';
import { mapEvents } from '../content/pub-sub';
import { isVip } from '../content/vip-access';
import type { LiveNotifier } from '../lives/live-notifier';
import { listPlanningSlots, savePlanningSlot } from '../lives/planning-slots';
import type { ContentPubSub } from './content-events';
import type { ContentContext } from './content-schema';
import { badInput, conflict, decode, requireCoach } from './graphql-input';

/**
 * Issue 18 on the content host's GraphQL: the poll, the replay filters, the coach's planning and
 * replay mutations, and the subscriptions that keep the home page, the lives and the replays live.
 */
export const LIVE_CONTENT_SDL = /* GraphQL */ `
  type Poll {
    question: String!
  }
  type TeamMember {
    id: Int!
    name: String!
    role: String!
    picture: String
  }
  type ReplayAttributes {
    title: String!
    slug: String!
    date: String!
    description: String!
    "Null when the replay is locked (not VIP)."
    videoUrl: String
    picture: String
    category: String!
    author: TeamMember
    durationSeconds: Float
  }
  type Replay {
    id: Int!
    locked: Boolean!
    attributes: ReplayAttributes!
  }
  type PlanningRoom {
    room_click_id: String!
  }
  type PlanningItemAttributes {
    name: String!
    speaker: String!
    date: String!
    dateFin: String!
    directlink: String
    room: PlanningRoom
  }
  type PlanningItem {
    id: Int!
    attributes: PlanningItemAttributes!
  }
  type PlanningSlot {
    id: Int!
    name: String!
    speaker: String!
    "1 = Monday."
    weekday: Int!
    "Minutes after midnight, UTC."
    startMinute: Int!
    durationMinutes: Int!
    roomClickId: String
    directLink: String
  }
  input PlanningSlotInput {
    "Set to move or rename a slot; null adds one."
    id: Int
    name: String!
    speaker: String!
    weekday: Int!
    startMinute: Int!
    durationMinutes: Int!
    roomClickId: String
    directLink: String
  }
  input PublishReplayInput {
    title: String!
    slug: String!
    description: String!
    category: String!
    authorId: Int
    video: String!
    durationSeconds: Float
  }
  type LiveChanged {
    at: String!
    current: [PlanningItem!]!
  }
  type PlanningChanged {
    from: String!
    to: String!
    items: [PlanningItem!]!
  }
  extend type Query {
    "The poll the home page asks, null when none runs."
    currentPoll: Poll
    "The public team members, by priority (the replay filters' authors)."
    teamMembers: [TeamMember!]!
    "The replay categories, in display order."
    replayCategories: [String!]!
    "Subscription 6: the weekly live programme, by day and time."
    planningSlots: [PlanningSlot!]!
  }
  extend type Mutation {
    "Subscription 6: add a slot of the weekly live programme, or move one."
    savePlanningSlot(input: PlanningSlotInput!): PlanningSlot!
    "Subscription 6: publish a replay at once."
    publishReplay(input: PublishReplayInput!): Replay!
  }
  type Subscription {
    "The lives current now, when a live's window opens, a live ends or a slot changes."
    liveChanged: LiveChanged!
    "The planning of today to the end of next week, when a slot changes."
    planningChanged: PlanningChanged!
    "A replay was published, as the subscriber may see it."
    replayPublished: Replay!
  }
`;

export type LiveContentDeps = {
  db: Database;
  events: ContentPubSub;
  lives: LiveNotifier;
  /** Where replay videos are read (`server/demo-media`). */
  mediaDir: string;
  now: () => Date;
};

/** Query and Mutation fields of issue 18. */
export function liveContentResolvers({ db, events, lives, mediaDir, now }: LiveContentDeps) {
  const coach = (context: ContentContext) => requireCoach(db, now, context);

  const viewFor = (replay: StoredReplay, context: ContentContext) => memberView(db, now, replay, context);

  return {
    currentPoll: (): Promise<Poll | null> => currentPoll(db),
    teamMembers: (): Promise<TeamMember[]> => publicTeamMembers(db),
    replayCategories: (): Promise<string[]> => replayCategories(db),

    async planningSlots(_args: unknown, context: ContentContext): Promise<PlanningSlot[]> {
      await coach(context);
      return listPlanningSlots(db);
    },

    async savePlanningSlot(args: { input: unknown }, context: ContentContext): Promise<PlanningSlot> {
      await coach(context);
      const input = decode(planningSlotInput, args.input, ['id', 'roomClickId', 'directLink']);
      const saved = await savePlanningSlot(db, input);
      if (!saved) throw new GraphQLError('Créneau introuvable', { extensions: { code: 'NOT_FOUND' } });
      await lives.slotsChanged();
      return saved;
    },

    async publishReplay(args: { input: unknown }, context: ContentContext): Promise<Replay> {
      await coach(context);
      const { title, slug, description, category, authorId, video, durationSeconds } = decode(publishReplayInput, args.input, ['authorId', 'durationSeconds']);
      if (slug === FORBIDDEN_REPLAY_SLUG) throw badInput('Ce slug est réservé');
      const file = await stat(join(mediaDir, video)).catch(() => null);
      if (!file?.isFile()) throw badInput('Vidéo inconnue');
      const [author] = authorId === null ? [null] : await db.select().from(teamMembers).where(eq(teamMembers.id, authorId)).limit(1);
      if (author === undefined) throw badInput('Auteur inconnu');
      const [row] = await db
        .insert(replays)
        .values({ title, slug, publishedAt: now(), description, videoFile: video, picture: null, category, authorId, durationSeconds })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('Ce slug est déjà utilisé');
      events.publish('replayPublished', { replayId: row.id });
      return viewFor({ ...row, author }, context);
    },
  };
}

/** What the member of `context` may see of a replay (locked unless VIP at this instant). */
async function memberView(db: Database, now: () => Date, replay: StoredReplay, context: ContentContext): Promise<Replay> {
  const user = await context.user();
  return viewOfReplay(replay, user ? await isVip(db, user, now()) : false);
}

/**
 * The Subscription fields: each subscription is its own iterator over the published events. A
 * published replay travels as its id (the events cross processes, issue 24): each process reads it
 * once, however many subscribers it has, and each subscriber's execution gives the view its member
 * may see (locked unless VIP at this instant).
 */
export function subscriptionRoot(events: ContentPubSub, { db, now }: Pick<LiveContentDeps, 'db' | 'now'>) {
  const recent = new Map<number, Promise<StoredReplay | null>>();
  const replayOf = (id: number) => {
    let loading = recent.get(id);
    if (!loading) {
      loading = loadReplay(db, id);
      recent.set(id, loading);
      // A failed read is asked again by the next subscriber rather than kept.
      loading.catch(() => recent.delete(id));
      // The few last ones are enough: every subscriber asks within moments of the event.
      if (recent.size > 8) recent.delete(recent.keys().next().value!);
    }
    return loading;
  };
  const replayView = async (id: number, context: ContentContext): Promise<Replay | null> => {
    const stored = await replayOf(id);
    return stored ? memberView(db, now, stored, context) : null;
  };
  return {
    liveChanged: () => events.subscribe('liveChanged'),
    planningChanged: () => events.subscribe('planningChanged'),
    replayPublished: () => mapEvents(events.subscribe('replayPublished'), ({ replayId }) => ({ replayPublished: (_args: unknown, context: ContentContext) => replayView(replayId, context) })),
  };
}
