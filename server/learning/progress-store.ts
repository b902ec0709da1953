import { and, asc, eq } from 'drizzle-orm';
import type { FormationProgress, ProgressUpdateInput } from '../../src/contract/formations';
import { applyProgressUpdate, emptyProgress, type CourseShape, type ProgressState } from '../../src/domain/formation-progress';
import type { FormationError } from '../../src/domain/formation-text-fr';
import type { Database } from '../db/open-database';
import { formationProgress } from '../db/schema';

type Row = typeof formationProgress.$inferSelect;

const toProgress = (row: Row): FormationProgress => {
  const allChaptersDone = row.allChaptersDone;
  return {
    formationId: row.formationId,
    chapterDone: allChaptersDone.length > 0 ? allChaptersDone[allChaptersDone.length - 1]! : 0,
    allChaptersDone,
    completed: row.completed,
    quizzResult: row.quizzResult,
    answers: row.answers ?? null,
    positions: row.positions,
    correctAnswers: row.correctAnswers ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

const stateOf = (progress: FormationProgress): ProgressState => {
  const { updatedAt: _updatedAt, ...state } = progress;
  return state;
};

/** Every formation the member has progress in, by formation id. */
export async function progressListOf(db: Database, userId: number): Promise<FormationProgress[]> {
  const rows = await db.select().from(formationProgress).where(eq(formationProgress.userId, userId)).orderBy(asc(formationProgress.formationId));
  return rows.map(toProgress);
}

/** The member's progress in one formation; the empty progress when not started. */
export async function progressOf(db: Database, userId: number, formationId: number): Promise<FormationProgress> {
  const [row] = await db
    .select()
    .from(formationProgress)
    .where(and(eq(formationProgress.userId, userId), eq(formationProgress.formationId, formationId)))
    .limit(1);
  return row ? toProgress(row) : { ...emptyProgress(formationId), updatedAt: null };
}

/**
 * Folds an update into the stored progress in one transaction, the row locked so that two devices
 * saving at once both keep their steps. A refused update writes nothing. A first save that races
 * another first save of the same formation loses its insert and runs again over the winner's row.
 */
export async function saveProgressUpdate(
  db: Database,
  userId: number,
  input: ProgressUpdateInput,
  course: CourseShape,
  now: Date,
): Promise<{ progress: FormationProgress } | { error: FormationError }> {
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const where = and(eq(formationProgress.userId, userId), eq(formationProgress.formationId, input.formationId));
      const [row] = await tx.select().from(formationProgress).where(where).for('update');
      const stored = row ? stateOf(toProgress(row)) : emptyProgress(input.formationId);
      const verdict = applyProgressUpdate(stored, input, course);
      if ('error' in verdict) return { error: verdict.error };
      if (!verdict.changed && row) return { progress: toProgress(row) };
      const { progress } = verdict;
      const values = {
        allChaptersDone: progress.allChaptersDone,
        completed: progress.completed,
        quizzResult: progress.quizzResult,
        answers: progress.answers,
        correctAnswers: progress.correctAnswers,
        positions: progress.positions,
        updatedAt: now,
      };
      if (row) {
        const [updated] = await tx.update(formationProgress).set(values).where(where).returning();
        return { progress: toProgress(updated!) };
      }
      const [inserted] = await tx
        .insert(formationProgress)
        .values({ userId, formationId: input.formationId, ...values })
        .onConflictDoNothing()
        .returning();
      return inserted ? { progress: toProgress(inserted) } : null;
    });
    if (outcome) return outcome;
    if (attempt >= 2) throw new Error('progression : écriture concurrente non résolue');
  }
}
