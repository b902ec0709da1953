import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gradeQuiz, isQuestionRight, normaliseAnswers, quizScore, sameAnswers } from '../../../src/domain/quiz-score';
import { FORMATION_TEXT } from '../../../src/domain/formation-text-fr';

// Q1 single answer (12 right), Q2 two right answers (21, 23), Q3 single (31 right).
const questions = [
  { id: 1, answers: [{ id: 11, isCorrect: false }, { id: 12, isCorrect: true }, { id: 13, isCorrect: false }] },
  { id: 2, answers: [{ id: 21, isCorrect: true }, { id: 22, isCorrect: false }, { id: 23, isCorrect: true }] },
  { id: 3, answers: [{ id: 31, isCorrect: true }, { id: 32, isCorrect: false }] },
];

describe('quiz score (spec 3 §5)', () => {
  it.each([
    { name: 'all right', answers: [{ questionId: 1, answerIds: [12] }, { questionId: 2, answerIds: [21, 23] }, { questionId: 3, answerIds: [31] }], right: 3, score: 20 },
    { name: 'all wrong', answers: [{ questionId: 1, answerIds: [11] }, { questionId: 2, answerIds: [22] }, { questionId: 3, answerIds: [32] }], right: 0, score: 0 },
    { name: 'nothing answered', answers: [], right: 0, score: 0 },
    { name: 'one right of three', answers: [{ questionId: 1, answerIds: [12] }], right: 1, score: 6.67 },
    { name: 'two right of three', answers: [{ questionId: 1, answerIds: [12] }, { questionId: 3, answerIds: [31] }], right: 2, score: 13.33 },
    { name: 'multi-answer: one of two right answers is wrong', answers: [{ questionId: 2, answerIds: [21] }], right: 0, score: 0 },
    { name: 'multi-answer: both right plus a wrong one is wrong', answers: [{ questionId: 2, answerIds: [21, 22, 23] }], right: 0, score: 0 },
    { name: 'single answer: the right one plus a wrong one is wrong', answers: [{ questionId: 1, answerIds: [11, 12] }, { questionId: 2, answerIds: [23, 21] }], right: 1, score: 6.67 },
  ])('$name → $score/20', ({ answers, right, score }) => {
    const grade = gradeQuiz(questions, answers);
    expect(grade.right).toBe(right);
    expect(grade.score).toBe(score);
  });

  it('gives the right answers of every question', () => {
    expect(gradeQuiz(questions, []).correctAnswers).toEqual([
      { questionId: 1, answerIds: [12] },
      { questionId: 2, answerIds: [21, 23] },
      { questionId: 3, answerIds: [31] },
    ]);
  });

  it('scores an empty quiz 0 (no question answered right), never NaN', () => {
    expect(gradeQuiz([], []).score).toBe(0);
    expect(quizScore(0, 0)).toBe(0);
  });

  it('counts a question whose answers are all wrong as right when nothing is checked', () => {
    expect(isQuestionRight({ id: 9, answers: [{ id: 1, isCorrect: false }] }, new Set())).toBe(true);
  });

  it('rounds to 2 decimals: 20/7 per question', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => quizScore(7, r))).toEqual([2.86, 5.71, 8.57, 11.43, 14.29, 17.14, 20]);
    expect(FORMATION_TEXT.score(quizScore(3, 2))).toBe('13.33/20');
  });

  it('stays within 0..20 with 2 decimals and grows with the right answers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 200 }), (n, r) => {
        const right = Math.min(r, n);
        const score = quizScore(n, right);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(20);
        expect(Math.round(score * 100) / 100).toBe(score);
        expect(Math.abs(score - (20 / n) * right)).toBeLessThanOrEqual(0.005 + 1e-9);
        if (right < n) expect(quizScore(n, right + 1)).toBeGreaterThanOrEqual(score);
        if (right === n) expect(score).toBe(20);
      }),
    );
  });

  it('grades checking exactly the right answers as 20/20 for any quiz (property)', () => {
    const question = (id: number) =>
      fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }).map((flags) => ({ id, answers: flags.map((isCorrect, k) => ({ id: id * 10 + k, isCorrect })) }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => question(i + 1)))), (qs) => {
        const answers = qs.map((q) => ({ questionId: q.id, answerIds: q.answers.filter((a) => a.isCorrect).map((a) => a.id) }));
        expect(gradeQuiz(qs, answers).score).toBe(qs.length === 0 ? 0 : 20);
        expect(gradeQuiz(qs, answers.reverse()).right).toBe(qs.length);
      }),
    );
  });
});

describe('answers spelling', () => {
  it('normalises order, repeats and empty questions', () => {
    expect(normaliseAnswers([{ questionId: 2, answerIds: [23, 21, 23] }, { questionId: 1, answerIds: [] }, { questionId: 1, answerIds: [12] }].slice(0, 3))).toEqual([
      { questionId: 1, answerIds: [12] },
      { questionId: 2, answerIds: [21, 23] },
    ]);
    expect(sameAnswers([{ questionId: 2, answerIds: [23, 21] }], [{ questionId: 2, answerIds: [21, 23] }, { questionId: 3, answerIds: [] }])).toBe(true);
    expect(sameAnswers([{ questionId: 2, answerIds: [21] }], [{ questionId: 2, answerIds: [21, 23] }])).toBe(false);
  });
});
