import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chapterVideoParams, formationIdParam, progressUpdateInput, type Formation } from '../../src/contract/formations';
import { FORMATION_ERRORS, FORMATION_ERROR_STATUS, type FormationError } from '../../src/domain/formation-text-fr';
import { browserRequestUser, requestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';
import { frenchBodyErrors, invalidBody } from '../routes/invalid-body';
import type { UserRow } from '../users/user-queries';
import { sendFileRange } from './byte-range';
import { categoryAccess, formationView, loadCategory, loadFormation, loadFormations } from './formation-catalogue';
import { coverSvg } from './formation-cover';
import type { StoredFormation } from './formation-documents';
import { progressListOf, progressOf, saveProgressUpdate } from './progress-store';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** The demo videos, committed beside the server (`tools/make-demo-videos.ts` made them). */
export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../demo-media', import.meta.url));

const refuse = (reply: FastifyReply, error: FormationError) => reply.code(FORMATION_ERROR_STATUS[error]).send({ error: FORMATION_ERRORS[error] });
const unauthorized = (reply: FastifyReply) => reply.code(401).send({ error: SIGN_IN_REQUIRED });

/**
 * Formations (spec 3 §7): the catalogue, covers and videos on the content host, the progress on
 * the API host. Every route but the covers needs a signed-in member; the server decides access
 * (spec 3 §6) and scores the quiz.
 */
export function registerLearningRoutes(app: FastifyInstance, db: Database, options: { mediaDir?: string; now: () => Date }): void {
  const mediaDir = options.mediaDir ?? DEMO_MEDIA_DIR;

  /** Formations as this member sees them: locked or open, the right answers after their own submission. */
  async function viewsFor(user: UserRow, formations: StoredFormation[]): Promise<Formation[]> {
    const [opens, progress] = await Promise.all([categoryAccess(db, user, options.now()), progressListOf(db, user.id)]);
    const submitted = new Set(progress.filter((p) => p.answers !== null).map((p) => p.formationId));
    return formations.map((f) => formationView(f, { open: opens(f.categoryId), quizSubmitted: submitted.has(f.id) }));
  }

  app.get('/content/api/platform-formations', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return unauthorized(reply);
    return reply.send({ data: await viewsFor(user, await loadFormations(db)) });
  });

  app.get('/content/api/platform-formations/:id', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return unauthorized(reply);
    const formation = await formationOf(request);
    if (!formation) return refuse(reply, 'unknownFormation');
    const [view] = await viewsFor(user, [formation]);
    return reply.send({ data: view });
  });

  // Public: the catalogue shows locked formations' covers too.
  app.get('/content/api/platform-formations/:id/cover.svg', async (request, reply) => {
    const formation = await formationOf(request);
    if (!formation) return refuse(reply, 'unknownFormation');
    const category = await loadCategory(db, formation.categoryId);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(coverSvg(formation, category?.title ?? ''));
  });

  // A `<video>` element sends the token cookie but no header: both are read, as for uploads.
  app.get('/content/api/platform-formations/:id/chapitres/:chapterId/video', async (request, reply) => {
    const user = await browserRequestUser(app, db, request);
    if (!user) return unauthorized(reply);
    const formation = await formationOf(request);
    if (!formation) return refuse(reply, 'unknownFormation');
    const params = chapterVideoParams.safeParse(request.params);
    const chapter = params.success ? formation.chapitres.find((c) => c.id === params.data.chapterId) : undefined;
    if (!chapter?.video) return refuse(reply, 'videoMissing');
    const opens = await categoryAccess(db, user, options.now());
    if (!opens(formation.categoryId)) return refuse(reply, 'locked');
    return sendFileRange(reply, join(mediaDir, chapter.video), 'video/webm', request.headers.range);
  });

  app.get('/rest/formation/progress', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return unauthorized(reply);
    return reply.send({ data: await progressListOf(db, user.id) });
  });

  app.get('/rest/formation/progress/:id', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return unauthorized(reply);
    const formation = await formationOf(request);
    if (!formation) return refuse(reply, 'unknownFormation');
    return reply.send({ data: await progressOf(db, user.id, formation.id) });
  });

  app.patch('/rest/formation/progress/update', { errorHandler: frenchBodyErrors }, async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return unauthorized(reply);
    const input = progressUpdateInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: invalidBody(input.error) });
    const formation = await loadFormation(db, input.data.formationId);
    if (!formation) return refuse(reply, 'unknownFormation');
    const opens = await categoryAccess(db, user, options.now());
    if (!opens(formation.categoryId)) return refuse(reply, 'locked');
    const outcome = await saveProgressUpdate(db, user.id, input.data, formation, options.now());
    if ('error' in outcome) return refuse(reply, outcome.error);
    return reply.send({ data: outcome.progress });
  });

  async function formationOf(request: FastifyRequest): Promise<StoredFormation | null> {
    const param = formationIdParam.safeParse(request.params);
    return param.success ? loadFormation(db, param.data.id) : null;
  }
}
