import type { FastifyReply } from 'fastify';
import { SIGN_IN_REQUIRED } from '../../src/contract/api-error';

/** The content routes' refusals (spec 3 §8 where it has a wording), with their statuses. */
export const CONTENT_ERRORS = {
  unauthorized: { status: 401, error: SIGN_IN_REQUIRED },
  vipRequired: { status: 403, error: "Vous n'avez pas accès à cette page. Vous devez avoir un compte VIP" },
  unknownReplay: { status: 404, error: 'Replay introuvable' },
  unknownArticle: { status: 404, error: 'Article introuvable' },
  unknownTool: { status: 404, error: 'Outil introuvable' },
  unknownToolFile: { status: 404, error: 'Fichier introuvable' },
  unknownMedia: { status: 404, error: 'Média introuvable' },
  unknownSocial: { status: 404, error: 'Réseau social introuvable' },
  unknownPoll: { status: 400, error: 'Sondage inconnu' },
  alreadyAnswered: { status: 409, error: 'Vous avez déjà répondu à ce sondage' },
  invalidParameter: { status: 400, error: 'Requête invalide : paramètre incorrect' },
} as const;
export type ContentError = keyof typeof CONTENT_ERRORS;

export const refuse = (reply: FastifyReply, error: ContentError) => reply.code(CONTENT_ERRORS[error].status).send({ error: CONTENT_ERRORS[error].error });

/** The largest id a PostgreSQL `integer` column holds: a larger one can match nothing. */
export const MAX_ID = 2_147_483_647;
