import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../../src/sync/api-client';

const answer = z.object({ available: z.boolean() });

/** A fetch that answers from a table and records what it was asked. */
function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init: init ?? {} });
    return respond(String(input), init ?? {});
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('sends the bearer token, the query and decodes the answer', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { available: true }));
    const api = createApiClient({ getToken: () => 'jwt-1', fetch, baseUrl: 'http://test' });
    const result = await api.request(answer, 'rest', '/public/is_available', { query: { email: 'a@b.fr', skip: undefined } });
    expect(result).toEqual({ ok: true, data: { available: true } });
    expect(requests[0]!.url).toBe('http://test/rest/public/is_available?email=a%40b.fr');
    expect((requests[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-1');
  });

  it('sends no authorization header without a token, and JSON bodies to the content host', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, { available: false }));
    const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
    await api.request(answer, 'content', '/api/x', { method: 'POST', body: { a: 1 } });
    const headers = requests[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(requests[0]!.init.body).toBe('{"a":1}');
    expect(requests[0]!.url).toBe('http://test/content/api/x');
  });

  it('treats any status below 500 as an answer and passes its error field on', async () => {
    const { fetch } = fakeFetch(() => json(403, { error: 'NOT_ALLOWED' }));
    const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
    expect(await api.request(answer, 'rest', '/live/get_link')).toEqual({ ok: false, error: 'NOT_ALLOWED', status: 403 });
  });

  it.each([
    ['a server failure', () => json(502, { error: 'upstream' }), 502],
    ['an empty answer', () => new Response('', { status: 200 }), 200],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 }), 200],
    ['an answer of the wrong shape', () => json(200, { available: 'oui' }), 200],
  ])('gives "Erreur lors de la requête" for %s', async (_label, respond, status) => {
    const { fetch } = fakeFetch(respond);
    const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
    expect(await api.request(answer, 'rest', '/x')).toEqual({ ok: false, error: 'Erreur lors de la requête', status });
  });

  it('gives "Erreur lors de la requête" with no status when the network fails', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
    expect(await api.request(answer, 'rest', '/x')).toEqual({ ok: false, error: 'Erreur lors de la requête', status: null });
  });

  it('reports a decode failure to its observer', async () => {
    const seen: string[] = [];
    const { fetch } = fakeFetch(() => json(200, { nope: 1 }));
    const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test', onDecodeError: (p) => seen.push(p) });
    await api.request(answer, 'rest', '/x');
    expect(seen).toEqual(['/x']);
  });

  describe('graphql', () => {
    it('posts the document and decodes data', async () => {
      const { fetch, requests } = fakeFetch(() => json(200, { data: { available: true } }));
      const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
      expect(await api.graphql(answer, 'query { x }', { a: 1 })).toEqual({ ok: true, data: { available: true } });
      expect(requests[0]!.url).toBe('http://test/content/graphql');
      expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ query: 'query { x }', variables: { a: 1 } });
    });

    it('passes the first GraphQL error message on', async () => {
      const { fetch } = fakeFetch(() => json(200, { data: null, errors: [{ message: 'Invalid identifier or password' }] }));
      const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
      expect(await api.graphql(answer, 'mutation { x }')).toEqual({
        ok: false,
        error: 'Invalid identifier or password',
        status: 200,
      });
    });

    it('gives the generic error for an answer without data', async () => {
      const { fetch } = fakeFetch(() => json(200, {}));
      const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
      expect(await api.graphql(answer, 'query { x }')).toMatchObject({ ok: false, error: 'Erreur lors de la requête' });
    });
  });
});
