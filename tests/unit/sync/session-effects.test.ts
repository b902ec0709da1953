import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from '../../../src/sync/api-client';
import type { ComptoirDatabase } from '../../../src/store/database';
import { createSessionEffects } from '../../../src/sync/session-effects';

/** The effects with an API that answers every request with `answer`, and no database (never reached on a failure). */
const effectsAnswering = (answer: ApiResult<unknown>) => {
  const api = { request: async () => answer } as unknown as ApiClient;
  const db = () => Promise.reject(new Error('la base ne doit pas être lue'));
  return createSessionEffects({ api, db: db as () => Promise<ComptoirDatabase>, storage: globalThis.localStorage ?? ({} as Storage) });
};
const failure = (status: number | null): ApiResult<unknown> => ({ ok: false, error: 'Erreur lors de la requête', status });

describe('session effects: checking the current user', () => {
  it('signs the member out only when the server says the token is no good (401, 403)', async () => {
    for (const status of [401, 403]) expect(await effectsAnswering(failure(status)).loadCurrentUser()).toEqual({ status: 'unauthorized' });
  });

  it('keeps the cached session on any other failure: no answer, a limit, a proxy, a server error', async () => {
    for (const status of [null, 400, 404, 408, 429, 500, 503]) expect(await effectsAnswering(failure(status)).loadCurrentUser()).toEqual({ status: 'offline' });
  });
});
