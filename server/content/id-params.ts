import { z } from 'zod';
import { MAX_ID } from './content-errors';

/** Ids in a path: anything else (a word, a NUL, a number past PostgreSQL's integer) is unknown. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
