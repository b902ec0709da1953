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
