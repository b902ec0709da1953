import type { Observable } from 'rxjs';
import {
  formationCategoriesResponse,
  formationResponse,
  formationsResponse,
  progressListResponse,
  progressResponse,
  type Formation,
  type FormationProgress,
  type QuizAnswerInput,
} from '../contract/formations';
import { FORMATION_CATEGORIES_QUERY } from '../contract/graphql-documents';
import { courseSteps } from '../domain/formation-progress';
import { FORMATION_ERRORS } from '../domain/formation-text-fr';
import { LEARNING_TEXT } from '../domain/learning-text-fr';
import type { ComptoirDatabase } from '../store/database';
import { formationKey, queuedProgress } from '../store/learning-queries';
import { emptyProgressDoc, localProgress, pendingUpdate, withoutSent, withPendingPosition, withPendingStep } from '../store/progress-outbox';
import type { ApiClient } from './api-client';
import { foldCategories, foldFormation, foldFormations, foldServerProgress, modifyProgress } from './fold-learning';

/** Spec 3: video positions are saved at most this often while a video plays (and at once on pause or leave). */
export const POSITION_INTERVAL_MS = 5_000;
/** After a failed send, the outbox tries again this much later (and at once when the network is back). */
export const RETRY_MS = 15_000;
/** The background refresh waits this long after sign-in, so the first screen loads first. */
export const START_DELAY_MS = 2_000;
const UPDATE_PATH = '/formation/progress/update';

export type LearningSync = ReturnType<typeof createLearningSync>;

/**
 * The learning data layer (spec 3 §2, §7): the catalogue and the member's progress folded into the
 * store, and the progress intents. Steps and video positions are written locally at once and sent
 * by the outbox (the progress documents' pending lists), in the order they were queued, whenever
 * the network is there; the quiz alone needs the server, which scores it.
 */
