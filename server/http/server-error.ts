/**
 * What a caller reads of a server failure: the French message and the request's reference, which
 * the logs carry with the whole error (never the SQL, the stack or a path).
 */
export const serverErrorMessage = (requestId: string): string => `Erreur lors de la requête (référence ${requestId})`;

/** The framework's own refusals, in French (its messages are English). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Requête invalide : le corps JSON est vide',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Requête invalide : JSON mal formé',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Requête invalide : longueur du contenu incorrecte',
  FST_ERR_CTP_INVALID_TYPE: 'Type de contenu non pris en charge',
};

/** What a caller reads of a refused request (4xx): the framework's refusals in French, our own messages as they are. */
export function clientErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code in FRAMEWORK_MESSAGES) return FRAMEWORK_MESSAGES[code]!;
  // A JSON body that does not parse.
  if (error instanceof SyntaxError) return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  if (code.startsWith('FST_')) return 'Requête invalide';
  return error instanceof Error && error.message ? error.message : 'Requête invalide';
}
