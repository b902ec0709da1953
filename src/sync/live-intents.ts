import { liveLinkResponse } from '../contract/planning';
import type { ApiClient, ApiResult } from './api-client';

export type LiveIntents = {
  /** `POST /live/get_link`: an access link for a live without a direct link (spec 3 §7). */
  requestLink(roomId: string): Promise<ApiResult<{ loginUrl: string }>>;
};

export const createLiveIntents = (api: ApiClient): LiveIntents => ({
  requestLink: (roomId) => api.request(liveLinkResponse, 'rest', '/live/get_link', { method: 'POST', body: { roomId } }),
});
