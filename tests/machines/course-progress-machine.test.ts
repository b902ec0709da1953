import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyStateNode, type InspectionEvent } from 'xstate';
import type { Formation, FormationProgress, QuizAnswerInput } from '../../src/contract/formations';
import { emptyProgress, isCompleted, quizOpen } from '../../src/domain/formation-progress';
import { FORMATION_TEXT } from '../../src/domain/formation-text-fr';
import { normaliseAnswers } from '../../src/domain/quiz-score';
import {
  courseProgressMachine,
  type CourseProgressContext,
  type CourseProgressInput,
  type SaveStepInput,
  type SubmitQuizInput,
} from '../../src/machines/course-progress-machine';
import { describePath, edgesOf, simplePaths, transitionCoverPaths, type ModelEvent, type ModelPath } from './model-paths';

const REQUEST_FAILED = 'Erreur lors de la requête';
const SERVER_REFUSAL = 'Étape inconnue pour cette formation.';

/** Two chapters, then a two-question quiz (the second one with two right answers): steps 1, 2, 3. */
const withQuiz: Formation = {
  id: 7,
  title: 'Les bases du trading',
  description: 'Comprendre le marché',
  preview_image: null,
  categoryId: 1,
  locked: false,
  chapitres: [
    { id: 101, name: 'Introduction', videoUrl: '/content/api/platform-formations/7/chapitres/101/video', text: null },
    { id: 102, name: 'Les bougies', videoUrl: null, text: 'Une bougie montre…' },
  ],
  quiz: {
    id: 9,
    name: 'Quiz final',
    questions: [
      { id: 1, question: 'Que montre une bougie verte ?', answers: [{ id: 11, answer: 'Une hausse' }, { id: 12, answer: 'Une baisse' }] },
      {
        id: 2,
        question: 'Quels sont des ordres ?',
        answers: [{ id: 21, answer: 'Stop' }, { id: 22, answer: 'Limite' }, { id: 23, answer: 'Bougie' }],
      },
    ],
  },
};
const withoutQuiz: Formation = { ...withQuiz, id: 8, quiz: null };

const progressOf = (formationId: number, steps: number[], extra: Partial<FormationProgress> = {}): FormationProgress => ({
  ...emptyProgress(formationId),
  allChaptersDone: steps,
  chapterDone: steps.length > 0 ? Math.max(...steps) : 0,
  updatedAt: steps.length > 0 ? '2025-03-01T10:00:00.000Z' : null,
  ...extra,
});
const corrections = [
  { questionId: 1, answerIds: [11] },
  { questionId: 2, answerIds: [21, 22] },
];
/** The server's answer to a submission: step 3 stored, one question right of two. */
const submitted = progressOf(7, [1, 2, 3], {
  completed: true,
  quizzResult: 10,
  answers: [
    { questionId: 1, answerIds: [11] },
    { questionId: 2, answerIds: [22] },
  ],
  correctAnswers: corrections,
});

const isSubmittedProgress = (p: FormationProgress) => p.answers !== null || p.quizzResult !== null;

// ---------- model-based: every path of each case's graph ----------