export function createLearningSync(deps: {
  api: ApiClient;
  db: ComptoirDatabase;
  /** Emits when the connection comes back (the realtime connection, the browser's `online`). */
  reconnected$?: Observable<unknown>;
  now?: () => number;
  isOnline?: () => boolean;
  /** Tests shorten the position throttle and the retry delay. */
  positionIntervalMs?: number;
  retryMs?: number;
}) {
  const positionInterval = deps.positionIntervalMs ?? POSITION_INTERVAL_MS;
  const retryMs = deps.retryMs ?? RETRY_MS;
  const { api, db } = deps;
  const now = deps.now ?? (() => Date.now());
  const isOnline = deps.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  let stopped = false;

  // --- the catalogue -------------------------------------------------------------------------
  async function refreshCatalogue(): Promise<string | null> {
    const [list, categories] = await Promise.all([
      api.request(formationsResponse, 'content', '/api/platform-formations'),
      api.graphql(formationCategoriesResponse, FORMATION_CATEGORIES_QUERY),
    ]);
    if (stopped) return null;
    if (list.ok) await foldFormations(db, list.data.data, now());
    if (categories.ok) await foldCategories(db, categories.data.formationCategories);
    return !list.ok ? list.error : !categories.ok ? categories.error : null;
  }

  /** One formation and its progress, fresh (the course page asks on open). */
  async function refreshFormation(id: number): Promise<void> {
    const [one, progress] = await Promise.all([
      api.request(formationResponse, 'content', `/api/platform-formations/${id}`),
      api.request(progressResponse, 'rest', `/formation/progress/${id}`),
    ]);
    if (stopped) return;
    if (one.ok) await foldFormation(db, id, one.data.data);
    else if (one.status === 404) await foldFormation(db, id, null);
    if (progress.ok) await foldServerProgress(db, [progress.data.data]);
  }

  async function refreshProgress(): Promise<void> {
    const answer = await api.request(progressListResponse, 'rest', '/formation/progress');
    if (answer.ok && !stopped) await foldServerProgress(db, answer.data.data);
  }

  // --- the outbox ----------------------------------------------------------------------------
  let flushing: Promise<void> | null = null;
  let again = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  /** Sends every queued write, the oldest first, one at a time; a network failure stops the round. */
  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      let outcome: 'sent' | 'blocked';
      do {
        again = false;
        outcome = await flushOnce();
      } while (outcome === 'sent' && again && !stopped);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function flushOnce(): Promise<'sent' | 'blocked'> {
    for (const doc of await queuedProgress(db)) {
      if (stopped) return 'blocked';
      const update = pendingUpdate(doc);
      if (!update) continue;
      const answer = await api.request(progressResponse, 'rest', UPDATE_PATH, { method: 'PATCH', body: update });
      if (answer.ok) {
        await foldServerProgress(db, [answer.data.data]);
      } else if (answer.status === null || answer.status === 401 || answer.status === 429 || answer.status >= 500) {
        // Not the write's fault: it waits, in its place, for the next round.
        scheduleRetry();
        return 'blocked';
      } else {
        // Refused for good (locked, unknown): kept on no device, said in the console.
        console.warn('Progression refusée par le serveur', update, answer.error);
        await modifyProgress(db, update.formationId, (d) => withoutSent(d, update));
      }
    }
    return 'sent';
  }

  function scheduleRetry() {
    if (retry !== null || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      void flush();
    }, retryMs);
  }

  /** Spec 3 §4: a validated step is done at once on this device, and sent when it can be. */
  async function validateStep(formationId: number, step: number): Promise<FormationProgress> {
    await modifyProgress(db, formationId, (d) => withPendingStep(d, step, now()));
    void flush();
    return progressNow(formationId);
  }

  // --- video positions: at most one write per chapter every POSITION_INTERVAL_MS --------------
  type Position = { formationId: number; chapterId: number; seconds: number };
  const latest = new Map<string, Position>();
  const lastWrite = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Seconds reached in a chapter's video; `immediate` on pause and on leaving the chapter. */
  function savePosition(formationId: number, chapterId: number, seconds: number, options: { immediate?: boolean } = {}): Promise<void> {
    if (!Number.isFinite(seconds) || seconds < 0) return Promise.resolve();
    const key = `${formationId}:${chapterId}`;
    latest.set(key, { formationId, chapterId, seconds });
    const since = now() - (lastWrite.get(key) ?? -Infinity);
    if (options.immediate || since >= positionInterval) return writePosition(key);
    if (!timers.has(key)) timers.set(key, setTimeout(() => void writePosition(key), positionInterval - since));
    return Promise.resolve();
  }

  async function writePosition(key: string): Promise<void> {
    const timer = timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(key);
    const position = latest.get(key);
    latest.delete(key);
    if (!position) return;
    lastWrite.set(key, now());
    await modifyProgress(db, position.formationId, (d) => withPendingPosition(d, position.chapterId, position.seconds, now()));
    void flush();
  }

  // --- the quiz: the server scores it --------------------------------------------------------
  /**
   * Submits the quiz with the steps still waiting on this device (the server opens the quiz only
   * once every chapter is validated). Resolves with the progress scored by the server, or rejects
   * with the message to show: offline, the server's own, or 'Erreur lors de la requête'.
   */
  async function submitQuiz(formationId: number, answers: QuizAnswerInput[]): Promise<FormationProgress> {
    const stored = await db.content.findOne(formationKey(formationId)).exec();
    if (!stored) throw new Error(FORMATION_ERRORS.unknownFormation);
    const { quizStep } = courseSteps(stored.toJSON().data as Formation);
    if (quizStep === null) throw new Error(FORMATION_ERRORS.answersWithoutQuiz);
    if (!isOnline()) throw new Error(LEARNING_TEXT.quizOffline);
    const doc = (await db.formation_progress.findOne(String(formationId)).exec())?.toMutableJSON() ?? emptyProgressDoc(formationId);
    const answer = await api.request(progressResponse, 'rest', UPDATE_PATH, {
      method: 'PATCH',
      body: { formationId, chapterDone: quizStep, allChaptersDone: [...new Set([...doc.pendingSteps, quizStep])].sort((a, b) => a - b), answers },
    });
    if (!answer.ok) throw new Error(answer.status === null && !isOnline() ? LEARNING_TEXT.quizOffline : answer.error);
    await foldServerProgress(db, [answer.data.data]);
    return progressNow(formationId);
  }

  async function progressNow(formationId: number): Promise<FormationProgress> {
    const doc = await db.formation_progress.findOne(String(formationId)).exec();
    return localProgress(doc?.toMutableJSON() ?? emptyProgressDoc(formationId));
  }

  return {
    refreshCatalogue,
    refreshFormation,
    refreshProgress,
    validateStep,
    savePosition,
    submitQuiz,
    flush,
    /** Background work while signed in: the catalogue, the progress, the outbox. Returns the cleanup. */
    start(): () => void {
      stopped = false;
      // After the first screen has had the network to itself (the formations pages ask at once).
      const first = setTimeout(() => {
        void refreshCatalogue();
        // The server's progress first, then what waits here (a reload offline sends it when back).
        void refreshProgress().then(() => flush());
      }, START_DELAY_MS);
      const subscription = deps.reconnected$?.subscribe(() => void flush());
      const online = () => void refreshProgress().then(() => flush());
      if (typeof window !== 'undefined') window.addEventListener('online', online);
      return () => {
        for (const key of [...latest.keys()]) void writePosition(key);
        stopped = true;
        clearTimeout(first);
        subscription?.unsubscribe();
        if (typeof window !== 'undefined') window.removeEventListener('online', online);
        if (retry !== null) clearTimeout(retry);
        retry = null;
      };
    },
  };
}

