import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../server/app';
import * as graphqlDocuments from '../../src/contract/graphql-documents';
import { GRAPHQL_PATH } from '../../src/contract/hosts';
import { answerProblem, contractFieldNames, encodeWtf8, graphqlBody, pathSegment, queryString, requestBody, REST_RUNS, SEED, type BadBody } from './bad-input-arbitraries';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './test-server';

/**
 * Bad input is harmless (issue 23): every REST route, fed wrong types, missing and extra fields,
 * huge strings and arrays, deep JSON, unicode edge cases and `__proto__` keys, signed in or not,
 * answers below 500, in French, with nothing of its internals, and the server stays up.
 * `FC_SEED` replays a run, `FC_ROUTE='POST /rest/contact'` looks at one route.
 *
 * The routes are dealt to `shards` test files (bad-input-rest-1.test.ts, …) so that vitest feeds
 * them on every core, each file with its own server.
 */
export function describeBadInputRoutes(shard: number, shards: number): void {
  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    server = await startTestServer();
    fields = await contractFieldNames();
    for (const account of ['membre', 'vip', 'coach', 'analyste']) callers[account] = await server.tokenOf(account);
    console.info(`bad-input REST ${shard + 1}/${shards}: seed ${SEED}, ${REST_RUNS} cases per route (FC_SEED=${SEED} replays them)`);
  }, 60_000);
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await server.close();
  });
  describe(`bad input on every REST route (${shard + 1}/${shards})`, () => {
    it('finds the routes', () => {
      // The app registers about 140: a broken registry would make the properties vacuous.
      expect(server.routes.filter((route) => route.method !== 'HEAD').length).toBeGreaterThan(90);
    });
    it('answers below 500, in French, without internals, and stays up', () => feedRoutes(routesToFeed().filter((route) => shardOf(route, shards) === shard)), 3_600_000);
  });
}

/** The same shard for a route from run to run, whatever the order the app registers them in. */
function shardOf(route: RegisteredRoute, shards: number): number {
  let hash = 0;
  for (const char of `${route.method} ${route.url}`) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % shards;
}

let server: TestServer;
let fields: string[];
const documents: string[] = Object.values(graphqlDocuments);
const callers: Record<string, string | null> = {};
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** The routes to feed: every registered one but the HEAD twins of GET routes (the same handler). */
function routesToFeed(): RegisteredRoute[] {
  const only = process.env.FC_ROUTE;
  return server.routes.filter((route) => route.method !== 'HEAD' && (!only || `${route.method} ${route.url}` === only));
}

type BadRequest = { caller: string; authorization: string | null; path: string; body: BadBody | null };

/** Routes that end their caller's sessions: fed as a member of their own (`analyste`), whose later calls are refused. */
const ENDS_SESSIONS = new Set(['POST /rest/users/logout_everywhere']);

/** A request to this route: its parameters and wildcard replaced by bad segments, a bad query and body. */
function badRequest(route: RegisteredRoute): fc.Arbitrary<BadRequest> {
  const parts = route.url.split('/');
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const ends = ENDS_SESSIONS.has(`${route.method} ${route.url}`);
  return fc.record({
    caller: ends ? fc.constantFrom('analyste', 'anonyme', 'forged') : fc.constantFrom('membre', 'membre', 'membre', 'membre', 'vip', 'coach', 'anonyme', 'forged'),
    segments: fc.tuple(...parts.map((part) => (part.startsWith(':') || part === '*' ? pathSegment : fc.constant(part)))),
    query: queryString(fields),
    body: withBody ? fc.option(route.url === GRAPHQL_PATH ? fc.oneof(graphqlBody(documents, fields), requestBody(fields)) : requestBody(fields), { freq: 8 }) : fc.constant(null),
  }).map(({ caller, segments, query, body }) => ({
    caller,
    authorization: caller === 'anonyme' ? null : caller === 'forged' ? FORGED : `Bearer ${callers[caller] ?? ''}`,
    path: `${segments.join('/')}${query}`,
    body,
  }));
}

/** A token in the right shape but signed by someone else, then its payload in bad unicode. */
const FORGED = `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ id: '1\u0000', v: -1 })).toString('base64url')}.${encodeWtf8(TEST_JWT_SECRET).slice(0, 8)}`;

async function send(route: RegisteredRoute, request: BadRequest): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  if (request.authorization) headers.authorization = request.authorization;
  if (request.body?.contentType) headers['content-type'] = request.body.contentType;
  const answer = await server.app.inject({
    method: route.method as 'GET',
    url: request.path,
    headers,
    ...(request.body ? { payload: request.body.payload } : {}),
  });
  return { status: answer.statusCode, body: answer.body };
}

async function feedRoutes(routes: readonly RegisteredRoute[]): Promise<void> {
  const started = performance.now();
  const timings: string[] = [];
  // Every route is fed before failing, so one run lists every hole (each with its seed and path).
  const failures: string[] = [];
  for (const route of routes) {
    const routeStarted = performance.now();
    const outcome = await fc.check(
      fc.asyncProperty(badRequest(route), async (request) => {
        const answer = await send(route, request);
        const problem = answerProblem(answer.status, answer.body);
        if (problem) throw new Error(`${route.method} ${route.url} as ${request.caller}, ${request.path.slice(0, 200)}: ${problem}`);
      }),
      { numRuns: REST_RUNS, seed: SEED },
    );
    if (outcome.failed) failures.push(`${String(outcome.errorInstance)}\n${fc.defaultReportMessage(outcome) ?? ''}`);
    timings.push(`${route.method} ${route.url} ${Math.round(performance.now() - routeStarted)} ms`);
  }
  if (process.env.FC_TIMINGS) console.info(timings.join('\n'));
  expect(failures.join('\n\n')).toBe('');
  expect(rejections).toEqual([]);
  // Still up: a route answers as usual, the member still signed in.
  const me = await server.app.inject({ method: 'GET', url: '/content/api/users/me', headers: { authorization: `Bearer ${callers.membre ?? ''}` } });
  expect(me.statusCode).toBe(200);
  console.info(`bad-input REST: ${routes.length} routes in ${Math.round((performance.now() - started) / 1000)} s`);
}
