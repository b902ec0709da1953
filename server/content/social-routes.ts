import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open-database';
import { COVER_COLORS, COVER_HEADERS, titledCoverSvg } from '../http/cover-svg';
import { refuse } from './content-errors';
import { idParams } from './id-params';
import { findSocial } from './landing-store';

/** The generated picture of a social network without one of its own (public, like the socials). */
export function registerSocialRoutes(app: FastifyInstance, db: Database): void {
  app.get('/content/api/socials/:id/cover.svg', async (request, reply) => {
    const id = idParams.safeParse(request.params);
    const social = id.success ? await findSocial(db, id.data.id) : null;
    if (!social) return refuse(reply, 'unknownSocial');
    const name = social.title.charAt(0).toUpperCase() + social.title.slice(1);
    return reply
      .headers(COVER_HEADERS)
      .send(titledCoverSvg({ title: name, kicker: 'Suivez Comptoir', footer: 'Comptoir · Réseaux', colors: COVER_COLORS[social.id % COVER_COLORS.length]! }));
  });
}
