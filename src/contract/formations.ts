import { z } from 'zod/mini';
import { isoDate } from './user';

/*
 * Formations (spec 3 §3, §7): the content host's catalogue and the API host's progress.
 *
 * Steps are numbered from 1, as in the course address /formation/{formationId}/{chapterId}/{stepIndex}:
 * chapter k is step k, and the quiz (when the formation has one) is the last step, chapters + 1.
 * `allChaptersDone` and `chapterDone` use the same numbers.
 */

const id = z.int().check(z.positive());
/** A step of a course, 1-based. */
export const stepIndex = z.int().check(z.minimum(1), z.maximum(500));

/** One answer of a quiz question; `isCorrect` only reaches a member once they have submitted the quiz. */
export const quizAnswer = z.object({ id, answer: z.string(), isCorrect: z.optional(z.boolean()) });
export type QuizAnswer = z.infer<typeof quizAnswer>;

/** Spec 3 §3 "Quiz question": id, question, answers (id, answer, isCorrect). */
export const quizQuestion = z.object({ id, question: z.string(), answers: z.array(quizAnswer) });
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const quiz = z.object({ id, name: z.string(), questions: z.array(quizQuestion) });
export type Quiz = z.infer<typeof quiz>;

/**
 * A chapter (spec: name, videoUrl, text). Ours: `id`, the chapter id of the course address and of
 * the video positions. `videoUrl` is a path of the content host that checks the member's access
 * (send the token cookie: a `<video>` element sends no header); null for a text-only chapter.
 */
export const chapitre = z.object({ id, name: z.string(), videoUrl: z.nullable(z.string()), text: z.nullable(z.string()) });
export type Chapitre = z.infer<typeof chapitre>;

/**
 * Spec 3 §3 "Formation": id, title, description, preview_image, chapitres, quiz. Ours: `categoryId`
 * (the first segment of /formation/{categoryId}/{formationId}) and `locked`: true when the caller's
 * subscriptions do not open the formation's category; a locked formation comes with its title,
 * description and cover only (`chapitres` empty, `quiz` null), so the client shows the prompt.
 */
export const formation = z.object({
  id,
  title: z.string(),
  description: z.string(),
  preview_image: z.nullable(z.string()),
  categoryId: id,
  locked: z.boolean(),
  chapitres: z.array(chapitre),
  quiz: z.nullable(quiz),
});
export type Formation = z.infer<typeof formation>;

/** `GET /content/api/platform-formations` */
export const formationsResponse = z.object({ data: z.array(formation) });
/** `GET /content/api/platform-formations/{id}` */
export const formationResponse = z.object({ data: formation });

/**
 * Spec 3 §3 "Formation category": id, attributes.title, attributes.ordre, attributes.formations
 * (id, title); GraphQL `formationCategories`. Ours: `attributes.subscriptions`, the subscription ids
 * any one of which opens the category (empty: every signed-in member), so the client can tell a
 * locked category without the network.
 */
export const formationCategory = z.object({
  id,
  attributes: z.object({
    title: z.string(),
    ordre: z.int(),
    subscriptions: z.array(z.int()),
    formations: z.array(z.object({ id, title: z.string() })),
  }),
});
export type FormationCategory = z.infer<typeof formationCategory>;
export const formationCategoriesResponse = z.object({ formationCategories: z.array(formationCategory) });

/** The answers a member checked for one question (absent question: nothing checked). */
export const quizAnswerInput = z.object({ questionId: id, answerIds: z.array(id).check(z.maxLength(50)) });
export type QuizAnswerInput = z.infer<typeof quizAnswerInput>;
export const quizAnswersInput = z.array(quizAnswerInput).check(z.maxLength(200));

/** The right answers of each question, sent once the quiz is submitted. */
export const quizCorrection = z.object({ questionId: id, answerIds: z.array(id) });
export type QuizCorrection = z.infer<typeof quizCorrection>;

/** Ours: seconds reached in each chapter's video, keyed by chapter id. */
export const videoPositions = z.record(z.string().check(z.regex(/^[1-9]\d{0,9}$/)), z.number().check(z.minimum(0), z.maximum(86_400)));
export type VideoPositions = z.infer<typeof videoPositions>;

/**
 * Spec 3 §3 "Formation progress": formationId, chapterDone, allChaptersDone (step indexes),
 * completed, quizzResult, answers. `chapterDone` is the highest validated step (0: none);
 * `allChaptersDone` is ascending without repeats; `quizzResult` is the server's score out of 20
 * (null until the quiz is submitted); `answers` are the submitted answers (null until then).
 * Ours: `positions` (video seconds per chapter id), `correctAnswers` (null until submitted) and
 * `updatedAt`. `GET /rest/formation/progress/{id}` of a formation not started answers the empty progress.
 */
export const formationProgress = z.object({
  formationId: id,
  chapterDone: z.int().check(z.minimum(0)),
  allChaptersDone: z.array(stepIndex),
  completed: z.boolean(),
  quizzResult: z.nullable(z.number().check(z.minimum(0), z.maximum(20))),
  answers: z.nullable(quizAnswersInput),
  positions: videoPositions,
  correctAnswers: z.nullable(z.array(quizCorrection)),
  /** When the server last stored it; null for a formation not started. */
  updatedAt: z.nullable(isoDate),
});
export type FormationProgress = z.infer<typeof formationProgress>;

/** `GET /rest/formation/progress`: every formation the member has progress in. */
export const progressListResponse = z.object({ data: z.array(formationProgress) });
/** `GET /rest/formation/progress/{id}` and the answer to `PATCH /rest/formation/progress/update`. */
export const progressResponse = z.object({ data: formationProgress });

/**
 * `PATCH /rest/formation/progress/update` (spec: formationId, chapterDone, completed, quizzResult,
 * answers). `chapterDone` is the step validated now; `answers` go with the quiz step and only with
 * it. `completed` and `quizzResult` are accepted and ignored: the server derives completion from
 * the steps and scores the answers itself. Ours, optional: `allChaptersDone`, steps validated on
 * this device (e.g. offline) that the server adds to its own, and `positions`.
 */
export const progressUpdateInput = z.object({
  formationId: id,
  chapterDone: z.optional(stepIndex),
  completed: z.optional(z.boolean()),
  quizzResult: z.optional(z.nullable(z.number())),
  answers: z.optional(quizAnswersInput),
  allChaptersDone: z.optional(z.array(stepIndex).check(z.maxLength(500))),
  positions: z.optional(videoPositions),
});
export type ProgressUpdateInput = z.infer<typeof progressUpdateInput>;

/** Path parameter of the detail routes: a positive integer id. */
const idParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/)), z.transform(Number));
export const formationIdParam = z.object({ id: idParam });
/** Path parameters of a chapter's video: `/api/platform-formations/{id}/chapitres/{chapterId}/video`. */
export const chapterVideoParams = z.object({ id: idParam, chapterId: idParam });
