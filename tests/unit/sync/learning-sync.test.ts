import { firstValueFrom } from 'rxjs';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Formation, FormationCategory, FormationProgress, ProgressUpdateInput } from '../../../src/contract/formations';
import { applyProgressUpdate, emptyProgress, type ProgressState } from '../../../src/domain/formation-progress';
import { FORMATION_ERRORS } from '../../../src/domain/formation-text-fr';
import { LEARNING_TEXT } from '../../../src/domain/learning-text-fr';
import type { ComptoirDatabase } from '../../../src/store/database';
import { allProgress$, formation$, formationCategories$, formationProgress$, formations$ } from '../../../src/store/learning-queries';
import { emptyProgressDoc, localProgress, withPendingPosition, withPendingStep, withServerProgress } from '../../../src/store/progress-outbox';
import { createApiClient } from '../../../src/sync/api-client';
import { createLearningSync } from '../../../src/sync/learning-sync';
import { openMemoryDatabase } from '../store/memory-database';

const formation = (id: number, chapters: number, categoryId = 1): Formation => ({
  id,
  title: `Formation ${id}`,
  description: '',
  preview_image: null,
  categoryId,
  locked: false,
  chapitres: Array.from({ length: chapters }, (_, k) => ({ id: id * 10 + k + 1, name: `Chapitre ${k + 1}`, videoUrl: null, text: 'Texte' })),
  quiz: { id, name: 'Quiz', questions: [{ id: id * 100, question: 'Q ?', answers: [{ id: id * 1000 + 1, answer: 'Oui', isCorrect: true }, { id: id * 1000 + 2, answer: 'Non', isCorrect: false }] }] },
});
const category: FormationCategory = { id: 1, attributes: { title: 'Les fondamentaux', ordre: 1, subscriptions: [], formations: [{ id: 1, title: 'Formation 1' }] } };

/**
 * A small server over a fetch: the real domain rule (`applyProgressUpdate`) stores progress, so the
 * client is tested against the same merge as the reference server. `online` cuts the network.
 */
function fakeServer(catalogue: Formation[]) {
  const stored = new Map<number, ProgressState>();
  const patches: ProgressUpdateInput[] = [];
  const state = { online: true };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const view = (p: ProgressState): FormationProgress => ({ ...p, updatedAt: '2026-01-01T10:00:00.000Z' });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://test');
    const path = url.pathname;
    if (path === '/content/api/platform-formations') return json(200, { data: catalogue });
    if (path === '/content/graphql') return json(200, { data: { formationCategories: [category] } });
    if (path === '/rest/formation/progress') return json(200, { data: [...stored.values()].map(view) });
    const one = /^\/rest\/formation\/progress\/(\d+)$/.exec(path);
    if (one) return json(200, { data: view(stored.get(Number(one[1])) ?? emptyProgress(Number(one[1]))) });
    if (path === '/rest/formation/progress/update' && init?.method === 'PATCH') {
      const update = JSON.parse(String(init.body)) as ProgressUpdateInput;
      patches.push(update);
      const course = catalogue.find((f) => f.id === update.formationId);
      if (!course) return json(404, { error: FORMATION_ERRORS.unknownFormation });
      const verdict = applyProgressUpdate(stored.get(update.formationId) ?? emptyProgress(update.formationId), update, course);
      if ('error' in verdict) return json(409, { error: FORMATION_ERRORS[verdict.error] });
      stored.set(update.formationId, verdict.progress);
      return json(200, { data: view(verdict.progress) });
    }
    return json(404, { error: 'introuvable' });
  };
  return { fetch: fetch as typeof globalThis.fetch, stored, patches, state };
}

let db: ComptoirDatabase;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(() => db.remove());
beforeEach(async () => {
  await db.formation_progress.find().remove();
  await db.content.find().remove();
  await db.kv.find().remove();
});

function setup(catalogue = [formation(1, 3), formation(2, 2)], options: { positionIntervalMs?: number } = {}) {
  const server = fakeServer(catalogue);
  const api = createApiClient({ getToken: () => 'jwt', fetch: server.fetch, baseUrl: 'http://test' });
  let clock = 1_000;
  const sync = createLearningSync({ api, db, now: () => (clock += 1), isOnline: () => server.state.online, retryMs: 60_000, ...options });
  return { server, sync };
}

