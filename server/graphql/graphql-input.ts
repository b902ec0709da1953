import { GraphQLError } from 'graphql';
import type { Database } from '../db/open-database';
import { isCoach } from '../content/vip-access';
import { containsNul, invalidBody, NUL_REFUSED } from '../routes/invalid-body';
import type { ContentContext } from './content-schema';

/** The refusals of the content host's mutations, with the codes the client reads. */
export const forbidden = () => new GraphQLError('Accès refusé', { extensions: { code: 'FORBIDDEN' } });
export const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
export const conflict = (message: string) => new GraphQLError(message, { extensions: { code: 'CONFLICT' } });

/** The input decoded by its contract schema, or a French refusal naming the field. */
export function decode<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof invalidBody>[0] } },
  input: unknown,
  nullable: readonly string[],
): T {
  // PostgreSQL text cannot hold a NUL: refused here rather than failing in the insert.
  if (containsNul(input)) throw badInput(NUL_REFUSED);
  const decoded = schema.safeParse(withNulls(input, nullable));
  if (!decoded.success) throw badInput(invalidBody(decoded.error));
  return decoded.data;
}

/** Subscription 6 only (spec 3 §6): the planning's editors and the replay and news publishers. */
export async function requireCoach(db: Database, now: () => Date, context: ContentContext): Promise<void> {
  const user = await context.user();
  if (!user || !(await isCoach(db, user, now()))) throw forbidden();
}

/** GraphQL leaves an omitted nullable input field out; the contract wants it null. */
function withNulls(input: unknown, keys: readonly string[]): unknown {
  if (typeof input !== 'object' || input === null) return input;
  return { ...Object.fromEntries(keys.map((key) => [key, null])), ...input };
}
