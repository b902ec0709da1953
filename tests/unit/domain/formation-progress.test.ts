import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyProgressUpdate,
  cardAction,
  courseSteps,
  emptyProgress,
  isCompleted,
  mergeProgress,
  quizOpen,
  startingStep,
  type ProgressState,
} from '../../../src/domain/formation-progress';
import type { QuizAnswerInput } from '../../../src/contract/formations';
import { lockedPrompt, opensCategory } from '../../../src/domain/formation-access';

const course = {
  chapitres: [{ id: 101 }, { id: 102 }, { id: 103 }],
  quiz: {
    id: 7,
    name: 'Quiz',
    questions: [
      { id: 1, question: 'Q1', answers: [{ id: 11, answer: 'a', isCorrect: true }, { id: 12, answer: 'b', isCorrect: false }] },
      { id: 2, question: 'Q2', answers: [{ id: 21, answer: 'a', isCorrect: true }, { id: 22, answer: 'b', isCorrect: true }] },
    ],
  },
};
const stored = (steps: number[]): ProgressState => ({ ...emptyProgress(5), allChaptersDone: steps, chapterDone: Math.max(0, ...steps) });
const ok = (verdict: ReturnType<typeof applyProgressUpdate>) => {
  if ('error' in verdict) throw new Error(verdict.error);
  return verdict.progress;
};

describe('course steps (spec 3 §4)', () => {
  it('numbers the chapters then the quiz as the last step', () => {
    expect(courseSteps(course)).toEqual({ total: 4, quizStep: 4 });
    expect(courseSteps({ ...course, quiz: null })).toEqual({ total: 3, quizStep: null });
  });
  it.each([
    { requested: '2', done: [], start: 2 },
    { requested: 4, done: [], start: 4 },
    { requested: '0', done: [1], start: 2 },
    { requested: '5', done: [1, 2], start: 3 },
    { requested: 'abc', done: [1, 3], start: 2 },
    { requested: '2.5', done: [], start: 1 },
    { requested: undefined, done: [2, 1], start: 3 },
    { requested: null, done: [1, 2, 3, 4], start: 4 },
  ])('starts at $start when the address says $requested and $done are done', ({ requested, done, start }) => {
    expect(startingStep(requested, 4, done)).toBe(start);
  });
  it('completes only with every step, the quiz included', () => {
    expect(isCompleted([1, 2, 3], 4)).toBe(false);
    expect(isCompleted([4, 2, 3, 1], 4)).toBe(true);
    expect(isCompleted([], 0)).toBe(false);
  });
  it('opens the quiz once every chapter is done', () => {
    expect(quizOpen([1, 3], course)).toBe(false);
    expect(quizOpen([3, 1, 2], course)).toBe(true);
  });
  it('names the card action by steps done', () => {
    expect([0, 1, 3, 4].map((n) => cardAction(n, 4))).toEqual(['Commencer', 'Continuer', 'Continuer', 'Revoir']);
  });
});

