import type { FormationProgress, ProgressUpdateInput, Quiz, QuizAnswerInput, VideoPositions } from '../contract/formations';
import { FORMATION_TEXT, type FormationError } from './formation-text-fr';
import { gradeQuiz, normaliseAnswers, sameAnswers } from './quiz-score';

/** A member's progress in one formation, without the server's timestamp. */
export type ProgressState = Omit<FormationProgress, 'updatedAt'>;

/** What the course rules need of a formation: its chapters (ids) and its quiz, if any. */
export type CourseShape = { chapitres: readonly { id: number }[]; quiz: Quiz | null };

/** Spec 3 §4: the chapters are steps 1..n, then the quiz (when there is one) is the last step. */
export function courseSteps(course: CourseShape): { total: number; quizStep: number | null } {
  const chapters = course.chapitres.length;
  return course.quiz ? { total: chapters + 1, quizStep: chapters + 1 } : { total: chapters, quizStep: null };
}

export const emptyProgress = (formationId: number): ProgressState => ({
  formationId,
  chapterDone: 0,
  allChaptersDone: [],
  completed: false,
  quizzResult: null,
  answers: null,
  positions: {},
  correctAnswers: null,
});

/** Spec 3 §4: completed when every step, the quiz included, is validated. */
export function isCompleted(done: readonly number[], total: number): boolean {
  if (total === 0) return false;
  const set = new Set(done);
  for (let step = 1; step <= total; step += 1) if (!set.has(step)) return false;
  return true;
}

/** Spec 3 §4, §5: the quiz opens once every other step is validated. */
export function quizOpen(done: readonly number[], course: CourseShape): boolean {
  const set = new Set(done);
  return course.chapitres.every((_, index) => set.has(index + 1));
}

/**
 * Spec 3 §4: the step in the address if it is a whole number in 1..total, else the first step not
 * done, or the last step when all are done. 1 for a course without steps.
 */
export function startingStep(requested: string | number | null | undefined, total: number, done: readonly number[]): number {
  const asked = typeof requested === 'string' && /^\d+$/.test(requested) ? Number(requested) : requested;
  if (typeof asked === 'number' && Number.isInteger(asked) && asked >= 1 && asked <= total) return asked;
  const set = new Set(done);
  for (let step = 1; step <= total; step += 1) if (!set.has(step)) return step;
  return Math.max(total, 1);
}

/** Spec 3 §2: the card's action by the number of steps done. */
export function cardAction(doneCount: number, total: number): string {
  if (doneCount <= 0) return FORMATION_TEXT.start;
  return doneCount < total ? FORMATION_TEXT.resume : FORMATION_TEXT.review;
}

