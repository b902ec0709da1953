import { planningResponse } from '../contract/planning';
import { bannersResponse } from '../contract/banners';
import { BANNERS_QUERY, CURRENT_POLL_QUERY } from '../contract/graphql-documents';
import {
  ARTICLE_CATEGORY,
  HOME_TOOL_IDS,
  articleCategoriesResponse,
  articlesResponse,
  currentPollResponse,
  pollAnswerResponse,
  pollAnswersResponse,
  toolResponse,
} from '../contract/home-content';
import type { Replay } from '../contract/replays';
import { PLANNING_REFRESH_MS, planningRange } from '../domain/live-window';
import { TEXT } from '../domain/text-fr';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient } from './api-client';
import { startContentSubscriptions } from './content-subscriptions';
import { foldArticles, foldBanners, foldPlanningPage, foldPoll, foldPollAnswers, foldTools } from './fold-content';
import { HOME_ARTICLES_KEY } from '../store/home-queries';

/** Articles the home page shows besides Morning Mood and the DailyBrief. */
export const HOME_ARTICLE_COUNT = 4;
/** The home content waits this long after sign-in, so the first screen loads first. */
export const HOME_START_DELAY_MS = 1_500;

export type PollResult = { ok: true } | { ok: false; error: string };

export type ContentSync = {
  /** Starts the refreshes and the subscriptions; returns the cleanup. */
  start(): () => void;
  /** Fetches again everything the store holds of the content host (after a reconnection). */
  refresh(): Promise<void>;
  /** `POST /polls/answer` (spec 3 §5): one value 1 to 10; the answer is kept in the store. */
  answerPoll(question: string, answer: number): Promise<PollResult>;
};

/**
 * The content of the shell and the home page in the store while signed in (spec 3 §2, §7): the
 * live planning (refreshed every 5 minutes and at once on the subscriptions' events), the banners,
 * the poll and the member's answers, the home articles and tools. The subscriptions keep the
 * planning and the replays live; after a lost connection everything is fetched again.
 */
export function createContentSync(deps: {
  api: ApiClient;
  db: ComptoirDatabase;
  getToken: () => string | null;
  /** The replays' fold and catch-up (the replay sync's). */
  replays: { fold(replay: Replay): Promise<void>; refresh(): Promise<void> };
  now?: () => Date;
  startDelayMs?: number;
  /** Tests run without the WebSocket subscriptions. */
  subscribe?: typeof startContentSubscriptions;
  /** Settles once the page's first screen is shown: on the chat, the planning and banners wait for its rows. */
  firstScreen?: Promise<void>;
}): ContentSync {
  const { api, db } = deps;
  const now = deps.now ?? (() => new Date());
  let stopped = false;

  async function syncPlanning() {
    const range = planningRange(now());
    const answer = await api.request(planningResponse, 'content', '/api/planning-plateformes', {
      query: { from: range.from.toISOString(), to: range.to.toISOString() },
    });
    if (answer.ok && !stopped) await foldPlanningPage(db, range, answer.data.data);
  }

  async function syncBanners() {
    const answer = await api.graphql(bannersResponse, BANNERS_QUERY);
    if (answer.ok && !stopped) await foldBanners(db, answer.data);
  }

  async function syncPoll() {
    const [poll, answers] = await Promise.all([
      api.graphql(currentPollResponse, CURRENT_POLL_QUERY),
      api.request(pollAnswersResponse, 'rest', '/polls/answers'),
    ]);
    if (stopped) return;
    if (poll.ok) await foldPoll(db, poll.data.currentPoll);
    if (answers.ok) await foldPollAnswers(db, answers.data.data);
  }

  async function syncArticles() {
    const categories = await api.request(articleCategoriesResponse, 'content', '/api/landing-categories');
    if (!categories.ok || stopped) return;
    // (The news' folds come in their own chunk, shared with the news screens: not with the chat's code.)
    await (await import('./fold-news')).foldArticleCategories(db, categories.data.data);
    const nameOf = (id: number) => categories.data.data.find((c) => c.id === id)?.name;
    const pages = await Promise.all([
      ...[ARTICLE_CATEGORY.MORNING_MOOD, ARTICLE_CATEGORY.DAILY_BRIEF].map((id) => {
        const category = nameOf(id);
        return category ? api.request(articlesResponse, 'content', '/api/landing-articles', { query: { category, pageSize: 1 } }) : null;
      }),
      api.request(articlesResponse, 'content', '/api/landing-articles', { query: { pageSize: HOME_ARTICLE_COUNT + 2 } }),
    ]);
    if (stopped) return;
    const articles = pages.flatMap((page) => (page?.ok ? page.data.data : []));
    await foldArticles(db, articles);
    // The home's list: the latest articles that are neither Morning Mood nor the DailyBrief.
    const latest = pages.at(-1);
    if (latest?.ok) {
      const others = latest.data.data.filter((a) => a.attributes.category.id !== ARTICLE_CATEGORY.MORNING_MOOD && a.attributes.category.id !== ARTICLE_CATEGORY.DAILY_BRIEF);
      await db.kv.upsert({ key: HOME_ARTICLES_KEY, value: others.slice(0, HOME_ARTICLE_COUNT).map((a) => a.id) });
    }
  }

  async function syncTools() {
    const answers = await Promise.all(HOME_TOOL_IDS.map((id) => api.request(toolResponse, 'content', `/api/platform-tools/${id}`)));
    if (!stopped) await foldTools(db, answers.flatMap((a) => (a.ok ? [a.data.data] : [])));
  }

  async function refresh() {
    await Promise.all([syncPlanning(), syncBanners(), syncPoll(), syncArticles(), syncTools(), deps.replays.refresh()]);
  }

  return {
    start() {
      stopped = false;
      void (deps.firstScreen ?? Promise.resolve()).then(() => {
        if (stopped) return;
        void syncPlanning();
        void syncBanners();
      });
      const timer = setInterval(() => void syncPlanning(), PLANNING_REFRESH_MS);
      let stopSubscriptions: (() => void) | null = null;
      // The home's content and the subscriptions after the first screen.
      const later = setTimeout(() => {
        void Promise.all([syncPoll(), syncArticles(), syncTools()]).catch((error: unknown) => console.warn('home content sync failed', error));
        stopSubscriptions = (deps.subscribe ?? startContentSubscriptions)({
          db,
          getToken: deps.getToken,
          foldReplay: deps.replays.fold,
          // Whatever changed before the first connection, or while it was lost, is fetched again.
          onConnected: (first) => void (first ? Promise.all([syncPlanning(), deps.replays.refresh()]) : refresh()),
          onDropped: (event, issue) => console.warn(`content event ${event} dropped`, issue),
        });
      }, deps.startDelayMs ?? HOME_START_DELAY_MS);
      return () => {
        stopped = true;
        clearInterval(timer);
        clearTimeout(later);
        stopSubscriptions?.();
      };
    },

    refresh,

    async answerPoll(question, answer) {
      const result = await api.request(pollAnswerResponse, 'rest', '/polls/answer', { method: 'POST', body: { question, answer } });
      if (!result.ok) return { ok: false, error: result.error || TEXT.requestFailed };
      await foldPollAnswers(db, [result.data.data]);
      return { ok: true };
    },
  };
}