const savedDone = (output: FormationProgress): ModelEvent => ({ type: 'xstate.done.actor.saveStep', output });
const cases: { name: string; input: CourseProgressInput; events: ModelEvent[]; simple: boolean; fewer?: (e: ModelEvent) => boolean }[] = [
  {
    name: 'chapters of a formation with a quiz, nothing done yet',
    input: { formation: withQuiz, progress: progressOf(7, []), requestedStep: null },
    simple: true,
    // Simple paths over every event explode combinatorially: they walk validation and retries only.
    fewer: (e) => !(e.type === 'GO_TO' && e.step !== 3) && !(e.type === 'PROGRESS_CHANGED' && (e.progress as FormationProgress).formationId !== 7) && e.error !== 'hors ligne',
    events: [
      { type: 'GO_TO', step: 1 },
      { type: 'GO_TO', step: 3 },
      { type: 'GO_TO', step: 4 },
      { type: 'VALIDATE' },
      savedDone(progressOf(7, [])),
      { type: 'xstate.error.actor.saveStep', error: new Error(SERVER_REFUSAL) },
      { type: 'xstate.error.actor.saveStep', error: 'hors ligne' },
      { type: 'RETRY' },
      { type: 'PROGRESS_CHANGED', progress: progressOf(7, [2]) },
      { type: 'PROGRESS_CHANGED', progress: progressOf(99, [1, 2]) },
    ],
  },
  {
    name: 'quiz open: chapters done',
    input: { formation: withQuiz, progress: progressOf(7, [1, 2]), requestedStep: 3 },
    simple: true,
    fewer: (e) => !['GO_TO', 'VALIDATE'].includes(e.type) && !(e.type === 'TOGGLE_ANSWER' && e.answerId !== 22) && !(e.type === 'PROGRESS_CHANGED' && !isSubmittedProgress(e.progress as FormationProgress)),
    events: [
      { type: 'TOGGLE_ANSWER', questionId: 1, answerId: 11 },
      { type: 'TOGGLE_ANSWER', questionId: 2, answerId: 22 },
      { type: 'TOGGLE_ANSWER', questionId: 1, answerId: 22 },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.submitQuiz', output: submitted },
      { type: 'xstate.error.actor.submitQuiz', error: new Error('Ce quiz a déjà été soumis : vos réponses ne peuvent plus être modifiées.') },
      { type: 'RETRY' },
      { type: 'GO_TO', step: 2 },
      { type: 'GO_TO', step: 3 },
      { type: 'VALIDATE' },
      { type: 'PROGRESS_CHANGED', progress: submitted },
      // Another device watched more of a video: merged, nothing else changes.
      { type: 'PROGRESS_CHANGED', progress: progressOf(7, [1], { positions: { '101': 95 } }) },
    ],
  },
  {
    name: 'quiz blocked, opened by another device',
    input: { formation: withQuiz, progress: progressOf(7, [1]), requestedStep: 3 },
    simple: true,
    events: [
      { type: 'VALIDATE' },
      { type: 'SUBMIT' },
      { type: 'TOGGLE_ANSWER', questionId: 1, answerId: 11 },
      { type: 'PROGRESS_CHANGED', progress: progressOf(7, [2]) },
      { type: 'PROGRESS_CHANGED', progress: progressOf(7, [1]) },
      { type: 'PROGRESS_CHANGED', progress: submitted },
      { type: 'GO_TO', step: 2 },
      { type: 'GO_TO', step: 3 },
    ],
  },
  {
    name: 'formation without a quiz',
    input: { formation: withoutQuiz, progress: progressOf(8, []), requestedStep: 2 },
    simple: true,
    events: [
      { type: 'GO_TO', step: 1 },
      { type: 'GO_TO', step: 2 },
      { type: 'GO_TO', step: 3 },
      { type: 'VALIDATE' },
      savedDone(progressOf(8, [])),
      { type: 'xstate.error.actor.saveStep', error: new Error(SERVER_REFUSAL) },
      { type: 'RETRY' },
      { type: 'SUBMIT' },
    ],
  },
];

// The model tells states apart by what the machine decides on; the walk checks the exact values.
const serializeContext = (snapshot: { context: unknown }) => {
  const c = snapshot.context as CourseProgressContext;
  return [c.step, c.done, c.pending, c.answers, c.quizzResult, c.error, c.completed, c.progress.positions];
};

type Call = ['save', SaveStepInput] | ['submit', SubmitQuizInput];
/** The machine with actors that only record: their answers are the model's events. */
function recorded() {
  const calls: Call[] = [];
  const machine = courseProgressMachine.provide({
    actors: {
      saveStep: fromPromise<FormationProgress, SaveStepInput>(async ({ input }) => {
        calls.push(['save', input]);
        return new Promise<FormationProgress>(() => {});
      }),
      submitQuiz: fromPromise<FormationProgress, SubmitQuizInput>(async ({ input }) => {
        calls.push(['submit', input]);
        return new Promise<FormationProgress>(() => {});
      }),
    },
  });
  return { machine, calls };
}

