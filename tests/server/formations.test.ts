import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../../server/auth/passwords';
import { users, userSubscriptions } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { DEMO_FORMATION_CATEGORIES, DEMO_FORMATIONS } from '../../server/learning/demo-formations';
import { DEMO_MEDIA_DIR } from '../../server/learning/learning-routes';
import {
  formationCategoriesResponse,
  formationResponse,
  formationsResponse,
  progressListResponse,
  progressResponse,
  type QuizAnswerInput,
} from '../../src/contract/formations';
import { FORMATION_CATEGORIES_QUERY } from '../../src/contract/graphql-documents';
import { FORMATION_ERRORS, FORMATION_TEXT } from '../../src/domain/formation-text-fr';
import { SUBSCRIPTION } from '../../src/domain/subscription-ids';
import { startTestServer, type TestServer, sessionCache } from './test-server';

let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  // Two members the demo lacks: Prime without VIP, and a VIP that ran out yesterday.
  const db = server.database.db;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await db
    .insert(users)
    .values([
      { username: 'primeseul', email: 'primeseul@comptoir.test', passwordHash, firstName: 'Paul' },
      { username: 'exvip', email: 'exvip@comptoir.test', passwordHash, firstName: 'Éric' },
    ])
    .returning({ id: users.id, username: users.username });
  const idOf = (name: string) => created.find((u) => u.username === name)!.id;
  await db.insert(userSubscriptions).values([
    { userId: idOf('primeseul'), subscriptionId: SUBSCRIPTION.PRIME, expiresAt: new Date(Date.now() + 30 * DAY) },
    { userId: idOf('exvip'), subscriptionId: SUBSCRIPTION.VIP, expiresAt: new Date(Date.now() - DAY) },
  ]);
}, 30_000);
afterAll(() => server.close());

const errorBody = z.object({ error: z.string() });
const tokenOf = sessionCache(() => server);
const stored = (id: number) => DEMO_FORMATIONS.find((f) => f.id === id)!;
/** The right answers of a demo formation's quiz, or the first wrong answer of each question. */
const answersOf = (id: number, kind: 'right' | 'wrong'): QuizAnswerInput[] =>
  stored(id).quiz!.questions.map((q) => ({
    questionId: q.id,
    answerIds: kind === 'right' ? q.answers.filter((a) => a.isCorrect).map((a) => a.id) : [q.answers.find((a) => !a.isCorrect)!.id],
  }));
const videoOf = (formationId: number) => {
  const chapter = stored(formationId).chapitres.find((c) => c.video)!;
  return { path: `/content/api/platform-formations/${formationId}/chapitres/${chapter.id}/video`, file: chapter.video! };
};
const update = async (who: string, body: unknown) => {
  const response = await server.patch('/rest/formation/progress/update', body, await tokenOf(who));
  return { status: response.status, body: (await response.json()) as unknown };
};
const progressOf = async (who: string, id: number) =>
  progressResponse.parse(await (await server.get(`/rest/formation/progress/${id}`, await tokenOf(who))).json()).data;

