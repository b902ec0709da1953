import { assign, fromPromise, setup } from 'xstate';
import type { Formation, FormationProgress, QuizAnswerInput, QuizCorrection } from '../contract/formations';
import { courseSteps, emptyProgress, isCompleted, mergeProgress, quizOpen, startingStep, unionSteps, type ProgressState } from '../domain/formation-progress';
import { FORMATION_TEXT } from '../domain/formation-text-fr';
import { TEXT } from '../domain/text-fr';
import { normaliseAnswers } from '../domain/quiz-score';

export type CourseProgressInput = { formation: Formation; progress: FormationProgress; requestedStep: number | null };

export type SaveStepInput = { formationId: number; step: number };
export type SubmitQuizInput = { formationId: number; answers: QuizAnswerInput[] };

export type CourseProgressEvent =
  /** The member picks a step in the step list (the quiz step too: it shows blocked until it opens). */
  | { type: 'GO_TO'; step: number }
  /** 'Valider le cours' on a chapter step. */
  | { type: 'VALIDATE' }
  | { type: 'TOGGLE_ANSWER'; questionId: number; answerId: number }
  /** 'Valider le quiz': asks for confirmation first. */
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The store changed (another device, a sync): merged in; a submitted quiz from the server locks it. */
  | { type: 'PROGRESS_CHANGED'; progress: FormationProgress }
  /** After a failed save or submission. */
  | { type: 'RETRY' };

export type CourseProgressContext = {
  formation: Formation;
  /** The current step, 1-based (the view writes it into the address). */
  step: number;
  total: number;
  /** The quiz's step (the last one), null for a formation without a quiz. */
  quizStep: number | null;
  /** Validated steps, ascending: the stored ones plus the one being saved (optimistic). */
  done: number[];
  /** Checked answers by question id; the submitted ones once the quiz is locked. */
  answers: Record<number, number[]>;
  /** The server's score out of 20, null until the quiz is submitted. */
  quizzResult: number | null;
  /** The right answers of each question, null until the quiz is submitted. */
  corrections: QuizCorrection[] | null;
  /** What the member reads: a failed save or submission, or the blocked quiz, in French. */
  error: string | null;
  completed: boolean;
  /** The last progress known to be stored (confirmed, kept apart from the optimistic step). */
  progress: ProgressState;
  /** The step being saved or submitted, shown as done until its answer comes. */
  pending: number | null;
};

/**
 * A member's way through one formation (spec 3 §4, §5): chapter steps validated one by one with
 * 'Valider le cours' (shown done at once, saved by the injected `saveStep`, then the next step),
 * and the quiz as the last step — blocked until every chapter is validated, answered with
 * checkboxes, confirmed, submitted through `submitQuiz`, then locked with the server's score and
 * corrections. The store's changes (`PROGRESS_CHANGED`) merge in as a union, so a step validated on
 * another device is never lost and a quiz submitted elsewhere locks here too. No I/O of its own:
 * the view writes `context.step` into the address and the actors do the saving.
 */
