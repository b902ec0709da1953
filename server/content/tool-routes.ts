import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tool } from '../../src/contract/home-content';
import { requestUser } from '../auth/tokens';
import type { Database } from '../db/open-database';
import { tools } from '../db/schema';
import { COVER_COLORS, COVER_HEADERS, titledCoverSvg } from '../http/cover-svg';
import { containsNul } from '../routes/invalid-body';
import { refuse } from './content-errors';
import { idParams } from './replay-routes';

type ToolRow = typeof tools.$inferSelect;

const toolsQuery = z.object({ sort: z.enum(['ordre:asc', 'ordre:desc']).optional() });
export const toolCoverPath = (id: number): string => `/content/api/platform-tools/${id}/cover.svg`;

/**
 * Platform tools (spec 3 §2, §7) for signed-in members: the home page shows 55 and 56, the
 * toolbox (issue 19) all of them. Files are listed by name; downloading one is the toolbox's.
 */
export function registerToolRoutes(app: FastifyInstance, db: Database): void {
  app.get('/content/api/platform-tools', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    if (containsNul(request.query)) return refuse(reply, 'invalidParameter');
    const query = toolsQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'Requête invalide : tri « sort » incorrect (ordre:asc ou ordre:desc)' });
    const order = query.data.sort === 'ordre:desc' ? [desc(tools.ordre), desc(tools.id)] : [asc(tools.ordre), asc(tools.id)];
    const rows = await db.select().from(tools).orderBy(...order);
    return reply.send({ data: rows.map(toolView) });
  });

  app.get('/content/api/platform-tools/:id', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return refuse(reply, 'unauthorized');
    const tool = await toolOf(request.params);
    if (!tool) return refuse(reply, 'unknownTool');
    return reply.send({ data: toolView(tool) });
  });

  app.get('/content/api/platform-tools/:id/cover.svg', async (request, reply) => {
    const tool = await toolOf(request.params);
    if (!tool) return refuse(reply, 'unknownTool');
    return reply
      .headers(COVER_HEADERS)
      .send(titledCoverSvg({ title: tool.name, kicker: tool.subtitle, footer: 'Comptoir · Outils', colors: COVER_COLORS[tool.ordre % COVER_COLORS.length]! }));
  });

  async function toolOf(params: unknown): Promise<ToolRow | null> {
    const id = idParams.safeParse(params);
    if (!id.success) return null;
    const [row] = await db.select().from(tools).where(eq(tools.id, id.data.id)).limit(1);
    return row ?? null;
  }
}

/** Spec 3 §3 "Platform tool"; the picture is the generated cover when the tool has none. */
function toolView(row: ToolRow): Tool {
  return {
    id: row.id,
    attributes: {
      name: row.name,
      subtitle: row.subtitle,
      picture: { url: row.picture ?? toolCoverPath(row.id) },
      price: row.price,
      payment_link: row.paymentLink,
      page: row.page,
      ordre: row.ordre,
      files: row.files.map((file) => ({ name: file.name })),
    },
  };
}
