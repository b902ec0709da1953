/** Timed mutes (issue 22): a moderator keeps a member from writing in the chat for a while. */
export const MUTE_CHOICES = [10, 60, 1440] as const;
export type MuteMinutes = (typeof MUTE_CHOICES)[number];
export const isMuteChoice = (minutes: number): minutes is MuteMinutes => (MUTE_CHOICES as readonly number[]).includes(minutes);

const span = (minutes: number) => (minutes >= 60 ? `${minutes / 60} h` : `${minutes} min`);
// Made on first use: this module is on the chat's boot path ('Rendre muet'), ICU is not.
const clock = (at: Date) => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Paris' }).format(at);
const dayClock = (at: Date) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Paris' }).format(at);

export const MUTE_TEXT = {
  action: 'Rendre muet',
  title: (username: string) => `Rendre ${username} muet`,
  legend: 'Durée',
  choice: (minutes: number) => span(minutes),
  confirm: 'Confirmer',
  cancel: 'Annuler',
  done: (username: string, minutes: number) => `${username} ne pourra plus écrire pendant ${span(minutes)}`,
  /** The refusal a muted member's post gets (Paris time; the day too beyond today). */
  refused: (until: Date, now: Date) =>
    `Vous ne pouvez plus écrire dans le chat jusqu’à ${until.toDateString() === now.toDateString() ? clock(until) : `le ${dayClock(until)}`}.`,
  notModeratable: 'Un modérateur ne peut pas être rendu muet.',
} as const;