export const courseProgressMachine = setup({
  types: {
    context: {} as CourseProgressContext,
    events: {} as CourseProgressEvent,
    input: {} as CourseProgressInput,
  },
  actors: {
    saveStep: fromPromise<FormationProgress, SaveStepInput>(async () => {
      throw new Error('saveStep: à fournir avec machine.provide()');
    }),
    submitQuiz: fromPromise<FormationProgress, SubmitQuizInput>(async () => {
      throw new Error('submitQuiz: à fournir avec machine.provide()');
    }),
  },
  actions: {
    goTo: assign(({ event }) => (event.type === 'GO_TO' ? { step: event.step } : {})),
    absorb: assign(({ context, event }) => (event.type === 'PROGRESS_CHANGED' ? absorb(context, event.progress) : {})),
    toggle: assign(({ context, event }) => (event.type === 'TOGGLE_ANSWER' ? { answers: toggled(context.answers, event.questionId, event.answerId) } : {})),
    /** Optimistic: the step shows done while it is saved. */
    startPending: assign(({ context }) => withPending(context, context.step)),
    /** A refused save or submission: the step is no longer shown done. */
    dropPending: assign(({ context }) => withPending(context, null)),
    showBlocked: assign({ error: FORMATION_TEXT.quizLocked }),
    clearError: assign({ error: null }),
  },
  guards: {
    validStep: ({ context, event }) => event.type === 'GO_TO' && Number.isInteger(event.step) && event.step >= 1 && event.step <= context.total,
    onQuizStep: ({ context }) => context.quizStep !== null && context.step === context.quizStep,
    quizSubmitted: ({ context }) => isSubmitted(context.progress),
    quizOpen: ({ context }) => quizOpen(context.done, context.formation),
    onChapter: ({ context }) => context.step >= 1 && context.step <= context.formation.chapitres.length,
    stepStored: ({ context }) => context.progress.allChaptersDone.includes(context.step),
    sameFormation: ({ context, event }) => event.type === 'PROGRESS_CHANGED' && event.progress.formationId === context.formation.id,
    /** The change brings a quiz submitted elsewhere (checked before it is merged in). */
    bringsSubmission: ({ context, event }) =>
      event.type === 'PROGRESS_CHANGED' && event.progress.formationId === context.formation.id && isSubmitted(event.progress),
    /** The change validates the last missing chapters (checked before it is merged in). */
    opensQuiz: ({ context, event }) =>
      event.type === 'PROGRESS_CHANGED' &&
      event.progress.formationId === context.formation.id &&
      quizOpen(unionSteps(context.done, event.progress.allChaptersDone), context.formation),
    knownAnswer: ({ context, event }) =>
      event.type === 'TOGGLE_ANSWER' &&
      (context.formation.quiz?.questions.some((q) => q.id === event.questionId && q.answers.some((a) => a.id === event.answerId)) ?? false),
  },
}).createMachine({
  id: 'courseProgress',
  context: ({ input }) => initialContext(input),
  initial: 'routing',
  on: {
    PROGRESS_CHANGED: { guard: 'sameFormation', actions: 'absorb' },
  },
  states: {
    /** Which activity the current step is: a chapter, or the quiz (locked, blocked or open). */
    routing: {
      always: [
        { guard: 'onQuizStep', target: 'routeQuiz' },
        { target: 'course' },
      ],
    },
    routeQuiz: {
      always: [
        { guard: 'quizSubmitted', target: 'quiz.submitted' },
        { guard: 'quizOpen', target: 'quiz.answering' },
        { target: 'quiz.blocked' },
      ],
    },
    course: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
            VALIDATE: [
              // Reviewing a validated chapter: nothing to save, on to the next step.
              { guard: 'stepStored', target: '#courseProgress.routing', actions: assign(({ context }) => ({ step: nextStep(context) })) },
              { guard: 'onChapter', target: 'saving' },
            ],
          },
        },
        saving: {
          entry: 'startPending',
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context }) => ({ formationId: context.formation.id, step: context.step }),
            onDone: {
              target: '#courseProgress.routing',
              actions: assign(({ context, event }) => ({ ...stored(context, event.output, context.step), step: nextStep(context) })),
            },
            onError: { target: 'failed', actions: ['dropPending', assign({ error: ({ event }) => messageOf(event.error) })] },
          },
        },
        failed: {
          exit: 'clearError',
          on: {
            RETRY: 'saving',
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
          },
        },
      },
    },
    quiz: {
      initial: 'blocked',
      states: {
        blocked: {
          entry: 'showBlocked',
          exit: 'clearError',
          on: {
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
            PROGRESS_CHANGED: [
              { guard: 'bringsSubmission', target: 'submitted', actions: 'absorb' },
              { guard: 'opensQuiz', target: 'answering', actions: 'absorb' },
              { guard: 'sameFormation', actions: 'absorb' },
            ],
          },
        },
        answering: {
          on: {
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
            TOGGLE_ANSWER: { guard: 'knownAnswer', actions: 'toggle' },
            SUBMIT: 'confirming',
            PROGRESS_CHANGED: [
              { guard: 'bringsSubmission', target: 'submitted', actions: 'absorb' },
              { guard: 'sameFormation', actions: 'absorb' },
            ],
          },
        },
        /** 'Confirmez-vous la soumission du quizz ?…': answers frozen until the member answers. */
        confirming: {
          on: {
            CONFIRM: 'submitting',
            CANCEL: 'answering',
            PROGRESS_CHANGED: [
              { guard: 'bringsSubmission', target: 'submitted', actions: 'absorb' },
              { guard: 'sameFormation', actions: 'absorb' },
            ],
          },
        },
        submitting: {
          entry: 'startPending',
          invoke: {
            id: 'submitQuiz',
            src: 'submitQuiz',
            input: ({ context }) => ({ formationId: context.formation.id, answers: answersOf(context.answers) }),
            onDone: {
              target: 'submitted',
              actions: assign(({ context, event }) => stored(context, event.output, context.step)),
            },
            onError: [
              // Submitted meanwhile from another device (the server then refuses this one): locked.
              { guard: 'quizSubmitted', target: 'submitted', actions: 'dropPending' },
              { target: 'failed', actions: ['dropPending', assign({ error: ({ event }) => messageOf(event.error) })] },
            ],
          },
        },
        failed: {
          exit: 'clearError',
          on: {
            RETRY: 'submitting',
            SUBMIT: 'confirming',
            TOGGLE_ANSWER: { guard: 'knownAnswer', target: 'answering', actions: 'toggle' },
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
            PROGRESS_CHANGED: [
              { guard: 'bringsSubmission', target: 'submitted', actions: 'absorb' },
              { guard: 'sameFormation', actions: 'absorb' },
            ],
          },
        },
        /** Locked: answers can no longer change; the score and the right answers are shown. */
        submitted: {
          on: {
            GO_TO: { guard: 'validStep', target: '#courseProgress.routing', actions: 'goTo' },
          },
        },
      },
    },
  },
});

