import { z } from 'zod/mini';
import { REGISTER_MUTATION } from '../contract/graphql-documents';
import { authResult, user } from '../contract/user';
import type { NewAccount } from '../machines/registration-machine';
import type { ApiClient, ApiFailure, UploadProgressOptions } from './api-client';
import {
  okAnswer,
  resetPasswordAnswer,
  SIGN_OUT_EVERYWHERE_PATH,
  successAnswer,
  updateUserAnswer,
  uploadAnswer,
  captchaChallenge,
  googleCallbackAnswer,
  coachesResponse,
  verifyCaptchaAnswer,
  type CaptchaChallenge,
  notificationSettings,
  webPushKeyAnswer,
  type PushSubscriptionJson,
  type Coach,
  type ContactInput,
  type NotificationSettings,
  type ResetPasswordInput,
  type UpdateUserInput,
  type DeleteAccountInput,
} from '../contract/account';
import type { Picture } from '../contract/user';
import { saveToken } from './token-cookie';

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

    /** `GET /api/auth/google/callback` with the identity provider's tokens: our token and its account's id, or the error. */
    async googleCallback(query: { id_token: string; access_token: string }): Promise<{ jwt: string; userId: number } | { error: string }> {
      const answer = await api.request(googleCallbackAnswer, 'content', '/api/auth/google/callback', { query });
      return answer.ok ? { jwt: answer.data.jwt, userId: answer.data.user.id } : { error: answer.error };
    },

    /** `GET /public/captcha`: the challenge the one-page registration shows. */
    async captcha(): Promise<CaptchaChallenge | null> {
      const answer = await api.request(captchaChallenge, 'rest', '/public/captcha');
      return answer.ok ? answer.data : null;
    },

    /** `POST /public/verify-recaptcha` */
    async verifyCaptcha(recaptchaToken: string): Promise<{ success: boolean }> {
      const answer = await api.request(verifyCaptchaAnswer, 'rest', '/public/verify-recaptcha', { method: 'POST', body: { recaptchaToken } });
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

    /** `PUT /api/user/update`: the updated user, and a fresh token for this session after a password change. */
    async updateUser(input: UpdateUserInput): Promise<{ ok: true } | { error: string }> {
      const answer = await api.request(updateUserAnswer, 'content', '/api/user/update', { method: 'PUT', body: input });
      if (!answer.ok) return { error: answer.error };
      // A password change ends the other sessions; this one carries on with the new token.
      if (answer.data.jwt) saveToken(answer.data.jwt);
      return { ok: true };
    },

    /** `POST /api/upload` (images only): the stored picture for the profile, with the upload's progress. */
    async uploadPicture(file: File, options: UploadProgressOptions = {}): Promise<{ picture: Picture } | ApiFailure> {
      const form = new FormData();
      form.append('files', file, file.name);
      const answer = await api.upload(uploadAnswer, 'content', '/api/upload', form, options);
      if (!answer.ok) return answer;
      const [picture] = answer.data;
      return picture ? { picture } : { ok: false, error: '', status: null };
    },

    /** `DELETE /users/delete` with the password typed again (empty for an account made with Google). */
    async deleteAccount(password: string): Promise<string | null> {
      const body: DeleteAccountInput = password === '' ? {} : { password };
      const answer = await api.request(successAnswer, 'rest', '/users/delete', { method: 'DELETE', body });
      return answer.ok ? null : answer.error;
    },

    /** 'Se déconnecter de tous les appareils' (issue 23): null once every session is ended, else the server's message. */
    async signOutEverywhere(): Promise<string | null> {
      const answer = await api.request(successAnswer, 'rest', SIGN_OUT_EVERYWHERE_PATH, { method: 'POST', body: {} });
      return answer.ok ? null : answer.error;
    },

    async notificationSettings(): Promise<{ settings: NotificationSettings; coaches: Coach[] } | { error: string }> {
      const [settings, coaches] = await Promise.all([
        api.request(notificationSettings, 'rest', '/settings/notifications'),
        api.request(coachesResponse, 'rest', '/settings/coaches'),
      ]);
      if (!settings.ok) return { error: settings.error };
      return { settings: settings.data, coaches: coaches.ok ? coaches.data : [] };
    },

    async saveNotificationSettings(settings: NotificationSettings): Promise<string | null> {
      const answer = await api.request(notificationSettings, 'rest', '/settings/notifications', { method: 'PUT', body: settings });
      return answer.ok ? null : answer.error;
    },

    /** `GET /public/web-push-key`: the key this browser subscribes to web push with. */
    async webPushKey(): Promise<string> {
      const answer = await api.request(webPushKeyAnswer, 'rest', '/public/web-push-key');
      if (!answer.ok) throw new Error(answer.error);
      return answer.data.publicKey;
    },

    /** `POST /settings/notifications/endpoint` with this browser's subscription (spec 1 §7). */
    async registerPushEndpoint(subscription: PushSubscriptionJson): Promise<void> {
      const answer = await api.request(successAnswer, 'rest', '/settings/notifications/endpoint', {
        method: 'POST',
        body: { subscription, channel: 'WEB' },
      });
      if (!answer.ok) throw new Error(answer.error);
    },

    /** `POST /contact` */
    async contact(input: ContactInput): Promise<string | null> {
      const answer = await api.request(successAnswer, 'rest', '/contact', { method: 'POST', body: input });
      return answer.ok ? null : answer.error;
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
