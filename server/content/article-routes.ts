import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { articlesQuery, type Article } from '../../src/contract/home-content';
import type { Database } from '../db/open-database';
import { articleCategories, articles } from '../db/schema';
import { DEMO_AUDIO } from '../db/seed-alerts';
import { COVER_COLORS, COVER_HEADERS, titledCoverSvg } from '../http/cover-svg';
import { parseRange, sendFileRange } from '../learning/byte-range';
import { containsNul, invalidBody } from '../routes/invalid-body';
import { refuse } from './content-errors';
import { ARTICLE_MEDIA_DIR, ARTICLE_MEDIA_ROUTE, articleMediaType } from './article-media';
import { DEMO_ARTICLE_AUDIO } from './demo-articles';
import { idParams } from './id-params';

/** Articles come in pages of 24 (spec 3 §9). */
export const ARTICLE_PAGE_SIZE = 24;
const MAX_PAGE = 100_000;

type ArticleRow = typeof articles.$inferSelect;
type CategoryRow = typeof articleCategories.$inferSelect;

export const articleAudioPath = (id: number): string => `/content/api/landing-articles/${id}/audio`;
export const articleCoverPath = (id: number): string => `/content/api/landing-articles/${id}/cover.svg`;

/**
 * Landing articles and their categories (spec 3 §2 Home, §7), public like all landing content:
 * only articles whose date has come, newest first; the Morning Mood audio, the covers and the
 * media the articles embed (`mediaDir`, the article media folder by default).
 */
export function registerArticleRoutes(app: FastifyInstance, db: Database, options: { now: () => Date; mediaDir?: string }): void {
  const mediaDir = options.mediaDir ?? ARTICLE_MEDIA_DIR;

  app.get('/content/api/landing-articles', async (request, reply) => {
    if (containsNul(request.query)) return refuse(reply, 'invalidParameter');
    const query = articlesQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: invalidBody(query.error) });
    const page = query.data.page ?? 1;
    if (page > MAX_PAGE) return refuse(reply, 'invalidParameter');
    const pageSize = query.data.pageSize ?? ARTICLE_PAGE_SIZE;
    const conditions: SQL[] = [lte(articles.publishedAt, options.now())];
    // `slug` names one article (spec 3 §7), whatever the other filters say.
    if (query.data.slug) conditions.push(eq(articles.slug, query.data.slug));
    else if (query.data.category) conditions.push(eq(articleCategories.name, query.data.category));
    const where = and(...conditions);
    const [rows, [counted]] = await Promise.all([
      db
        .select({ article: articles, category: articleCategories })
        .from(articles)
        .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(articles).innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId)).where(where),
    ]);
    return reply.send({
      data: rows.map((row) => articleView(row.article, row.category)),
      meta: { pagination: { page, pageSize, total: counted?.n ?? 0 } },
    });
  });

  app.get('/content/api/landing-categories', async (_request, reply) => {
    const rows = await db.select().from(articleCategories).orderBy(asc(articleCategories.id));
    return reply.send({ data: rows.map((row) => ({ id: row.id, name: row.name })) });
  });

  app.get('/content/api/landing-articles/:id/cover.svg', async (request, reply) => {
    const found = await publishedArticle(request.params);
    if (!found) return refuse(reply, 'unknownArticle');
    return reply.headers(COVER_HEADERS).send(
      titledCoverSvg({
        title: found.article.title,
        kicker: found.category.name,
        footer: 'Comptoir · News',
        colors: COVER_COLORS[found.category.id % COVER_COLORS.length]!,
      }),
    );
  });

  app.get('/content/api/landing-articles/:id/audio', async (request, reply) => {
    const found = await publishedArticle(request.params);
    const audio = found?.article.audioPath;
    if (!audio) return refuse(reply, 'unknownArticle');
    if (audio === DEMO_ARTICLE_AUDIO) return sendBufferRange(reply, DEMO_AUDIO, 'audio/wav', request.headers.range);
    // Other audio files are article media, under a plain name only.
    const type = articleMediaType(audio);
    if (!type?.startsWith('audio/')) return refuse(reply, 'unknownArticle');
    return sendFileRange(reply, join(mediaDir, audio), type, request.headers.range);
  });

  // The pictures, video and audio embedded in articles: public, under a plain name only.
  app.get<{ Params: { name: string } }>(`${ARTICLE_MEDIA_ROUTE}/:name`, async (request, reply) => {
    const { name } = request.params;
    const type = articleMediaType(name);
    const file = type ? await stat(join(mediaDir, name)).catch(() => null) : null;
    if (!type || !file?.isFile()) return refuse(reply, 'unknownMedia');
    // An SVG opened on its own runs no script and loads nothing, like the generated covers.
    if (type.startsWith('image/svg')) reply.header('Content-Security-Policy', COVER_HEADERS['Content-Security-Policy']);
    return sendFileRange(reply, join(mediaDir, name), type, request.headers.range);
  });

  async function publishedArticle(params: unknown): Promise<{ article: ArticleRow; category: CategoryRow } | null> {
    const id = idParams.safeParse(params);
    if (!id.success) return null;
    const [row] = await db
      .select({ article: articles, category: articleCategories })
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(and(eq(articles.id, id.data.id), lte(articles.publishedAt, options.now())))
      .limit(1);
    return row ?? null;
  }
}

/** Spec 3 §3 "News article"; the picture is the generated cover when the article has none. */
export function articleView(row: ArticleRow, category: CategoryRow): Article {
  return {
    id: row.id,
    attributes: {
      title: row.title,
      slug: row.slug,
      date: row.publishedAt.toISOString(),
      picture: { url: row.pictureUrl ?? articleCoverPath(row.id) },
      content: row.content,
      with_HTML_content: row.withHtml,
      category: { id: category.id, name: category.name },
      audio: row.audioPath ? articleAudioPath(row.id) : null,
    },
  };
}

/** An in-memory file with range support, as `sendFileRange` serves files. */
function sendBufferRange(reply: FastifyReply, body: Buffer, type: string, rangeHeader: string | undefined): FastifyReply {
  reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'public, max-age=3600').header('X-Content-Type-Options', 'nosniff').type(type);
  const range = parseRange(rangeHeader, body.length);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${body.length}`).send();
  if (range === null) return reply.send(body);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${body.length}`)
    .send(body.subarray(range.start, range.end + 1));
}
