/**
 * What the formations pages remember in local storage (spec 3 §2, §3 "local storage keys: last
 * formation, category, course path"), and the rule that reopens the last course: once per page
 * load, only when the catalogue is the first formations screen shown (arriving from elsewhere),
 * never when the member comes back from a course, so 'Retour aux formations' always lands.
 */
export const LEARNING_KEYS = {
  lastFormation: 'formation:lastFormation',
  lastCategory: 'formation:lastCategory',
  lastCoursePath: 'formation:lastCoursePath',
} as const;

/** `/formation/{categoryId}/{formationId}/{step}`: the course address (see routes.tsx). */
export const COURSE_PATH = /^\/formation\/(\d{1,9})\/(\d{1,9})(?:\/(\d{1,3}))?$/;

export const coursePath = (categoryId: number, formationId: number, step?: number) =>
  `/formation/${categoryId}/${formationId}${step === undefined ? '' : `/${step}`}`;
export const certificatePath = (categoryId: number, formationId: number) => `/formation/${categoryId}/${formationId}/certificat`;

let learningScreenShown = false;

/** A formations screen is showing: from now on in this page load, the catalogue reopens nothing. */
export function markLearningScreen(): void {
  learningScreenShown = true;
}

/** Whether the catalogue may reopen the last course now (true once per page load at most). */
export function mayReopenCourse(): boolean {
  return !learningScreenShown;
}

export function readNumber(storage: Storage, key: string): number | null {
  const value = Number(storage.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function remember(storage: Storage, key: string, value: string | number): void {
  try {
    storage.setItem(key, String(value));
  } catch {
    // A full or refused storage: nothing to remember, nothing broken.
  }
}
