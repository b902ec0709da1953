import type { FormationProgress, ProgressUpdateInput, VideoPositions } from '../contract/formations';
import { emptyProgress, mergeProgress, unionSteps, type ProgressState } from '../domain/formation-progress';
import type { ProgressDoc } from './schemas';

/**
 * The learning outbox's pure rules (DESIGN.md "Outbox", STYLE.md habit 7): a progress document
 * holds the server's confirmed progress apart from the steps and video positions this device has
 * not had confirmed yet. Writes are unions and maxima, so a write sent twice, late or out of order
 * changes nothing more: the server merges the same way (`mergeProgress`).
 */

/** What the member sees: the confirmed progress with the pending steps and positions folded in. */
export function localProgress(doc: ProgressDoc): FormationProgress {
  const confirmed = doc.confirmed as ProgressState;
  const pending: ProgressState = { ...emptyProgress(confirmed.formationId), allChaptersDone: doc.pendingSteps, positions: doc.pendingPositions };
  return { ...mergeProgress(confirmed, pending), updatedAt: doc.updatedAt };
}

/** A formation's document before anything is known of it. */
export const emptyProgressDoc = (formationId: number): ProgressDoc => ({
  formationId: String(formationId),
  confirmed: emptyProgress(formationId),
  pendingSteps: [],
  pendingPositions: {},
  queuedAt: 0,
  updatedAt: null,
});

/** A step validated on this device: shown at once, queued for the server. */
export function withPendingStep(doc: ProgressDoc, step: number, now: number): ProgressDoc {
  const confirmed = doc.confirmed as ProgressState;
  if (confirmed.allChaptersDone.includes(step) || doc.pendingSteps.includes(step)) return doc;
  return { ...doc, pendingSteps: unionSteps(doc.pendingSteps, [step]), queuedAt: doc.queuedAt || now };
}

/** Seconds reached in a chapter's video: only further than what is known is queued. */
export function withPendingPosition(doc: ProgressDoc, chapterId: number, seconds: number, now: number): ProgressDoc {
  const key = String(chapterId);
  const known = Math.max((doc.confirmed as ProgressState).positions[key] ?? 0, doc.pendingPositions[key] ?? 0);
  const rounded = Math.min(Math.round(seconds * 10) / 10, 86_400);
  if (!(rounded > known)) return doc;
  return { ...doc, pendingPositions: { ...doc.pendingPositions, [key]: rounded }, queuedAt: doc.queuedAt || now };
}

/** The PATCH that carries a document's pending writes (null: nothing waits). */
export function pendingUpdate(doc: ProgressDoc): ProgressUpdateInput | null {
  if (doc.pendingSteps.length === 0 && Object.keys(doc.pendingPositions).length === 0) return null;
  const update: ProgressUpdateInput = { formationId: Number(doc.formationId) };
  if (doc.pendingSteps.length > 0) {
    update.allChaptersDone = doc.pendingSteps;
    update.chapterDone = doc.pendingSteps[doc.pendingSteps.length - 1]!;
  }
  if (Object.keys(doc.pendingPositions).length > 0) update.positions = doc.pendingPositions;
  return update;
}

/**
 * The server's progress folded into a document: it becomes the confirmed progress, and what it
 * now holds leaves the pending lists (steps it lists, positions it has reached). Anything queued
 * meanwhile stays pending. The same answer folded twice gives the same document.
 */
export function withServerProgress(doc: ProgressDoc, server: FormationProgress): ProgressDoc {
  const { updatedAt, ...state } = server;
  // Never step back: an older answer arriving late keeps what a newer one confirmed.
  const confirmed = mergeProgress(doc.confirmed as ProgressState, state);
  const pendingSteps = doc.pendingSteps.filter((step) => !confirmed.allChaptersDone.includes(step));
  const pendingPositions: VideoPositions = {};
  for (const [chapter, seconds] of Object.entries(doc.pendingPositions)) {
    if (seconds > (confirmed.positions[chapter] ?? 0)) pendingPositions[chapter] = seconds;
  }
  const waits = pendingSteps.length > 0 || Object.keys(pendingPositions).length > 0;
  return {
    formationId: doc.formationId,
    confirmed,
    pendingSteps,
    pendingPositions,
    queuedAt: waits ? doc.queuedAt : 0,
    updatedAt: laterDate(doc.updatedAt, updatedAt),
  };
}

/** A write the server refused for good (a locked or unknown formation): what was sent leaves the queue. */
export function withoutSent(doc: ProgressDoc, sent: ProgressUpdateInput): ProgressDoc {
  const pendingSteps = doc.pendingSteps.filter((step) => !(sent.allChaptersDone ?? []).includes(step));
  const pendingPositions: VideoPositions = {};
  for (const [chapter, seconds] of Object.entries(doc.pendingPositions)) {
    if (seconds > (sent.positions?.[chapter] ?? -1)) pendingPositions[chapter] = seconds;
  }
  const waits = pendingSteps.length > 0 || Object.keys(pendingPositions).length > 0;
  return { ...doc, pendingSteps, pendingPositions, queuedAt: waits ? doc.queuedAt : 0 };
}

function laterDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
