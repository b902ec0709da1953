import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { TEXT } from '../../src/domain/text-fr';
import { INVALID_REQUEST } from '../chat/chat-access';

/**
 * A clear answer to a payload its schema refused, naming the field: 'Ce champs est requis (token)'
 * for an empty required field, else 'Requête invalide : champ « boxId » manquant ou incorrect'.
 */
export function invalidBody(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return INVALID_REQUEST;
  const field = issue.path.map(String).join('.');
  if (!field) return INVALID_REQUEST;
  if (issue.message === TEXT.requiredField) return `${TEXT.requiredField} (${field})`;
  return `${INVALID_REQUEST} : champ « ${field} » manquant ou incorrect`;
}

/** A body that is not JSON (or too large) answered in French, like the schema's refusals. */
export function frenchBodyErrors(error: unknown, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) throw error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message =
    code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? 'Requête invalide : contenu trop volumineux'
      : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Requête invalide : le contenu doit être du JSON'
        : 'Requête invalide : le contenu n’est pas du JSON valide';
  return reply.code(status).send({ error: message });
}

/** The refusal of a NUL character, which PostgreSQL text cannot hold. */
export const NUL_REFUSED = 'Requête invalide : caractère nul';

/**
 * Whether a request's query, params or body carry a NUL character anywhere: PostgreSQL text cannot
 * hold one, so such input is refused before it reaches a query (a 400, never a 500). Walked without
 * recursion: a body may nest deeper than the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Buffer.isBuffer(next)) {
      // A raw body (a webhook's): bytes, never stored as text.
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
