import { z } from 'zod/mini';

/** Any answer may carry an `error` string; the client passes it on as the error. */
export const apiError = z.object({ error: z.string() });
export type ApiError = z.infer<typeof apiError>;

/** The answer to a call that needs a signed-in member, made without a valid session (401). */
export const SIGN_IN_REQUIRED = 'Connectez-vous pour continuer.';
/** The answer for an address that names nothing (404). */
export const NOT_FOUND = 'Introuvable.';