describe('catalogue (content host)', () => {
  it('lists every formation in the contract shape, locked ones without content', async () => {
    const response = await server.get('/content/api/platform-formations', await tokenOf('vip'));
    expect(response.status).toBe(200);
    const { data } = formationsResponse.parse(await response.json());
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(data.map((f) => f.id)).toEqual(DEMO_FORMATIONS.map((f) => f.id));
    for (const formation of data) {
      expect(formation.title).not.toBe('');
      expect(formation.preview_image).toBe(`/content/api/platform-formations/${formation.id}/cover.svg`);
      if (formation.locked) {
        expect(formation.chapitres).toEqual([]);
        expect(formation.quiz).toBeNull();
      } else {
        expect(formation.chapitres.length).toBeGreaterThan(0);
        expect(formation.quiz?.questions.length).toBeGreaterThan(0);
      }
    }
    // Correctness never leaves the server before the member's submission.
    expect(JSON.stringify(data)).not.toContain('isCorrect');
    const open = data.filter((f) => !f.locked);
    expect(open.flatMap((f) => f.chapitres).some((c) => c.videoUrl !== null && c.text !== null)).toBe(true);
    expect(open.flatMap((f) => f.chapitres).some((c) => c.videoUrl === null && c.text !== null)).toBe(true);
  });

  it('answers one formation with its chapters, and the spec error for an unknown one', async () => {
    const token = await tokenOf('membre');
    const { data } = formationResponse.parse(await (await server.get('/content/api/platform-formations/3', token)).json());
    expect(data).toMatchObject({ id: 3, categoryId: 1, locked: false, title: 'Gestion du risque : protéger son capital' });
    expect(data.chapitres.map((c) => c.id)).toEqual([31, 32, 33, 34]);
    expect(data.chapitres[1]?.videoUrl).toBe('/content/api/platform-formations/3/chapitres/32/video');
    for (const path of ['/content/api/platform-formations/999', '/content/api/platform-formations/abc', '/content/api/platform-formations/0']) {
      const response = await server.get(path, token);
      expect(response.status).toBe(404);
      expect(errorBody.parse(await response.json()).error).toBe('Erreur: Formation non existante');
    }
  });

  it('needs a signed-in member, but for the covers', async () => {
    expect((await server.get('/content/api/platform-formations')).status).toBe(401);
    expect((await server.get('/content/api/platform-formations/1')).status).toBe(401);
    const cover = await server.get('/content/api/platform-formations/9/cover.svg');
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
    expect(await cover.text()).toContain('Allocation d’actifs');
  });

  it('gives the categories by GraphQL: id, title, ordre, formations, and the subscriptions that open them', async () => {
    const answer = await server.graphql(FORMATION_CATEGORIES_QUERY);
    expect(answer.errors).toBeUndefined();
    const { formationCategories } = formationCategoriesResponse.parse(answer.data);
    expect(formationCategories.map((c) => c.id)).toEqual([1, 3, 4, 2, 5, 6]);
    expect(formationCategories.map((c) => c.attributes.ordre)).toEqual([1, 2, 3, 4, 5, 6]);
    const risk = formationCategories.find((c) => c.id === 1)!;
    expect(risk.attributes.subscriptions).toEqual([]);
    expect(risk.attributes.formations).toContainEqual({ id: 3, title: 'Gestion du risque : protéger son capital' });
    expect(formationCategories.filter((c) => [2, 5, 6].includes(c.id)).every((c) => c.attributes.subscriptions.includes(SUBSCRIPTION.PRIME))).toBe(true);
    expect(formationCategories.flatMap((c) => c.attributes.formations)).toHaveLength(DEMO_FORMATIONS.length);
  });
});

describe('access by subscription (spec 3 §6), enforced by the server', () => {
  // One formation of each category: the free one, VIP ones, and the Prime categories 2, 5, 6.
  const sample = DEMO_FORMATION_CATEGORIES.map((c) => ({ category: c.id, formation: DEMO_FORMATIONS.find((f) => f.categoryId === c.id)!.id }));
  const table: { who: string; opens: number[] }[] = [
    { who: 'membre', opens: [1] },
    { who: 'exvip', opens: [1] },
    { who: 'vip', opens: [1, 3, 4] },
    { who: 'live', opens: [1, 3, 4] },
    { who: 'banni', opens: [1, 3, 4] },
    { who: 'primeseul', opens: [1, 2, 5, 6] },
    { who: 'coach', opens: [1, 2, 3, 4, 5, 6] },
  ];

  it.each(table)('$who opens categories $opens and no other: catalogue, detail, video, progress', async ({ who, opens }) => {
    const token = await tokenOf(who);
    const { data } = formationsResponse.parse(await (await server.get('/content/api/platform-formations', token)).json());
    expect([...new Set(data.filter((f) => !f.locked).map((f) => f.categoryId))].sort()).toEqual([...opens].sort());
    for (const { category, formation } of sample) {
      const open = opens.includes(category);
      const detail = formationResponse.parse(await (await server.get(`/content/api/platform-formations/${formation}`, token)).json()).data;
      expect(detail.locked).toBe(!open);
      expect(detail.chapitres.length > 0).toBe(open);
      expect(detail.quiz !== null).toBe(open);
      const video = await server.get(videoOf(formation).path, token);
      expect(video.status).toBe(open ? 200 : 403);
      if (!open) expect(errorBody.parse(await video.json()).error).toBe(FORMATION_ERRORS.locked);
      else await video.arrayBuffer();
      const saved = await update(who, { formationId: formation, chapterDone: 1 });
      expect(saved.status).toBe(open ? 200 : 403);
    }
  });

  it('serves no video without a member, nor for a chapter without video', async () => {
    expect((await server.get(videoOf(1).path)).status).toBe(401);
    const textOnly = stored(1).chapitres.find((c) => !c.video)!;
    const response = await server.get(`/content/api/platform-formations/1/chapitres/${textOnly.id}/video`, await tokenOf('vip'));
    expect(response.status).toBe(404);
    expect(errorBody.parse(await response.json()).error).toBe(FORMATION_ERRORS.videoMissing);
    for (const chapter of ['999', 'abc', '31']) {
      const other = await server.get(`/content/api/platform-formations/1/chapitres/${chapter}/video`, await tokenOf('vip'));
      expect(other.status).toBe(404);
      expect(errorBody.parse(await other.json()).error).toBe(FORMATION_ERRORS.videoMissing);
    }
  });
});

