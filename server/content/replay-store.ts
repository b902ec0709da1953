import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Replay, ReplaysQuery, TeamMember } from '../../src/contract/replays';
import type { Database } from '../db/open-database';
import { replays, teamMembers } from '../db/schema';
import { REPLAY_CATEGORIES } from './demo-content';

export type ReplayRow = typeof replays.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type StoredReplay = ReplayRow & { author: TeamMemberRow | null };

/** Where a replay's video is served, behind the VIP check (the `<video>` sends the token cookie). */
export const replayVideoPath = (id: number): string => `/content/api/platform-replays/${id}/video`;
/** A replay's generated cover, public: locked replays show theirs too. */
export const replayCoverPath = (id: number): string => `/content/api/platform-replays/${id}/cover.svg`;

export const teamMemberView = (row: TeamMemberRow): TeamMember => ({ id: row.id, name: row.name, role: row.role, picture: row.picture });

/**
 * A replay as a member receives it: a locked one (not VIP) keeps its title, date, description,
 * category, author and picture, without the video (spec 3 §2, §6).
 */
export function replayView(replay: StoredReplay, open: boolean): Replay {
  return {
    id: replay.id,
    locked: !open,
    attributes: {
      title: replay.title,
      slug: replay.slug,
      date: replay.publishedAt.toISOString(),
      description: replay.description,
      videoUrl: open ? replayVideoPath(replay.id) : null,
      picture: replay.picture ?? replayCoverPath(replay.id),
      category: replay.category,
      author: replay.author ? teamMemberView(replay.author) : null,
      durationSeconds: replay.durationSeconds,
    },
  };
}

export const DEFAULT_REPLAY_PAGE = 1;

/** One page of published replays, newest first (date then id, descending), and the filters' total. */
export async function replayPage(db: Database, query: ReplaysQuery, pageSize: number, now: Date): Promise<{ rows: StoredReplay[]; total: number }> {
  const conditions: SQL[] = [lte(replays.publishedAt, now)];
  if (query.from) conditions.push(gte(replays.publishedAt, new Date(query.from)));
  if (query.to) conditions.push(lte(replays.publishedAt, new Date(query.to)));
  if (query.author !== undefined) conditions.push(eq(replays.authorId, query.author));
  if (query.category) conditions.push(eq(replays.category, query.category));
  if (query.slug) conditions.push(eq(replays.slug, query.slug));
  const where = and(...conditions);
  const page = query.page ?? DEFAULT_REPLAY_PAGE;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ replay: replays, author: teamMembers })
      .from(replays)
      .leftJoin(teamMembers, eq(teamMembers.id, replays.authorId))
      .where(where)
      .orderBy(desc(replays.publishedAt), desc(replays.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(replays).where(where),
  ]);
  return { rows: rows.map(({ replay, author }) => ({ ...replay, author })), total: counted?.n ?? 0 };
}

export async function loadReplay(db: Database, id: number): Promise<StoredReplay | null> {
  const [row] = await db
    .select({ replay: replays, author: teamMembers })
    .from(replays)
    .leftJoin(teamMembers, eq(teamMembers.id, replays.authorId))
    .where(eq(replays.id, id))
    .limit(1);
  return row ? { ...row.replay, author: row.author } : null;
}

/** The public team members, by priority (GraphQL `teamMembers`). */
export async function publicTeamMembers(db: Database): Promise<TeamMember[]> {
  const rows = await db.select().from(teamMembers).where(eq(teamMembers.isPublic, true)).orderBy(teamMembers.priority, teamMembers.id);
  return rows.map(teamMemberView);
}

/** The replay categories: the five of the demo in their order, then any other in use, by name. */
export async function replayCategories(db: Database): Promise<string[]> {
  const used = await db.selectDistinct({ category: replays.category }).from(replays);
  const known: readonly string[] = REPLAY_CATEGORIES;
  const others = used.map((row) => row.category).filter((c) => !known.includes(c)).sort((a, b) => a.localeCompare(b, 'fr'));
  return [...known, ...others];
}