type Snapshot = { value: unknown; context: CourseProgressContext; matches: (state: string) => boolean };
const answersOf = (answers: Record<number, number[]>): QuizAnswerInput[] =>
  normaliseAnswers(Object.entries(answers).map(([q, ids]) => ({ questionId: Number(q), answerIds: ids })));

/** What must hold in every state, whatever the way there. */
function invariants(s: Snapshot) {
  const c = s.context;
  expect(c.step).toBeGreaterThanOrEqual(1);
  expect(c.step).toBeLessThanOrEqual(c.total);
  expect(c.done).toEqual([...new Set(c.done)].sort((a, b) => a - b));
  expect(c.done).toEqual([...new Set([...c.progress.allChaptersDone, ...(c.pending === null ? [] : [c.pending])])].sort((a, b) => a - b));
  expect(c.completed).toBe(c.progress.completed || isCompleted(c.done, c.total));
  expect(s.matches('quiz')).toBe(c.step === c.quizStep);
  if (s.matches('quiz.blocked')) {
    expect(c.error).toBe(FORMATION_TEXT.quizLocked);
    expect(quizOpen(c.done, c.formation)).toBe(false);
  }
  if (s.matches('quiz.answering') || s.matches('quiz.confirming')) {
    expect(c.error).toBeNull();
    expect(quizOpen(c.done, c.formation)).toBe(true);
  }
  const locked = c.progress.answers !== null;
  expect(c.quizzResult).toBe(locked ? 10 : null);
  if (locked && s.matches('quiz') && !s.matches('quiz.submitting')) expect(s.matches('quiz.submitted')).toBe(true);
  if (s.matches('quiz.submitted')) {
    expect(c.corrections).toEqual(corrections);
    expect(c.answers).toEqual({ 1: [11], 2: [22] });
    expect(c.done).toContain(3);
    expect(c.completed).toBe(true);
  }
  if (s.matches('course.saving') || s.matches('quiz.submitting')) expect(c.pending).toBe(c.step);
  else expect(c.pending).toBeNull();
  if (s.matches('course.failed') || s.matches('quiz.failed')) expect(c.error).not.toBeNull();
  if (s.matches('course.idle') || s.matches('course.saving') || s.matches('quiz.submitted')) expect(c.error).toBeNull();
}

/** Every transition the walks took, read from the actors' microsteps (eventless ones included). */
const takenAtRunTime = new Set<string>();
const edgeText = (t: { source: { id: string }; target?: readonly { id: string }[] | undefined; eventType: string }) =>
  `${t.source.id} -${t.eventType}-> ${(t.target?.[0] ?? t.source).id}`;
function recordMicrosteps(event: InspectionEvent) {
  if (event.type === '@xstate.microstep') for (const t of event._transitions) takenAtRunTime.add(edgeText(t));
}

