import { z } from 'zod';
import { REGISTER_MUTATION } from '../contract/graphql-documents';
import { authResult, user } from '../contract/user';
import type { NewAccount } from '../machines/registration-machine';
import type { ApiClient } from './api-client';
import { okAnswer, resetPasswordAnswer, type ResetPasswordInput } from '../contract/account';

const registerAnswer = z.object({ register: authResult });
const availability = z.object({ available: z.boolean() });

/** The registration machine's effects, bound to the real API (spec 1 §7). */
export function createAccountEffects(api: ApiClient) {
  return {
    async checkEmail(email: string): Promise<{ available: boolean }> {
      const answer = await api.request(availability, 'rest', '/public/is_available', { query: { email } });
      if (!answer.ok) throw new Error(answer.error);
      return answer.data;
    },

    /** `POST /api/auth/forgot-password`: null when the e-mail went, else the error to show. */
    async forgotPassword(email: string): Promise<string | null> {
      const answer = await api.request(okAnswer, 'content', '/api/auth/forgot-password', { method: 'POST', body: { email } });
      return answer.ok ? null : answer.error;
    },

    /** `POST /api/auth/reset-password`: the new token (the member is signed in), or the error. */
    async resetPassword(input: ResetPasswordInput): Promise<{ jwt: string } | { error: string }> {
      const answer = await api.request(resetPasswordAnswer, 'content', '/api/auth/reset-password', { method: 'POST', body: input });
      return answer.ok ? { jwt: answer.data.jwt } : { error: answer.error };
    },

    /** `GET /api/auth/email-confirmation?confirmation=` */
    async confirmEmail(confirmation: string): Promise<boolean> {
      const answer = await api.request(okAnswer, 'content', '/api/auth/email-confirmation', { query: { confirmation } });
      return answer.ok;
    },

    /** The register mutation, then the first name on the new profile (the mutation has no field for it). */
    async createAccount(account: NewAccount): Promise<{ jwt: string }> {
      const answer = await api.graphql(registerAnswer, REGISTER_MUTATION, {
        input: { email: account.email, username: account.username, password: account.password },
      });
      if (!answer.ok) throw new Error(answer.error);
      const { jwt } = answer.data.register;
      // The account exists and is signed in even if this last step fails: the profile page can fix it.
      const me = await api.request(user, 'content', '/api/users/me', { token: jwt });
      if (me.ok) {
        await api.request(z.unknown(), 'content', '/api/user/update', {
          method: 'PUT',
          token: jwt,
          body: { metadata: { ...me.data.metadata, firstName: account.firstName } },
        });
      }
      return { jwt };
    },
  };
}
export type AccountEffects = ReturnType<typeof createAccountEffects>;