describe('video over HTTP ranges', () => {
  const { path, file } = videoOf(3);
  const bytes = readFileSync(join(DEMO_MEDIA_DIR, file));

  it('answers a range with 206, Content-Range and exactly those bytes', async () => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${await tokenOf('membre')}`, range: 'bytes=100-1099' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-range')).toBe(`bytes 100-1099/${bytes.length}`);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(true);
  });

  it('answers open-ended and suffix ranges, the whole file without a range, 416 past the end', async () => {
    const auth = { authorization: `Bearer ${await tokenOf('membre')}` };
    const tail = await fetch(`${server.url}${path}`, { headers: { ...auth, range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const suffix = await fetch(`${server.url}${path}`, { headers: { ...auth, range: 'bytes=-20' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${bytes.length - 20}-${bytes.length - 1}/${bytes.length}`);
    await suffix.arrayBuffer();
    const whole = await fetch(`${server.url}${path}`, { headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const past = await fetch(`${server.url}${path}`, { headers: { ...auth, range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('takes the token cookie, as a <video> element sends no header', async () => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: `access_token=${await tokenOf('membre')}`, range: 'bytes=0-15' } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(0, 16))).toBe(true);
  });

  it('is a seekable WebM: a Duration and Cues before the first cluster', () => {
    const hex = bytes.toString('hex');
    expect(hex.indexOf('4489')).toBeGreaterThan(0);
    expect(hex.indexOf('1c53bb6b')).toBeLessThan(hex.indexOf('1f43b675'));
    expect(bytes.length).toBeLessThan(300_000);
  });
});

describe('progress (API host)', () => {
  // 'support' (VIP) is in no other test of this file. Formation 1: 3 chapters, then the quiz as step 4.
  const F = 1;

  it('starts empty, then keeps each validated step', async () => {
    expect(await progressOf('support', F)).toMatchObject({ formationId: F, chapterDone: 0, allChaptersDone: [], completed: false, quizzResult: null, updatedAt: null });
    const saved = await update('support', { formationId: F, chapterDone: 1, completed: false, quizzResult: null });
    expect(saved.status).toBe(200);
    expect(progressResponse.parse(saved.body).data).toMatchObject({ chapterDone: 1, allChaptersDone: [1], completed: false });
  });

  it('refuses the quiz before every chapter is validated, with the spec text', async () => {
    const refused = await update('support', { formationId: F, chapterDone: 4, answers: answersOf(F, 'right') });
    expect(refused.status).toBe(409);
    expect(errorBody.parse(refused.body).error).toBe('Vous devez valider tous les cours du chapitre avant de faire le quiz');
    expect((await progressOf('support', F)).quizzResult).toBeNull();
  });

  it('merges two devices as the union of their steps, even when they save at once', async () => {
    const [a, b] = await Promise.all([update('support', { formationId: F, chapterDone: 3 }), update('support', { formationId: F, allChaptersDone: [2] })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // A device that was offline reports an older step: nothing is lost.
    await update('support', { formationId: F, chapterDone: 1 });
    expect(await progressOf('support', F)).toMatchObject({ allChaptersDone: [1, 2, 3], chapterDone: 3, completed: false });
  });

  it('scores the quiz itself: a forged score and completion are ignored', async () => {
    const wrong = answersOf(F, 'wrong');
    // One question answered right, the others wrong: 20 / 4 × 1 = 5.
    const answers = [answersOf(F, 'right')[0]!, ...wrong.slice(1)];
    const saved = await update('support', { formationId: F, chapterDone: 4, answers, quizzResult: 20, completed: true });
    expect(saved.status).toBe(200);
    const { data } = progressResponse.parse(saved.body);
    expect(data).toMatchObject({ quizzResult: 5, completed: true, chapterDone: 4, allChaptersDone: [1, 2, 3, 4] });
    expect(data.correctAnswers).toEqual(answersOf(F, 'right'));
    // Now the formation shows its right answers to this member, and only to them.
    const detail = formationResponse.parse(await (await server.get(`/content/api/platform-formations/${F}`, await tokenOf('support'))).json()).data;
    expect(detail.quiz?.questions[0]?.answers.some((a) => a.isCorrect === true)).toBe(true);
    const other = await (await server.get(`/content/api/platform-formations/${F}`, await tokenOf('live'))).text();
    expect(other).not.toContain('isCorrect');
    expect(FORMATION_TEXT.score(data.quizzResult!)).toBe('5/20');
  });

  it('refuses a second submission and keeps the first; the same request retried answers the stored result', async () => {
    const refused = await update('support', { formationId: F, chapterDone: 4, answers: answersOf(F, 'right') });
    expect(refused.status).toBe(409);
    expect(errorBody.parse(refused.body).error).toBe(FORMATION_ERRORS.quizAlreadySubmitted);
    expect((await progressOf('support', F)).quizzResult).toBe(5);
    const before = await progressOf('support', F);
    const retried = await update('support', { formationId: F, chapterDone: 4, answers: [...before.answers!].reverse() });
    expect(retried.status).toBe(200);
    expect(progressResponse.parse(retried.body).data).toEqual(before);
  });

  it('lists the member’s progress, and a perfect quiz scores 20', async () => {
    await update('live', { formationId: 2, allChaptersDone: [1, 2, 3] });
    const saved = await update('live', { formationId: 2, chapterDone: 4, answers: answersOf(2, 'right') });
    expect(progressResponse.parse(saved.body).data).toMatchObject({ quizzResult: 20, completed: true });
    const list = progressListResponse.parse(await (await server.get('/rest/formation/progress', await tokenOf('live'))).json()).data;
    expect(list.map((p) => p.formationId)).toContain(2);
    expect(list.every((p) => p.updatedAt !== null)).toBe(true);
  });

  it('keeps the furthest video position of each chapter (ours, beyond the spec)', async () => {
    await update('membre', { formationId: 3, positions: { '32': 42.5 } });
    await update('membre', { formationId: 3, positions: { '32': 10, '34': 7 } });
    expect((await progressOf('membre', 3)).positions).toEqual({ '32': 42.5, '34': 7 });
  });

  it('needs a signed-in member, and answers the spec error for an unknown formation', async () => {
    expect((await server.get('/rest/formation/progress')).status).toBe(401);
    expect((await server.patch('/rest/formation/progress/update', { formationId: 1, chapterDone: 1 })).status).toBe(401);
    const unknown = await server.get('/rest/formation/progress/999', await tokenOf('vip'));
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(await unknown.json()).error).toBe('Erreur: Formation non existante');
  });

  it.each([
    { name: 'an empty body', body: {}, status: 400, error: 'Requête invalide : champ « formationId » manquant ou incorrect' },
    { name: 'a formation id as text', body: { formationId: 'un', chapterDone: 1 }, status: 400, error: 'Requête invalide : champ « formationId » manquant ou incorrect' },
    { name: 'a step 0', body: { formationId: 3, chapterDone: 0 }, status: 400, error: 'Requête invalide : champ « chapterDone » manquant ou incorrect' },
    { name: 'answers that are not a list', body: { formationId: 3, chapterDone: 5, answers: 'toutes' }, status: 400, error: 'Requête invalide : champ « answers » manquant ou incorrect' },
    { name: 'a negative position', body: { formationId: 3, positions: { '31': -4 } }, status: 400, error: 'Requête invalide : champ « positions.31 » manquant ou incorrect' },
    { name: 'an unknown formation', body: { formationId: 999, chapterDone: 1 }, status: 404, error: 'Erreur: Formation non existante' },
    { name: 'a step past the quiz', body: { formationId: 3, chapterDone: 6 }, status: 400, error: FORMATION_ERRORS.unknownStep },
    { name: 'a chapter of another formation', body: { formationId: 3, positions: { '11': 4 } }, status: 400, error: FORMATION_ERRORS.unknownChapter },
    { name: 'answers with a chapter', body: { formationId: 3, chapterDone: 1, answers: [] }, status: 400, error: FORMATION_ERRORS.answersWithoutQuiz },
    { name: 'the quiz without answers', body: { formationId: 3, allChaptersDone: [1, 2, 3, 4], chapterDone: 5 }, status: 400, error: FORMATION_ERRORS.answersRequired },
    { name: 'an unknown question', body: { formationId: 3, allChaptersDone: [1, 2, 3, 4], chapterDone: 5, answers: [{ questionId: 101, answerIds: [1011] }] }, status: 400, error: FORMATION_ERRORS.unknownQuestion },
    { name: 'an answer of another question', body: { formationId: 3, allChaptersDone: [1, 2, 3, 4], chapterDone: 5, answers: [{ questionId: 301, answerIds: [3021] }] }, status: 400, error: FORMATION_ERRORS.unknownAnswer },
  ])('refuses $name in French, storing nothing', async ({ body, status, error }) => {
    const before = await progressOf('coach', 3);
    const refused = await update('coach', body);
    expect(refused.status).toBe(status);
    expect(errorBody.parse(refused.body).error).toBe(error);
    expect(await progressOf('coach', 3)).toEqual(before);
  });

  it('refuses a body that is not JSON in French', async () => {
    const response = await fetch(`${server.url}/rest/formation/progress/update`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf('coach')}` },
      body: '{"formationId": 3,',
    });
    expect(response.status).toBe(400);
    expect(errorBody.parse(await response.json()).error).toBe('Requête invalide : le contenu n’est pas du JSON valide');
  });
});
