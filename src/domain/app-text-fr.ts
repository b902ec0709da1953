/**
 * The installed app's French texts (the spec names none of them: written in its voice): the
 * offline banner and the update prompt. Apart from text-fr.ts so the entry carries only these.
 */
export const APP_TEXT = {
  offline: 'Hors ligne',
  /** Signed in: what happens to what the member writes meanwhile. */
  offlineOutbox: 'Vos messages partiront au retour du réseau.',
  updateAvailable: 'Nouvelle version disponible',
  update: 'Mettre à jour',
  updateLater: 'Plus tard',
  updating: 'Mise à jour…',
} as const;