function walk(path: ModelPath<typeof courseProgressMachine>, input: CourseProgressInput) {
  const { machine, calls } = recorded();
  let seen = 0;
  let before = path.steps[0]!.state as unknown as Snapshot;
  // walkPath's walk, with the actor inspected so the transitions taken are known exactly.
  const actor = createActor(machine, { input, inspect: recordMicrosteps }).start();
  path.steps.forEach((step, index) => {
      if (index > 0) actor.send(step.event as never);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      const fresh = calls.slice(seen);
      seen = calls.length;
      const s = actor.getSnapshot() as Snapshot;
      const c = s.context;
      const b = before.context;
      const event = step.event as ModelEvent;
      invariants(s);
      if (index === 0) {
        expect(fresh).toEqual([]);
        before = s;
        return;
      }
      // Saving starts on entering `saving`, once, for the step on screen; it shows done at once.
      const entered = (state: string) => s.matches(state) && (!before.matches(state) || event.type === 'RETRY');
      if (entered('course.saving')) {
        expect(fresh).toEqual([['save', { formationId: input.formation.id, step: c.step }]]);
        expect(c.done).toContain(c.step);
      } else if (entered('quiz.submitting')) {
        expect(fresh).toEqual([['submit', { formationId: input.formation.id, answers: answersOf(b.answers) }]]);
        expect(c.done).toContain(c.quizStep);
      } else {
        expect(fresh).toEqual([]);
      }
      switch (event.type) {
        case 'GO_TO': {
          const busy = ['course.saving', 'quiz.confirming', 'quiz.submitting'].some((state) => before.matches(state));
          const valid = (event.step as number) <= b.total;
          expect(c.step).toBe(valid && !busy ? event.step : b.step);
          break;
        }
        case 'VALIDATE':
          if (before.matches('course.idle') && b.progress.allChaptersDone.includes(b.step)) {
            expect(c.step).toBe(Math.min(b.step + 1, b.total));
            expect(c.done).toEqual(b.done);
          } else if (before.matches('course.idle')) {
            expect(s.matches('course.saving')).toBe(true);
          } else {
            expect(c).toEqual(b);
          }
          break;
        case 'xstate.done.actor.saveStep':
          if (before.matches('course.saving')) {
            expect(c.step).toBe(Math.min(b.step + 1, b.total));
            expect(c.progress.allChaptersDone).toContain(b.step);
          }
          break;
        case 'xstate.error.actor.saveStep':
          if (before.matches('course.saving')) {
            expect(s.matches('course.failed')).toBe(true);
            expect(c.error).toBe(event.error instanceof Error ? event.error.message : REQUEST_FAILED);
            expect(c.step).toBe(b.step);
            // The optimistic step is withdrawn: it was not stored.
            expect(c.done).toEqual(b.progress.allChaptersDone);
          }
          break;
        case 'xstate.error.actor.submitQuiz':
          if (before.matches('quiz.submitting') && !s.matches('quiz.submitted')) {
            expect(c.error).toBe(event.error instanceof Error ? event.error.message : REQUEST_FAILED);
            expect(c.done).not.toContain(c.quizStep);
            expect(c.answers).toEqual(b.answers);
          }
          break;
        case 'TOGGLE_ANSWER': {
          const known = event.answerId !== 22 || event.questionId === 2;
          if ((before.matches('quiz.answering') || before.matches('quiz.failed')) && known) {
            const had = (b.answers[event.questionId as number] ?? []).includes(event.answerId as number);
            expect((c.answers[event.questionId as number] ?? []).includes(event.answerId as number)).toBe(!had);
          } else {
            expect(c.answers).toEqual(b.answers);
          }
          break;
        }
        case 'PROGRESS_CHANGED': {
          const incoming = event.progress as FormationProgress;
          if (incoming.formationId !== input.formation.id) expect(c).toEqual(b);
          // A union: no step is ever lost.
          for (const step of [...b.progress.allChaptersDone, ...(incoming.formationId === input.formation.id ? incoming.allChaptersDone : [])]) {
            expect(c.progress.allChaptersDone).toContain(step);
          }
          if (isSubmittedProgress(incoming) && incoming.formationId === input.formation.id && before.matches('quiz') && !before.matches('quiz.submitting')) {
            expect(s.matches('quiz.submitted')).toBe(true);
          }
          break;
        }
        default:
          break;
      }
      before = s;
  });
  actor.stop();
}

describe('course progress machine: every path of its graph', () => {
  const sets = cases.map((c) => {
    const { machine } = recorded();
    const options = { input: c.input, serializeContext };
    return { ...c, paths: [...transitionCoverPaths(machine, c.events, options), ...(c.simple ? simplePaths(machine, c.fewer ? c.events.filter(c.fewer) : c.events, options) : [])] };
  });

  for (const { name, input, paths } of sets) {
    describe(name, () => {
      it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
      for (const path of paths) it(describePath(path), () => walk(path, input));
    });
  }

  // The paths' own edge check (expectEveryEdgeTaken) cannot see transitions into the eventless
  // `routing` states, which are never at rest: the walks' microsteps list every transition taken.
  it('takes every transition of the machine in some path, the eventless ones included', () => {
    const all = new Set(edgesOf(courseProgressMachine));
    const visit = (node: AnyStateNode) => {
      for (const t of node.always ?? []) all.add(edgeText(t));
      Object.values(node.states).forEach(visit);
    };
    visit(courseProgressMachine.root);
    expect([...all].filter((edge) => !takenAtRunTime.has(edge))).toEqual([]);
  });
});