/** Ascending union of two step lists, without repeats. */
export function unionSteps(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/**
 * Two records of the same formation's progress (two devices, or the server and a device) made one:
 * the union of validated steps, the furthest second reached in each video, and the submitted quiz
 * if either side has one. Commutative, associative and idempotent, so no order of syncs loses a
 * step. Two different submissions cannot both come from the server (it refuses a second one); if
 * they ever meet, the higher score and then the smaller spelling of the answers win, so both
 * sides still agree.
 */
export function mergeProgress(a: ProgressState, b: ProgressState): ProgressState {
  const allChaptersDone = unionSteps(a.allChaptersDone, b.allChaptersDone);
  const quiz = pickSubmission(a, b);
  return {
    formationId: a.formationId,
    chapterDone: allChaptersDone.length > 0 ? allChaptersDone[allChaptersDone.length - 1]! : 0,
    allChaptersDone,
    completed: a.completed || b.completed,
    quizzResult: quiz.quizzResult,
    answers: quiz.answers,
    correctAnswers: quiz.correctAnswers,
    positions: furthest(a.positions, b.positions),
  };
}

export type ProgressVerdict = { progress: ProgressState; changed: boolean } | { error: FormationError };

/**
 * The server's rule for `PATCH /formation/progress/update`: the stored progress with the update
 * folded in, or why it is refused (nothing is then stored). The client's `completed` and
 * `quizzResult` are never read: completion comes from the steps, the score from `gradeQuiz`
 * against the stored right answers. The same submission sent again (a retried request) answers
 * the stored progress unchanged; different answers to a submitted quiz are refused.
 */
export function applyProgressUpdate(stored: ProgressState, update: ProgressUpdateInput, course: CourseShape): ProgressVerdict {
  const { total, quizStep } = courseSteps(course);
  const steps = unionSteps(update.allChaptersDone ?? [], update.chapterDone === undefined ? [] : [update.chapterDone]);
  if (steps.some((step) => step > total)) return { error: 'unknownStep' };
  const chapterIds = new Set(course.chapitres.map((c) => String(c.id)));
  if (Object.keys(update.positions ?? {}).some((key) => !chapterIds.has(key))) return { error: 'unknownChapter' };

  const takesQuiz = quizStep !== null && steps.includes(quizStep);
  if (update.answers !== undefined && !takesQuiz) return { error: 'answersWithoutQuiz' };

  let incoming: ProgressState = { ...emptyProgress(stored.formationId), allChaptersDone: steps, positions: update.positions ?? {} };
  const submitted = stored.answers !== null;
  if (takesQuiz && course.quiz) {
    if (submitted) {
      if (update.answers !== undefined && !sameAnswers(update.answers, stored.answers ?? [])) return { error: 'quizAlreadySubmitted' };
    } else {
      if (update.answers === undefined) return { error: 'answersRequired' };
      if (!quizOpen(unionSteps(stored.allChaptersDone, steps), course)) return { error: 'quizLocked' };
      const problem = answersProblem(course.quiz, update.answers);
      if (problem) return { error: problem };
      const answers = normaliseAnswers(update.answers);
      const grade = gradeQuiz(course.quiz.questions, answers);
      incoming = { ...incoming, quizzResult: grade.score, answers, correctAnswers: grade.correctAnswers };
    }
  }

  const merged = mergeProgress(stored, incoming);
  const progress = { ...merged, completed: isCompleted(merged.allChaptersDone, total) };
  return { progress, changed: canonical(progress) !== canonical(stored) };
}

/** One spelling of a progress whatever the order of its keys (a database's JSON may reorder them). */
function canonical(p: ProgressState): string {
  const pairs = (list: readonly { questionId: number; answerIds: readonly number[] }[] | null) => list?.map((a) => [a.questionId, a.answerIds]) ?? null;
  const positions = Object.entries(p.positions).sort(([x], [y]) => Number(x) - Number(y));
  return JSON.stringify([p.formationId, p.allChaptersDone, p.completed, p.quizzResult, pairs(p.answers), pairs(p.correctAnswers), positions]);
}

function answersProblem(quiz: Quiz, answers: readonly QuizAnswerInput[]): FormationError | null {
  const questions = new Map(quiz.questions.map((q) => [q.id, new Set(q.answers.map((a) => a.id))]));
  const seen = new Set<number>();
  for (const answer of answers) {
    const known = questions.get(answer.questionId);
    if (!known) return 'unknownQuestion';
    if (seen.has(answer.questionId)) return 'repeatedQuestion';
    seen.add(answer.questionId);
    if (answer.answerIds.some((id) => !known.has(id))) return 'unknownAnswer';
  }
  return null;
}

type Submission = Pick<ProgressState, 'quizzResult' | 'answers' | 'correctAnswers'>;

function pickSubmission(a: ProgressState, b: ProgressState): Submission {
  const of = (p: ProgressState): Submission => ({ quizzResult: p.quizzResult, answers: p.answers, correctAnswers: p.correctAnswers });
  if (a.answers === null) return of(b);
  if (b.answers === null) return of(a);
  if ((a.quizzResult ?? 0) !== (b.quizzResult ?? 0)) return (a.quizzResult ?? 0) > (b.quizzResult ?? 0) ? of(a) : of(b);
  return JSON.stringify(a.answers) <= JSON.stringify(b.answers) ? of(a) : of(b);
}

function furthest(a: VideoPositions, b: VideoPositions): VideoPositions {
  const out: VideoPositions = { ...a };
  for (const [chapter, seconds] of Object.entries(b)) out[chapter] = Math.max(out[chapter] ?? 0, seconds);
  // Keys in one order whichever side came first, so merged records compare equal.
  return Object.fromEntries(Object.entries(out).sort(([x], [y]) => Number(x) - Number(y)));
}