/** The French text of a failed save or submission: the server's message, else the generic one. */
export const messageOf = (error: unknown): string => (error instanceof Error && error.message !== '' ? error.message : TEXT.requestFailed);

function initialContext({ formation, progress, requestedStep }: CourseProgressInput): CourseProgressContext {
  const { total, quizStep } = courseSteps(formation);
  const base = progress.formationId === formation.id ? withoutTimestamp(progress) : emptyProgress(formation.id);
  const context: CourseProgressContext = {
    formation,
    step: 1,
    total,
    quizStep,
    done: [],
    answers: {},
    quizzResult: null,
    corrections: null,
    error: null,
    completed: false,
    progress: base,
    pending: null,
  };
  const settled = { ...context, ...fromProgress(context, base) };
  return { ...settled, step: startingStep(requestedStep, total, settled.done) };
}

/** Everything the views read that follows from the stored progress and the step in flight. */
function fromProgress(context: CourseProgressContext, progress: ProgressState): Partial<CourseProgressContext> {
  const done = unionSteps(progress.allChaptersDone, context.pending === null ? [] : [context.pending]);
  const submitted = isSubmitted(progress);
  return {
    progress,
    done,
    completed: progress.completed || isCompleted(done, context.total),
    quizzResult: progress.quizzResult,
    corrections: progress.correctAnswers,
    ...(submitted && progress.answers !== null ? { answers: recordOf(progress.answers) } : {}),
  };
}

function absorb(context: CourseProgressContext, incoming: FormationProgress): Partial<CourseProgressContext> {
  return fromProgress(context, mergeProgress(context.progress, withoutTimestamp(incoming)));
}

/** A save's or submission's answer: stored, with the step it saved (the server took it). */
function stored(context: CourseProgressContext, output: FormationProgress, step: number): Partial<CourseProgressContext> {
  const merged = mergeProgress(context.progress, withoutTimestamp(output));
  const progress = { ...merged, allChaptersDone: unionSteps(merged.allChaptersDone, [step]) };
  return { ...fromProgress({ ...context, pending: null }, progress), pending: null };
}

function withPending(context: CourseProgressContext, pending: number | null): Partial<CourseProgressContext> {
  return { ...fromProgress({ ...context, pending }, context.progress), pending };
}

const nextStep = (context: CourseProgressContext) => Math.min(context.step + 1, Math.max(context.total, 1));

const isSubmitted = (progress: Pick<ProgressState, 'answers' | 'quizzResult'>) => progress.answers !== null || progress.quizzResult !== null;

function withoutTimestamp(progress: FormationProgress): ProgressState {
  const { updatedAt: _updatedAt, ...rest } = progress;
  return rest;
}

function toggled(answers: Record<number, number[]>, questionId: number, answerId: number): Record<number, number[]> {
  const current = answers[questionId] ?? [];
  const next = current.includes(answerId) ? current.filter((id) => id !== answerId) : [...current, answerId].sort((a, b) => a - b);
  return { ...answers, [questionId]: next };
}

const recordOf = (answers: readonly QuizAnswerInput[]): Record<number, number[]> =>
  Object.fromEntries(answers.map((a) => [a.questionId, [...a.answerIds].sort((x, y) => x - y)]));

const answersOf = (answers: Record<number, number[]>): QuizAnswerInput[] =>
  normaliseAnswers(Object.entries(answers).map(([questionId, answerIds]) => ({ questionId: Number(questionId), answerIds })));
