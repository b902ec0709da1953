import { z } from 'zod/mini';
import { authResult, user, type LoginInput } from '../contract/user';
import { LOGIN_MUTATION } from '../contract/graphql-documents';
import { TEXT } from '../domain/text-fr';
import type { ComptoirDatabase } from '../store/database';
import type { SignInResult, UserLookup } from '../machines/session-machine';
import type { ApiClient } from './api-client';
import { removeToken } from './token-cookie';

const loginAnswer = z.object({ login: authResult });
/** The server's own wording for bad credentials; the member reads the spec's French message. */
const SERVER_INVALID_CREDENTIALS = 'Invalid identifier or password';

/** The session machine's effects, bound to the real API and store. */
export function createSessionEffects(deps: { api: ApiClient; db: () => Promise<ComptoirDatabase>; storage: Storage }) {
  return {
    async signIn(credentials: LoginInput): Promise<SignInResult> {
      const answer = await deps.api.graphql(loginAnswer, LOGIN_MUTATION, { input: credentials });
      if (answer.ok) return { jwt: answer.data.login.jwt };
      throw new Error(answer.error === SERVER_INVALID_CREDENTIALS ? TEXT.invalidCredentials : answer.error);
    },

    /**
     * A 401 or 403 means the token is no good (the member signs in again); any other failure — no
     * answer, a server error, a 429 from a limit or a proxy's 4xx — keeps the cached session, as
     * being offline does: a busy server never signs a member out.
     */
    async loadCurrentUser(): Promise<UserLookup> {
      const answer = await deps.api.request(user, 'content', '/api/users/me');
      if (answer.ok) {
        await (await deps.db()).account.upsert({ id: 'me', user: answer.data, updatedAt: Date.now() });
        return { status: 'ok' };
      }
      return answer.status === 401 || answer.status === 403 ? { status: 'unauthorized' } : { status: 'offline' };
    },

    /** Logout removes the cookie, clears local storage and the local database (spec 1 §2). */
    async signOut(): Promise<void> {
      removeToken();
      deps.storage.clear();
      await (await deps.db()).remove();
    },
  };
}