// ---------- examples ----------

/** Actors that answer like the data layer: the stored progress, or a refusal for the first `failures` calls. */
function answering(failures = 0) {
  const saved: SaveStepInput[] = [];
  const submittedAnswers: SubmitQuizInput[] = [];
  let stored = progressOf(7, []);
  let calls = 0;
  const machine = courseProgressMachine.provide({
    actors: {
      saveStep: fromPromise<FormationProgress, SaveStepInput>(async ({ input }) => {
        saved.push(input);
        calls += 1;
        if (calls <= failures) throw new Error(SERVER_REFUSAL);
        stored = progressOf(7, [...new Set([...stored.allChaptersDone, input.step])].sort());
        return stored;
      }),
      submitQuiz: fromPromise<FormationProgress, SubmitQuizInput>(async ({ input }) => {
        submittedAnswers.push(input);
        calls += 1;
        if (calls <= failures) throw 'hors ligne';
        return submitted;
      }),
    },
  });
  return { machine, saved, submittedAnswers };
}
const start = (input: Partial<CourseProgressInput> & { formation?: Formation } = {}, failures = 0) => {
  const world = answering(failures);
  const actor = createActor(world.machine, { input: { formation: withQuiz, progress: progressOf(7, []), requestedStep: null, ...input } }).start();
  return { ...world, actor };
};

