import { PLANNING_SLOTS_QUERY, SAVE_PLANNING_SLOT_MUTATION } from '../contract/graphql-documents';
import { liveLinkResponse, planningSlotsResponse, savePlanningSlotResponse, type PlanningSlot, type PlanningSlotInput } from '../contract/planning';
import type { ApiClient, ApiResult } from './api-client';

export type LiveIntents = {
  /** `POST /live/get_link`: an access link for a live without a direct link (spec 3 §7). */
  requestLink(roomId: string): Promise<ApiResult<{ loginUrl: string }>>;
  /** Subscription 6: the weekly programme (GraphQL `planningSlots`). */
  planningSlots(): Promise<ApiResult<PlanningSlot[]>>;
  /**
   * Subscription 6: adds or moves a slot (GraphQL `savePlanningSlot`); the server then publishes
   * `planningChanged`, which updates every open planning, this one included.
   */
  saveSlot(input: PlanningSlotInput): Promise<ApiResult<PlanningSlot>>;
};

export const createLiveIntents = (api: ApiClient): LiveIntents => ({
  requestLink: (roomId) => api.request(liveLinkResponse, 'rest', '/live/get_link', { method: 'POST', body: { roomId } }),
  async planningSlots() {
    const answer = await api.graphql(planningSlotsResponse, PLANNING_SLOTS_QUERY);
    return answer.ok ? { ok: true, data: answer.data.planningSlots } : answer;
  },
  async saveSlot(input) {
    const answer = await api.graphql(savePlanningSlotResponse, SAVE_PLANNING_SLOT_MUTATION, { input });
    return answer.ok ? { ok: true, data: answer.data.savePlanningSlot } : answer;
  },
});
