import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { liveLinkInput, planningQuery } from '../../src/contract/planning';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import type { Database } from '../db/open-database';
import { liveSlots } from '../db/schema';
import { browserRequestUser, requestUser } from '../auth/tokens';
import { expandPlanning } from '../lives/expand-planning';
import { holdsSubscription, type UserRow } from '../users/user-queries';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** The longest window one planning call may ask for. */
export const PLANNING_MAX_DAYS = 31;

/** The live planning (content host) and the live access link (API host), spec 3 §7. */
export function registerLiveRoutes(app: FastifyInstance, db: Database): void {
  app.get('/content/api/planning-plateformes', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const query = planningQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'Paramètres from et to invalides' });
    const from = new Date(query.data.from);
    const to = new Date(query.data.to);
    if (to <= from || to.getTime() - from.getTime() > PLANNING_MAX_DAYS * 24 * 60 * 60 * 1000) {
      return reply.code(400).send({ error: `La période demandée doit durer au plus ${PLANNING_MAX_DAYS} jours` });
    }
    const slots = await db.select().from(liveSlots);
    return reply.send({ data: expandPlanning(slots, from, to) });
  });

  app.post('/rest/live/get_link', async (request, reply) => {
    const user = await requestUser(app, db, request);
    if (!user) return reply.code(401).send({ error: SIGN_IN_REQUIRED });
    const input = liveLinkInput.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ error: 'roomId manquant' });
    if (!(await mayJoinLives(db, user))) return reply.code(403).send({ error: 'NOT_ALLOWED' });
    const [slot] = await db.select({ id: liveSlots.id }).from(liveSlots).where(eq(liveSlots.roomClickId, input.data.roomId)).limit(1);
    if (!slot) return reply.code(404).send({ error: 'Live introuvable' });
    // The local live provider: a page of ours standing in for the video platform's room.
    return reply.send({ loginUrl: `/rest/live/salle/${encodeURIComponent(input.data.roomId)}` });
  });

  // Opened in a new tab (the link of get_link): the member is known by the token cookie, and the
  // room is theirs on the same terms as the link, not to whoever knows its address.
  app.get<{ Params: { roomId: string } }>('/rest/live/salle/:roomId', async (request, reply) => {
    const user = await browserRequestUser(app, db, request);
    if (!user) return livePage(reply.code(401), 'Live', LIVE_ROOM_TEXT.signIn);
    if (!(await mayJoinLives(db, user))) return livePage(reply.code(403), 'Live', LIVE_ROOM_TEXT.refused);
    const [slot] = await db.select().from(liveSlots).where(eq(liveSlots.roomClickId, request.params.roomId)).limit(1);
    if (!slot) return reply.code(404).send({ error: 'Live introuvable' });
    return livePage(reply, `${slot.name} — ${slot.speaker}`, 'Salle de live locale (fournisseur de démonstration).');
  });
}

/** The live room page's refusals (the second in the home page's words, src/domain/home-text-fr.ts). */
export const LIVE_ROOM_TEXT = {
  signIn: 'Connectez-vous pour rejoindre ce live.',
  refused: 'Les lives sont réservés aux abonnés Live.',
} as const;

/** A Live subscriber or a coach (subscription 4 or 6) joins the lives. */
async function mayJoinLives(db: Database, user: UserRow, now: Date = new Date()): Promise<boolean> {
  return (await holdsSubscription(db, user.id, SUBSCRIPTION.LIVE, now)) || (await holdsSubscription(db, user.id, SUBSCRIPTION.MODERATOR, now));
}

function livePage(reply: FastifyReply, heading: string, text: string): FastifyReply {
  const title = escapeHtml(heading);
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${escapeHtml(text)}</p></html>`);
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