describe('progress update (the server rule)', () => {
  it('adds the validated step and keeps the highest as chapterDone', () => {
    const progress = ok(applyProgressUpdate(stored([1, 3]), { formationId: 5, chapterDone: 2 }, course));
    expect(progress).toMatchObject({ allChaptersDone: [1, 2, 3], chapterDone: 3, completed: false });
  });
  it('refuses the quiz before the chapters, with the spec text', () => {
    expect(applyProgressUpdate(stored([1]), { formationId: 5, chapterDone: 4, answers: [] }, course)).toEqual({ error: 'quizLocked' });
  });
  it('scores the answers itself and ignores the client score and completion', () => {
    const progress = ok(
      applyProgressUpdate(
        stored([1, 2, 3]),
        { formationId: 5, chapterDone: 4, quizzResult: 20, completed: false, answers: [{ questionId: 1, answerIds: [11] }, { questionId: 2, answerIds: [21] }] },
        course,
      ),
    );
    expect(progress).toMatchObject({ quizzResult: 10, completed: true, chapterDone: 4, allChaptersDone: [1, 2, 3, 4] });
    expect(progress.correctAnswers).toEqual([{ questionId: 1, answerIds: [11] }, { questionId: 2, answerIds: [21, 22] }]);
  });
  it('accepts chapters and the quiz in one update (offline steps)', () => {
    const verdict = applyProgressUpdate(stored([]), { formationId: 5, allChaptersDone: [1, 2, 3], chapterDone: 4, answers: [] }, course);
    expect(ok(verdict).quizzResult).toBe(0);
  });
  it('answers a repeated identical submission unchanged and refuses different answers', () => {
    const first = ok(applyProgressUpdate(stored([1, 2, 3]), { formationId: 5, chapterDone: 4, answers: [{ questionId: 2, answerIds: [22, 21] }] }, course));
    const again = applyProgressUpdate(first, { formationId: 5, chapterDone: 4, answers: [{ questionId: 2, answerIds: [21, 22] }] }, course);
    expect(again).toEqual({ progress: first, changed: false });
    expect(applyProgressUpdate(first, { formationId: 5, chapterDone: 4, answers: [{ questionId: 1, answerIds: [11] }] }, course)).toEqual({ error: 'quizAlreadySubmitted' });
    // A device that only reports the quiz step as done changes nothing.
    expect(applyProgressUpdate(first, { formationId: 5, allChaptersDone: [4] }, course)).toEqual({ progress: first, changed: false });
  });
  it.each([
    { name: 'a step past the end', update: { formationId: 5, chapterDone: 5 }, error: 'unknownStep' },
    { name: 'answers without the quiz step', update: { formationId: 5, chapterDone: 1, answers: [] }, error: 'answersWithoutQuiz' },
    { name: 'the quiz step without answers', update: { formationId: 5, chapterDone: 4 }, error: 'answersRequired' },
    { name: 'an unknown question', update: { formationId: 5, chapterDone: 4, answers: [{ questionId: 9, answerIds: [] }] }, error: 'unknownQuestion' },
    { name: 'an answer of another question', update: { formationId: 5, chapterDone: 4, answers: [{ questionId: 1, answerIds: [21] }] }, error: 'unknownAnswer' },
    { name: 'a question twice', update: { formationId: 5, chapterDone: 4, answers: [{ questionId: 1, answerIds: [11] }, { questionId: 1, answerIds: [] }] }, error: 'repeatedQuestion' },
    { name: 'a position of another chapter', update: { formationId: 5, positions: { '999': 3 } }, error: 'unknownChapter' },
  ])('refuses $name', ({ update, error }) => {
    expect(applyProgressUpdate(stored([1, 2, 3]), update, course)).toEqual({ error });
  });
  it('has no quiz step in a formation without quiz', () => {
    expect(ok(applyProgressUpdate(stored([1, 2]), { formationId: 5, chapterDone: 3 }, { ...course, quiz: null })).completed).toBe(true);
    expect(applyProgressUpdate(stored([1, 2, 3]), { formationId: 5, chapterDone: 4 }, { ...course, quiz: null })).toEqual({ error: 'unknownStep' });
  });
  it('keeps the furthest video position of each chapter', () => {
    const a = ok(applyProgressUpdate(stored([]), { formationId: 5, positions: { '101': 12.5 } }, course));
    const b = ok(applyProgressUpdate(a, { formationId: 5, positions: { '101': 4, '102': 8 } }, course));
    expect(b.positions).toEqual({ '101': 12.5, '102': 8 });
  });
});

describe('progress merge (two devices never lose a step)', () => {
  const submission = fc.option(
    fc.record({
      quizzResult: fc.constantFrom(0, 10, 20),
      answers: fc.constantFrom<QuizAnswerInput[]>([{ questionId: 1, answerIds: [11] }], [{ questionId: 2, answerIds: [21] }]),
    }),
    { nil: null },
  );
  const progress = fc
    .record({
      steps: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
      completed: fc.boolean(),
      positions: fc.dictionary(fc.constantFrom('101', '102', '103'), fc.integer({ min: 0, max: 600 })),
      submission,
    })
    .map(
      ({ steps, completed, positions, submission: s }): ProgressState => ({
        ...mergeProgress(emptyProgress(5), { ...emptyProgress(5), allChaptersDone: [...steps].sort((x, y) => x - y), positions }),
        completed,
        ...(s ? { quizzResult: s.quizzResult, answers: s.answers, correctAnswers: [] } : {}),
      }),
    );

  it('is the union of steps, commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(progress, progress, progress, (a, b, c) => {
        const ab = mergeProgress(a, b);
        expect(ab).toEqual(mergeProgress(b, a));
        expect(mergeProgress(ab, c)).toEqual(mergeProgress(a, mergeProgress(b, c)));
        expect(mergeProgress(ab, ab)).toEqual(ab);
        expect(mergeProgress(ab, a)).toEqual(ab);
        for (const step of [...a.allChaptersDone, ...b.allChaptersDone]) expect(ab.allChaptersDone).toContain(step);
        expect(ab.chapterDone).toBe(Math.max(0, ...ab.allChaptersDone));
        if (a.answers !== null || b.answers !== null) expect(ab.answers).not.toBeNull();
      }),
    );
  });
});

describe('formation access (spec 3 §6)', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const holder = (...ids: number[]) => ({ abonnements: ids.map((id) => ({ abonnement: { id }, expiration: '2026-06-01T00:00:00.000Z' })) });
  it('opens a free category to every member and a paid one to its subscriptions only', () => {
    expect(opensCategory([], holder(), now)).toBe(true);
    expect(opensCategory([5, 6], holder(3), now)).toBe(false);
    expect(opensCategory([5, 6], holder(5), now)).toBe(true);
    expect(opensCategory([3, 6], holder(3), new Date('2026-07-01T00:00:00Z'))).toBe(false);
  });
  it('shows the Prime prompt for categories 2, 5 and 6 only', () => {
    expect([1, 2, 3, 5, 6].map(lockedPrompt)).toEqual(['other', 'prime', 'other', 'prime', 'prime']);
  });
});
