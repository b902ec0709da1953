import type { Formation, FormationCategory } from '../../src/contract/formations';
import { opensCategory } from '../../src/domain/formation-access';
import type { Database } from '../db/open-database';
import { contentEntriesOf, contentEntryOf } from '../db/content-entries';
import { subscriptionsOf, toAbonnements, type UserRow } from '../users/user-queries';
import { FORMATION_CATEGORY_TYPE, FORMATION_TYPE, storedCategory, storedFormation, type StoredCategory, type StoredFormation } from './formation-documents';

/** Where a chapter's video is served, behind the member's access check. */
export const videoPath = (formationId: number, chapterId: number): string =>
  `/content/api/platform-formations/${formationId}/chapitres/${chapterId}/video`;
/** A formation's cover, public: locked formations show theirs too. */
export const coverPath = (formationId: number): string => `/content/api/platform-formations/${formationId}/cover.svg`;

/** The categories by `ordre`; a stored document that does not decode is left out. */
export async function loadCategories(db: Database): Promise<StoredCategory[]> {
  const rows = await contentEntriesOf(db, FORMATION_CATEGORY_TYPE);
  return rows
    .flatMap((row) => storedCategory.safeParse(row.data).data ?? [])
    .sort((a, b) => a.ordre - b.ordre || a.id - b.id);
}

/** The formations by `ordre`. */
export async function loadFormations(db: Database): Promise<StoredFormation[]> {
  const rows = await contentEntriesOf(db, FORMATION_TYPE);
  return rows.flatMap((row) => storedFormation.safeParse(row.data).data ?? []).sort((a, b) => a.ordre - b.ordre || a.id - b.id);
}

export async function loadFormation(db: Database, id: number): Promise<StoredFormation | null> {
  const row = await contentEntryOf(db, FORMATION_TYPE, id);
  return row ? (storedFormation.safeParse(row.data).data ?? null) : null;
}

export async function loadCategory(db: Database, id: number): Promise<StoredCategory | null> {
  const row = await contentEntryOf(db, FORMATION_CATEGORY_TYPE, id);
  return row ? (storedCategory.safeParse(row.data).data ?? null) : null;
}

/**
 * Which categories a member may open (spec 3 §6), decided once per request. A formation whose
 * category is missing is closed: content never leaks through a broken link.
 */
export async function categoryAccess(db: Database, user: UserRow, now: Date): Promise<(categoryId: number) => boolean> {
  const holder = { abonnements: toAbonnements(await subscriptionsOf(db, user.id)) };
  const opened = new Set((await loadCategories(db)).filter((c) => opensCategory(c.subscriptions, holder, now)).map((c) => c.id));
  return (categoryId) => opened.has(categoryId);
}

/**
 * A formation as a member receives it: a locked one with its title, description and cover only;
 * an open one with its chapters and quiz, the answers' correctness only once the member has
 * submitted the quiz (so it shows the right answers and can never be used to fill it in).
 */
export function formationView(formation: StoredFormation, access: { open: boolean; quizSubmitted: boolean }): Formation {
  const head = {
    id: formation.id,
    title: formation.title,
    description: formation.description,
    preview_image: coverPath(formation.id),
    categoryId: formation.categoryId,
  };
  if (!access.open) return { ...head, locked: true, chapitres: [], quiz: null };
  return {
    ...head,
    locked: false,
    chapitres: formation.chapitres.map((c) => ({ id: c.id, name: c.name, videoUrl: c.video ? videoPath(formation.id, c.id) : null, text: c.text })),
    quiz: formation.quiz && {
      id: formation.quiz.id,
      name: formation.quiz.name,
      questions: formation.quiz.questions.map((q) => ({
        id: q.id,
        question: q.question,
        answers: q.answers.map((a) => (access.quizSubmitted ? { id: a.id, answer: a.answer, isCorrect: a.isCorrect } : { id: a.id, answer: a.answer })),
      })),
    },
  };
}

/** The GraphQL `formationCategories` (spec 3 §3): each category with its formations' ids and titles. */
export async function categoriesView(db: Database): Promise<FormationCategory[]> {
  const [categories, formations] = await Promise.all([loadCategories(db), loadFormations(db)]);
  return categories.map((category) => ({
    id: category.id,
    attributes: {
      title: category.title,
      ordre: category.ordre,
      subscriptions: category.subscriptions,
      formations: formations.filter((f) => f.categoryId === category.id).map((f) => ({ id: f.id, title: f.title })),
    },
  }));
}
