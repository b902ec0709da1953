import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { articleCategories, articles, contentEntries, replays, teamMembers, tools } from '../db/schema';
import { DEMO_ARTICLE_CATEGORIES, DEMO_ARTICLES } from './demo-articles';
import { DEMO_POLL_QUESTION, DEMO_REPLAYS, DEMO_TEAM, DEMO_VIDEO_SECONDS, slugify } from './demo-content';
import { DEMO_LANDING_PAGES, DEMO_SOCIALS } from './demo-landing';
import { DEMO_TOOLS } from './demo-tools';
import { LANDING_PAGE_TYPE, SOCIAL_TYPE } from './landing-store';
import { POLL_TYPE } from './poll-store';
import { TOOL_FILES_DIR, toolFileAt } from './tool-files';

const HOUR = 60 * 60 * 1000;

type SeedDatabase = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * Writes the demo content (issues 18 and 19) that the database lacks; returns the parts it wrote
 * to. Each part checks itself, so this is safe at every start and brings a database seeded before
 * a part existed up to date: the team and its replays when there is no team; then every demo
 * article, category, tool, social and landing page missing by its key (slug or id).
 */
export async function seedDemoContent(db: SeedDatabase, now: Date, toolFilesDir = TOOL_FILES_DIR): Promise<string[]> {
  const seeded: string[] = [];
  if (await seedTeamAndReplays(db, now)) seeded.push('replays');
  await db.insert(contentEntries).values({ type: POLL_TYPE, id: 1, data: { question: DEMO_POLL_QUESTION } }).onConflictDoNothing();
  await db.insert(articleCategories).values([...DEMO_ARTICLE_CATEGORIES]).onConflictDoNothing();
  const newArticles = await db
    .insert(articles)
    .values(
      DEMO_ARTICLES.map((a) => ({
        title: a.title,
        slug: slugify(a.title),
        publishedAt: new Date(now.getTime() - a.hoursAgo * HOUR),
        pictureUrl: a.picture,
        content: a.content,
        withHtml: a.withHtml,
        categoryId: a.categoryId,
        audioPath: a.audio,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: articles.id });
  if (newArticles.length > 0) seeded.push('articles');
  if (await seedTools(db, toolFilesDir)) seeded.push('tools');
  const entries = await db
    .insert(contentEntries)
    .values([
      ...DEMO_SOCIALS.map(({ id, ...social }) => ({ type: SOCIAL_TYPE, id, data: social })),
      ...DEMO_LANDING_PAGES.map(({ id, ...page }) => ({ type: LANDING_PAGE_TYPE, id, data: page })),
    ])
    .onConflictDoNothing()
    .returning({ type: contentEntries.type });
  if (entries.length > 0) seeded.push('socials and landing pages');
  return seeded;
}

async function seedTeamAndReplays(db: SeedDatabase, now: Date): Promise<boolean> {
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
  return true;
}

/**
 * The missing demo tools; and a demo tool seeded before its files were shipped (same id and
 * name, none of its stored files in the folder: issue 18 listed names only) gets the shipped files.
 */
async function seedTools(db: SeedDatabase, toolFilesDir: string): Promise<boolean> {
  const inserted = await db
    .insert(tools)
    .values(DEMO_TOOLS.map((t) => ({ ...t, picture: null })))
    .onConflictDoNothing()
    .returning({ id: tools.id });
  let changed = inserted.length > 0;
  const stored = await db.select({ id: tools.id, name: tools.name, files: tools.files }).from(tools);
  for (const demo of DEMO_TOOLS) {
    const row = stored.find((t) => t.id === demo.id && t.name === demo.name);
    if (!row || row.files.length === 0) continue;
    const present = await Promise.all(row.files.map((file) => toolFileAt(toolFilesDir, file.path)));
    if (present.some((file) => file !== null)) continue;
    await db.update(tools).set({ files: demo.files }).where(eq(tools.id, demo.id));
    changed = true;
  }
  return changed;
}
