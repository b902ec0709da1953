import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORBIDDEN_REPLAY_SLUG, REPLAY_PAGE_SIZE, replayPositionInput, replaysQuery, type ReplaysResponse } from '../../src/contract/replays';
import { browserRequestUser, requestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';
import { replayPositions } from '../db/schema';
import { COVER_COLORS, COVER_HEADERS, titledCoverSvg } from '../http/cover-svg';
import { sendFileRange } from '../learning/byte-range';
import { containsNul, frenchBodyErrors, invalidBody } from '../routes/invalid-body';
import { MAX_ID, refuse } from './content-errors';
import { idParams } from './id-params';
import { REPLAY_CATEGORIES } from './demo-content';
import { loadReplay, replayPage, replayView } from './replay-store';
import { isVip } from './vip-access';

/** Pages past this are refused rather than handed to PostgreSQL as an absurd offset. */
const MAX_PAGE = 100_000;

/**
 * Replays (spec 3 §2, §7): the list on the content host, locked for non-VIP; the video, VIP only;
 * and each member's resume point on the API host.
 */
export function registerReplayRoutes(app: FastifyInstance, db: Database, options: { mediaDir: string; now: () => Date }): void {
  app.get('/content/api/platform-replays', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    if (containsNul(request.query)) return refuse(reply, 'invalidParameter');
    const query = replaysQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: invalidBody(query.error) });
    if ((query.data.author ?? 0) > MAX_ID || (query.data.page ?? 1) > MAX_PAGE) return refuse(reply, 'invalidParameter');
    // The access-refused address (spec 3 §2): answered as such whoever asks.
    if (query.data.slug === FORBIDDEN_REPLAY_SLUG) return refuse(reply, 'vipRequired');
    const now = options.now();
    const pageSize = query.data.pageSize ?? REPLAY_PAGE_SIZE;
    const [open, page] = await Promise.all([isVip(db, user, now), replayPage(db, query.data, pageSize, now)]);
    const answer: ReplaysResponse = {
      data: page.rows.map((row) => replayView(row, open)),
      meta: { pagination: { page: query.data.page ?? 1, pageSize, total: page.total } },
    };
    return reply.send(answer);
  });

  // Public: a locked replay shows its cover too.
  app.get('/content/api/platform-replays/:id/cover.svg', async (request, reply) => {
    const replay = await replayOf(request);
    if (!replay) return refuse(reply, 'unknownReplay');
    const index = Math.max(0, (REPLAY_CATEGORIES as readonly string[]).indexOf(replay.category));
    return reply
      .headers(COVER_HEADERS)
      .send(titledCoverSvg({ title: replay.title, kicker: replay.category, footer: 'Comptoir · Replay', colors: COVER_COLORS[index % COVER_COLORS.length]! }));
  });

  // A `<video>` element sends the token cookie but no header: both are read, as for formations.
  app.get('/content/api/platform-replays/:id/video', async (request, reply) => {
    const user = await browserRequestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const replay = await replayOf(request);
    if (!replay) return refuse(reply, 'unknownReplay');
    if (!(await isVip(db, user, options.now()))) return refuse(reply, 'vipRequired');
    return sendFileRange(reply, join(options.mediaDir, replay.videoFile), 'video/webm', request.headers.range);
  });

  app.get('/rest/replays/positions', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const rows = await db
      .select({ replayId: replayPositions.replayId, second: replayPositions.second })
      .from(replayPositions)
      .where(eq(replayPositions.userId, user.id))
      .orderBy(desc(replayPositions.updatedAt));
    return reply.send({ data: rows });
  });

  app.put('/rest/replays/positions/:id', { errorHandler: frenchBodyErrors }, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const params = idParams.safeParse(request.params);
    if (!params.success) return refuse(reply, 'unknownReplay');
    const input = replayPositionInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const now = options.now();
    if (!(await isVip(db, user, now))) return refuse(reply, 'vipRequired');
    if (!(await loadReplay(db, params.data.id))) return refuse(reply, 'unknownReplay');
    const position = { userId: user.id, replayId: params.data.id, second: input.data.second, updatedAt: now };
    await db
      .insert(replayPositions)
      .values(position)
      .onConflictDoUpdate({ target: [replayPositions.userId, replayPositions.replayId], set: { second: position.second, updatedAt: now } });
    return reply.send({ data: { replayId: position.replayId, second: position.second } });
  });

  async function replayOf(request: FastifyRequest) {
    const params = idParams.safeParse(request.params);
    return params.success ? loadReplay(db, params.data.id) : null;
  }
}
