import { z } from 'zod/mini';

/** Any answer may carry an `error` string; the client passes it on as the error. */
export const apiError = z.object({ error: z.string() });
export type ApiError = z.infer<typeof apiError>;
