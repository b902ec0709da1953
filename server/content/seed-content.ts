import { count } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { articleCategories, articles, contentEntries, replays, teamMembers, tools } from '../db/schema';
import {
  DEMO_ARTICLE_AUDIO,
  DEMO_ARTICLE_CATEGORIES,
  DEMO_ARTICLES,
  DEMO_POLL_QUESTION,
  DEMO_REPLAYS,
  DEMO_TEAM,
  DEMO_TOOLS,
  DEMO_VIDEO_SECONDS,
  slugify,
} from './demo-content';
import { POLL_TYPE } from './poll-store';

const HOUR = 60 * 60 * 1000;

/**
 * Writes the demo content of issue 18 (team, replays, poll, articles, tools) unless the team is
 * already there; returns whether it did. Run with the demo data, and at start-up for databases
 * seeded before this content existed.
 */
export async function seedDemoContent(db: Pick<Database, 'select' | 'insert'>, now: Date): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(teamMembers);
  if ((existing?.n ?? 0) > 0) return false;
  const team = await db
    .insert(teamMembers)
    .values(DEMO_TEAM.map(({ name, role, isPublic, priority }) => ({ name, role, picture: null, isPublic, priority })))
    .returning({ id: teamMembers.id, name: teamMembers.name });
  const memberId = (key: string): number => {
    const name = DEMO_TEAM.find((m) => m.key === key)?.name;
    const id = team.find((m) => m.name === name)?.id;
    if (id === undefined) throw new Error(`membre de l’équipe manquant : ${key}`);
    return id;
  };
  await db.insert(replays).values(
    DEMO_REPLAYS.map((r) => ({
      title: r.title,
      slug: r.slug,
      publishedAt: new Date(now.getTime() - r.hoursAgo * HOUR),
      description: r.description,
      videoFile: r.video,
      picture: null,
      category: r.category,
      authorId: memberId(r.author),
      durationSeconds: DEMO_VIDEO_SECONDS,
    })),
  );
  await db.insert(contentEntries).values({ type: POLL_TYPE, id: 1, data: { question: DEMO_POLL_QUESTION } }).onConflictDoNothing();
  await db.insert(articleCategories).values([...DEMO_ARTICLE_CATEGORIES]).onConflictDoNothing();
  await db.insert(articles).values(
    DEMO_ARTICLES.map((a) => ({
      title: a.title,
      slug: slugify(a.title),
      publishedAt: new Date(now.getTime() - a.hoursAgo * HOUR),
      pictureUrl: null,
      content: a.content,
      withHtml: a.withHtml,
      categoryId: a.categoryId,
      audioPath: a.audio ? DEMO_ARTICLE_AUDIO : null,
    })),
  );
  await db
    .insert(tools)
    .values(DEMO_TOOLS.map((t) => ({ ...t, picture: null, files: t.files })))
    .onConflictDoNothing();
  return true;
}
