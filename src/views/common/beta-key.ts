/**
 * The build's beta key, `VITE_BETA_KEY`: internal shortcuts for subscription 6 (the planning
 * editor, 'Edit new') show only when it is set (spec 3 §2, §6; `showsEditShortcut` in domain/subscriptions.ts).
 */
export const BETA_KEY: string | undefined = import.meta.env.VITE_BETA_KEY;
