import { planningResponse } from '../contract/planning';
import { bannersResponse } from '../contract/banners';
import { BANNERS_QUERY } from '../contract/graphql-documents';
import { PLANNING_REFRESH_MS, planningRange } from '../domain/live-window';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { foldBanners, foldPlanningPage } from './fold-content';

/**
 * Keeps the shell's content in the store while signed in: the live planning (refreshed every
 * 5 minutes, spec 3 §2) and the banners. Returns the cleanup.
 */
export function startContentSync(deps: { api: ApiClient; db: ComptoirDatabase; now?: () => Date }): () => void {
  const now = deps.now ?? (() => new Date());
  let stopped = false;

  async function syncPlanning() {
    const range = planningRange(now());
    const answer = await deps.api.request(planningResponse, 'content', '/api/planning-plateformes', {
      query: { from: range.from.toISOString(), to: range.to.toISOString() },
    });
    if (answer.ok && !stopped) await foldPlanningPage(deps.db, range, answer.data.data);
  }

  async function syncBanners() {
    const answer = await deps.api.graphql(bannersResponse, BANNERS_QUERY);
    if (answer.ok && !stopped) await foldBanners(deps.db, answer.data);
  }

  void syncPlanning();
  void syncBanners();
  const timer = setInterval(() => void syncPlanning(), PLANNING_REFRESH_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