describe('progress outbox rules', () => {
  it('show confirmed and pending steps as one union, and fold the same answer twice to the same document', () => {
    let doc = withPendingStep(emptyProgressDoc(1), 2, 5);
    doc = withPendingStep(doc, 1, 6);
    doc = withPendingPosition(doc, 11, 12.34, 7);
    expect(doc.queuedAt).toBe(5);
    expect(localProgress(doc).allChaptersDone).toEqual([1, 2]);
    expect(localProgress(doc).positions).toEqual({ '11': 12.3 });
    const answer: FormationProgress = { ...emptyProgress(1), allChaptersDone: [2, 3], chapterDone: 3, updatedAt: null };
    const once = withServerProgress(doc, answer);
    expect(once.pendingSteps).toEqual([1]);
    expect(localProgress(once).allChaptersDone).toEqual([1, 2, 3]);
    expect(withServerProgress(once, answer)).toEqual(once);
    // A late, older answer takes nothing back.
    const older = withServerProgress(once, { ...emptyProgress(1), updatedAt: null });
    expect(localProgress(older).allChaptersDone).toEqual([1, 2, 3]);
  });

  it('queue a position only when it is further than what is known', () => {
    const doc = withPendingPosition(emptyProgressDoc(1), 11, 30, 1);
    expect(withPendingPosition(doc, 11, 20, 2)).toBe(doc);
  });
});

