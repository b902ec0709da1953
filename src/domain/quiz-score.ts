import type { QuizAnswerInput, QuizCorrection } from '../contract/formations';

/** Spec 3 §5, §9: a quiz is scored out of 20. */
export const QUIZ_MAX_SCORE = 20;

type GradedQuestion = { id: number; answers: readonly { id: number; isCorrect?: boolean | undefined }[] };

/**
 * Spec 3 §5: 20 divided by the number of questions, times the right ones, rounded to 2 decimals,
 * at least 0. A quiz without questions scores 0: nothing was answered right (the spec's formula
 * has no value there, and its floor of 0 is the only figure it gives).
 */
export function quizScore(questionCount: number, rightCount: number): number {
  if (questionCount <= 0) return 0;
  const right = Math.min(Math.max(rightCount, 0), questionCount);
  // 2000·right/n in one division, then /100: no binary drift such as 6.665 → 6.66.
  return Math.max(0, Math.round((QUIZ_MAX_SCORE * 100 * right) / questionCount) / 100);
}

/** Spec 3 §4: right only when every answer's checked state equals its correctness (nothing checked counts). */
export function isQuestionRight(question: GradedQuestion, checked: ReadonlySet<number>): boolean {
  return question.answers.every((answer) => checked.has(answer.id) === (answer.isCorrect === true));
}

export type QuizGrade = { score: number; right: number; correctAnswers: QuizCorrection[] };

/** Grades a member's answers against the stored correct ones; an unanswered question has nothing checked. */
export function gradeQuiz(questions: readonly GradedQuestion[], answers: readonly QuizAnswerInput[]): QuizGrade {
  const checkedBy = new Map(answers.map((a) => [a.questionId, new Set(a.answerIds)]));
  const right = questions.filter((q) => isQuestionRight(q, checkedBy.get(q.id) ?? new Set())).length;
  return {
    score: quizScore(questions.length, right),
    right,
    correctAnswers: questions.map((q) => ({ questionId: q.id, answerIds: q.answers.filter((a) => a.isCorrect === true).map((a) => a.id) })),
  };
}

/** One spelling of a set of answers: questions and their answers ascending, no repeats, empty questions dropped. */
export function normaliseAnswers(answers: readonly QuizAnswerInput[]): QuizAnswerInput[] {
  return answers
    .map((a) => ({ questionId: a.questionId, answerIds: [...new Set(a.answerIds)].sort((x, y) => x - y) }))
    .filter((a) => a.answerIds.length > 0)
    .sort((x, y) => x.questionId - y.questionId);
}

export const sameAnswers = (a: readonly QuizAnswerInput[], b: readonly QuizAnswerInput[]): boolean =>
  JSON.stringify(normaliseAnswers(a)) === JSON.stringify(normaliseAnswers(b));
