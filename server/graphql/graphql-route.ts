import { graphql, GraphQLError } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serverErrorMessage } from '../http/server-error';
import { publicOrigin, type AccountServices } from '../accounts/account-services';
import { cookieOf, requestUser } from '../auth/tokens';
import { REFERRAL_COOKIES } from '../../src/domain/registration';
import type { UserRow } from '../users/user-queries';
import { contentResolvers, contentSchema, type ContentContext } from './content-schema';
import type { LandingContentDeps } from './landing-content-schema';
import type { LiveContentDeps } from './live-content-schema';

const graphqlRequest = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

/** `POST /content/graphql`: the GraphQL-over-HTTP answer `{ data, errors }` with status 200. */
export function registerGraphqlRoute(app: FastifyInstance, services: AccountServices, content: LiveContentDeps & LandingContentDeps): void {
  const rootValue = contentResolvers(services, content);
  app.post('/content/graphql', async (request, reply) => {
    const body = graphqlRequest.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ errors: [{ message: 'Requête GraphQL invalide' }] });
    if (nestingDepth(body.data.query) > MAX_NESTING) return reply.code(400).send({ errors: [{ message: 'Requête GraphQL invalide : trop imbriquée' }] });
    let user: Promise<UserRow | null> | null = null;
    const contextValue: ContentContext = {
      ip: request.ip,
      origin: publicOrigin(services, request),
      log: request.log,
      user: () => (user ??= requestUser(app, services.db, request)),
      referralCodes: Object.keys(REFERRAL_COOKIES).map((name) => cookieOf(request, name)),
    };
    const result = await graphql({
      schema: contentSchema,
      source: body.data.query,
      rootValue,
      contextValue,
      variableValues: body.data.variables ?? undefined,
      operationName: body.data.operationName ?? undefined,
    });
    // Unexpected resolver failures are logged in full and answered without internals.
    const errors = result.errors?.map((error) => {
      if (error.originalError && !(error.originalError instanceof GraphQLError)) {
        request.log.error({ err: error.originalError, reqId: request.id }, 'graphql resolver failed');
        return { message: serverErrorMessage(request.id), path: error.path };
      }
      return error.toJSON();
    });
    return reply.send(errors ? { data: result.data ?? null, errors } : { data: result.data });
  });
}

/**
 * Far deeper than any of the client's documents: graphql-js parses and validates by recursion, and
 * a document nested a few thousand deep overflowed the stack (answered as a server failure).
 */
const MAX_NESTING = 64;

/** The deepest nesting of braces, brackets and parentheses in a document, outside its strings and comments. */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let inComment = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inComment) {
      if (char === '\n' || char === '\r') inComment = false;
    } else if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '#') {
      inComment = true;
    } else if (char === '{' || char === '[' || char === '(') {
      deepest = Math.max(deepest, ++depth);
    } else if (char === '}' || char === ']' || char === ')') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}