describe('learning sync', () => {
  it('folds the catalogue and the categories; a formation is loading, then found or missing', async () => {
    const { sync } = setup();
    expect(await firstValueFrom(formation$(db, 9))).toEqual({ status: 'loading' });
    expect(await sync.refreshCatalogue()).toBeNull();
    expect((await firstValueFrom(formations$(db))).map((f) => f.id)).toEqual([1, 2]);
    expect((await firstValueFrom(formationCategories$(db))).map((c) => c.attributes.title)).toEqual(['Les fondamentaux']);
    expect(await firstValueFrom(formation$(db, 9))).toEqual({ status: 'missing' });
    expect((await firstValueFrom(formation$(db, 2))).status).toBe('found');
  });

  it('keeps steps validated offline, then sends them once, oldest first, and folds the answers', async () => {
    const { server, sync } = setup();
    await sync.refreshCatalogue();
    server.state.online = false;
    await sync.validateStep(2, 1);
    await sync.validateStep(1, 1);
    const shown = await sync.validateStep(1, 2);
    expect(shown.allChaptersDone).toEqual([1, 2]);
    await sync.flush();
    expect(server.patches).toEqual([]);
    expect((await firstValueFrom(formationProgress$(db, 1)))?.allChaptersDone).toEqual([1, 2]);

    server.state.online = true;
    await sync.flush();
    // Formation 2 was queued first.
    expect(server.patches.map((p) => [p.formationId, p.allChaptersDone])).toEqual([
      [2, [1]],
      [1, [1, 2]],
    ]);
    expect(server.stored.get(1)?.allChaptersDone).toEqual([1, 2]);
    const doc = await db.formation_progress.findOne('1').exec();
    expect(doc?.pendingSteps).toEqual([]);
    expect(doc?.queuedAt).toBe(0);
    // Nothing is sent twice.
    await sync.flush();
    expect(server.patches).toHaveLength(2);
  });

  it('drops from the queue a write the server refuses for good, and a formation it no longer lists', async () => {
    const { server, sync } = setup([formation(1, 2)]);
    await sync.refreshCatalogue();
    await sync.validateStep(7, 1);
    await sync.validateStep(1, 1);
    await sync.flush();
    expect(server.patches.map((p) => p.formationId)).toEqual([7, 1]);
    expect((await db.formation_progress.findOne('7').exec())?.queuedAt).toBe(0);
    expect(server.stored.get(1)?.allChaptersDone).toEqual([1]);
    await sync.refreshFormation(3);
    expect(await firstValueFrom(formation$(db, 3))).toEqual({ status: 'missing' });
  });

  it('merges the server\'s progress from another device with the steps pending here', async () => {
    const { server, sync } = setup();
    server.stored.set(1, { ...emptyProgress(1), allChaptersDone: [3], chapterDone: 3 });
    server.state.online = false;
    await sync.validateStep(1, 1);
    server.state.online = true;
    await sync.refreshProgress();
    expect((await firstValueFrom(formationProgress$(db, 1)))?.allChaptersDone).toEqual([1, 3]);
    await sync.flush();
    expect(server.stored.get(1)?.allChaptersDone).toEqual([1, 3]);
    expect((await firstValueFrom(allProgress$(db))).get(1)?.allChaptersDone).toEqual([1, 3]);
  });

  it('throttles video positions to one write per interval, and writes at once on pause', async () => {
    const { server, sync } = setup(undefined, { positionIntervalMs: 200 });
    await sync.refreshCatalogue();
    await sync.savePosition(1, 11, 1);
    for (let s = 2; s <= 8; s += 1) await sync.savePosition(1, 11, s);
    await sync.flush();
    expect(server.patches.map((p) => p.positions)).toEqual([{ '11': 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sync.flush();
    expect(server.patches.map((p) => p.positions)).toEqual([{ '11': 1 }, { '11': 8 }]);
    await sync.savePosition(1, 11, 9.5, { immediate: true });
    await sync.flush();
    expect(server.stored.get(1)?.positions).toEqual({ '11': 9.5 });
    expect((await firstValueFrom(formationProgress$(db, 1)))?.positions).toEqual({ '11': 9.5 });
  });

  it('submits the quiz with the steps pending here; offline or refused, it rejects with the French message', async () => {
    const { server, sync } = setup([formation(1, 2)]);
    await sync.refreshCatalogue();
    server.state.online = false;
    await sync.validateStep(1, 1);
    await sync.validateStep(1, 2);
    await expect(sync.submitQuiz(1, [{ questionId: 100, answerIds: [1001] }])).rejects.toThrow(LEARNING_TEXT.quizOffline);
    server.state.online = true;
    const scored = await sync.submitQuiz(1, [{ questionId: 100, answerIds: [1001] }]);
    expect(scored).toMatchObject({ allChaptersDone: [1, 2, 3], completed: true, quizzResult: 20 });
    await expect(sync.submitQuiz(1, [{ questionId: 100, answerIds: [1002] }])).rejects.toThrow(FORMATION_ERRORS.quizAlreadySubmitted);
  });
});

describe('progress outbox as a property', () => {
  type Op = { kind: 'step'; step: number } | { kind: 'position'; chapter: number; seconds: number } | { kind: 'server'; steps: number[]; positions: Record<string, number> };
  const op = fc.oneof(
    fc.record({ kind: fc.constant('step' as const), step: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ kind: fc.constant('position' as const), chapter: fc.integer({ min: 11, max: 13 }), seconds: fc.integer({ min: 0, max: 900 }) }),
    fc.record({
      kind: fc.constant('server' as const),
      steps: fc.uniqueArray(fc.integer({ min: 1, max: 6 })).map((s) => s.sort((a, b) => a - b)),
      positions: fc.dictionary(fc.constantFrom('11', '12', '13'), fc.integer({ min: 1, max: 900 })),
    }),
  );
  const apply = (ops: readonly Op[]) =>
    ops.reduce((doc, o, k) => {
      if (o.kind === 'step') return withPendingStep(doc, o.step, k + 1);
      if (o.kind === 'position') return withPendingPosition(doc, o.chapter, o.seconds, k + 1);
      return withServerProgress(doc, { ...emptyProgress(1), allChaptersDone: o.steps, chapterDone: o.steps.at(-1) ?? 0, positions: o.positions, updatedAt: null });
    }, emptyProgressDoc(1));
  const view = (ops: readonly Op[]) => {
    const shown = localProgress(apply(ops));
    return { steps: shown.allChaptersDone, positions: shown.positions };
  };

  it('shows the same progress whatever the order, and whatever is folded twice', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 12 }).chain((ops) => fc.tuple(fc.constant(ops), fc.shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length }))),
        ([ops, shuffled]) => {
        expect(view(shuffled)).toEqual(view(ops));
        expect(view([...ops, ...ops])).toEqual(view(ops));
        },
      ),
    );
  });
});