describe('course progress machine: the rules of spec 3 §4, §5', () => {
  it.each([
    { requestedStep: 2, done: [], step: 2 },
    { requestedStep: 3, done: [], step: 3 },
    { requestedStep: 4, done: [], step: 1 },
    { requestedStep: 0, done: [1], step: 2 },
    { requestedStep: null, done: [1, 2], step: 3 },
    { requestedStep: null, done: [2], step: 1 },
    { requestedStep: null, done: [1, 2, 3], step: 3 },
    { requestedStep: 1.5, done: [1], step: 2 },
  ])('starts on step $step when the address asks $requestedStep with $done done', ({ requestedStep, done, step }) => {
    const { actor } = start({ requestedStep, progress: progressOf(7, done) });
    expect(actor.getSnapshot().context.step).toBe(step);
  });

  it('ignores a progress of another formation given at start', () => {
    const { actor } = start({ progress: progressOf(99, [1, 2]) });
    expect(actor.getSnapshot().context).toMatchObject({ step: 1, done: [] });
  });

  it('shows a validated step done at once, saves it, then moves to the next step', async () => {
    const { actor, saved } = start();
    actor.send({ type: 'VALIDATE' });
    expect(actor.getSnapshot().matches({ course: 'saving' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ step: 1, done: [1] });
    const next = await waitFor(actor, (s) => s.matches({ course: 'idle' }));
    expect(next.context).toMatchObject({ step: 2, done: [1], completed: false });
    expect(saved).toEqual([{ formationId: 7, step: 1 }]);
  });

  it('withdraws a step whose save failed, says why in French, and saves it again on RETRY', async () => {
    const { actor, saved } = start({}, 1);
    actor.send({ type: 'VALIDATE' });
    const failed = await waitFor(actor, (s) => s.matches({ course: 'failed' }));
    expect(failed.context).toMatchObject({ step: 1, done: [], error: SERVER_REFUSAL });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context).toMatchObject({ done: [1], error: null });
    expect((await waitFor(actor, (s) => s.matches({ course: 'idle' }))).context.step).toBe(2);
    expect(saved).toHaveLength(2);
  });

  it('blocks the quiz until every chapter is done, then opens it', async () => {
    const { actor } = start({ progress: progressOf(7, [1]), requestedStep: 3 });
    expect(actor.getSnapshot().matches({ quiz: 'blocked' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Vous devez valider tous les cours du chapitre avant de faire le quiz');
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 1, answerId: 11 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ quiz: 'blocked' })).toBe(true);
    actor.send({ type: 'GO_TO', step: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'VALIDATE' });
    const quiz = await waitFor(actor, (s) => s.matches({ quiz: 'answering' }));
    expect(quiz.context).toMatchObject({ step: 3, done: [1, 2], error: null });
  });

  it('asks for confirmation, submits the checked answers, then shows the server’s score and corrections', async () => {
    const { actor, submittedAnswers } = start({ progress: progressOf(7, [1, 2]), requestedStep: 3 });
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 2, answerId: 22 });
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 1, answerId: 11 });
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 2, answerId: 21 });
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 2, answerId: 21 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ quiz: 'confirming' })).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ quiz: 'answering' })).toBe(true);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.done).toEqual([1, 2, 3]);
    const locked = await waitFor(actor, (s) => s.matches({ quiz: 'submitted' }));
    expect(submittedAnswers).toEqual([
      {
        formationId: 7,
        answers: [
          { questionId: 1, answerIds: [11] },
          { questionId: 2, answerIds: [22] },
        ],
      },
    ]);
    expect(locked.context).toMatchObject({ quizzResult: 10, corrections, completed: true, done: [1, 2, 3] });
    expect(FORMATION_TEXT.score(locked.context.quizzResult!)).toBe('10/20');
  });

  it('a failed submission keeps the answers, says ‘Erreur lors de la requête’ and retries', async () => {
    const { actor, submittedAnswers } = start({ progress: progressOf(7, [1, 2]), requestedStep: 3 }, 1);
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 1, answerId: 11 });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    const failed = await waitFor(actor, (s) => s.matches({ quiz: 'failed' }));
    expect(failed.context).toMatchObject({ error: REQUEST_FAILED, answers: { 1: [11] }, done: [1, 2] });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ quiz: 'submitted' }));
    expect(submittedAnswers).toHaveLength(2);
  });

  it('a submitted quiz ignores toggles and shows the submitted answers', () => {
    const { actor } = start({ progress: submitted, requestedStep: 3 });
    expect(actor.getSnapshot().matches({ quiz: 'submitted' })).toBe(true);
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 1, answerId: 12 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context).toMatchObject({ answers: { 1: [11], 2: [22] }, quizzResult: 10, completed: true });
    expect(actor.getSnapshot().matches({ quiz: 'submitted' })).toBe(true);
  });

  it('merges the store’s changes as a union: a step validated elsewhere is added, none is lost', () => {
    const { actor } = start({ progress: progressOf(7, [1]), requestedStep: 2 });
    actor.send({ type: 'PROGRESS_CHANGED', progress: progressOf(7, [2]) });
    expect(actor.getSnapshot().context.done).toEqual([1, 2]);
    actor.send({ type: 'PROGRESS_CHANGED', progress: progressOf(7, []) });
    expect(actor.getSnapshot().context.done).toEqual([1, 2]);
    actor.send({ type: 'PROGRESS_CHANGED', progress: progressOf(8, [3]) });
    expect(actor.getSnapshot().context.done).toEqual([1, 2]);
  });

  it('locks an open quiz when the server’s progress says it was submitted elsewhere', () => {
    const { actor } = start({ progress: progressOf(7, [1, 2]), requestedStep: 3 });
    actor.send({ type: 'TOGGLE_ANSWER', questionId: 1, answerId: 12 });
    actor.send({ type: 'PROGRESS_CHANGED', progress: submitted });
    expect(actor.getSnapshot().matches({ quiz: 'submitted' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ answers: { 1: [11], 2: [22] }, quizzResult: 10 });
  });

  it('completes a formation without a quiz when every chapter is done', async () => {
    const { actor } = start({ formation: withoutQuiz, progress: progressOf(8, [1]), requestedStep: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ total: 2, quizStep: null, completed: false });
    actor.send({ type: 'VALIDATE' });
    const done = await waitFor(actor, (s) => s.matches({ course: 'idle' }));
    expect(done.context).toMatchObject({ step: 2, done: [1, 2], completed: true });
  });

  it('moves on from a chapter already validated without saving it again', () => {
    const { actor, saved } = start({ progress: progressOf(7, [1]), requestedStep: 1 });
    actor.send({ type: 'VALIDATE' });
    expect(actor.getSnapshot().context.step).toBe(2);
    expect(saved).toEqual([]);
  });
});
