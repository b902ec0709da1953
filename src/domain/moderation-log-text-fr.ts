/** The moderation log's French (issue 22): each action a moderator took, as a sentence. */

/** What each logged action says, after the moderator's name (server/chat/moderation.ts `ModerationAction`). */
const VERBS: Record<string, string> = {
  mute: 'a rendu muet',
  unmute: 'a rendu la parole à',
  delete_message: 'a supprimé un message de',
  edit_message: 'a modifié un message de',
  report_dismissed: 'a classé sans suite un signalement',
  report_deleted: 'a supprimé un message signalé',
  slow_mode: 'a réglé le mode lent',
  keyword_filter: 'a modifié le filtre de mots',
  held_approved: 'a validé un message retenu de',
  held_rejected: 'a refusé un message retenu de',
};

export const MODERATION_LOG_TEXT = {
  tab: 'Journal',
  empty: 'Aucune action de modération',
  loading: 'Chargement du journal…',
  someone: 'Un modérateur',
  /** 'coach a rendu muet live dans Forex', with what was set ('1 h', '30 s') after a colon. */
  sentence: (entry: { action: string; moderator: string | null; target: string | null; room: string | null; details: string }) => {
    const verb = VERBS[entry.action] ?? `a agi (${entry.action})`;
    const who = entry.moderator ?? MODERATION_LOG_TEXT.someone;
    const target = entry.target ? ` ${entry.target}` : '';
    const where = entry.room ? ` dans ${entry.room}` : '';
    const details = entry.details ? ` : ${entry.details}` : '';
    return `${who} ${verb}${target}${where}${details}`;
  },
} as const;
