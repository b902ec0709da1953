import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, PREFETCH_KEEP_MS } from '../../../src/sync/api-client';

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

describe('prefetch', () => {
  it('asks at once; the next plain request of the path takes that answer, once', async () => {
    let available = true;
    const { fetch, requests } = fakeFetch(() => json(200, { available }));
    const api = createApiClient({ getToken: () => 'jwt-1', fetch, baseUrl: 'http://test' });
    api.prefetch('content', '/api/chatrooms');
    expect(requests.map((r) => r.url)).toEqual(['http://test/content/api/chatrooms']);
    available = false;
    expect(await api.request(answer, 'content', '/api/chatrooms')).toEqual({ ok: true, data: { available: true } });
    expect(requests).toHaveLength(1);
    // Taken once: the next request asks the server again.
    expect(await api.request(answer, 'content', '/api/chatrooms')).toEqual({ ok: true, data: { available: false } });
    expect(requests).toHaveLength(2);
  });

  it('is not taken by a request with a query, a body or another path, nor once too old', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = fakeFetch(() => json(200, { available: true }));
      const api = createApiClient({ getToken: () => null, fetch, baseUrl: 'http://test' });
      api.prefetch('rest', '/chat/state');
      await api.request(answer, 'rest', '/chat/state', { query: { page: 2 } });
      expect(requests).toHaveLength(2);
      api.prefetch('rest', '/chat/state');
      await vi.advanceTimersByTimeAsync(PREFETCH_KEEP_MS + 1);
      await api.request(answer, 'rest', '/chat/state');
      expect(requests).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
