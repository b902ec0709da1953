/**
 * Who may edit a message, and until when (issue 22): its author for 24 hours after posting it; a
 * moderator any message of a room, a thread or an alert's comments (never a private one). The
 * server decides (server/chat/edit-message.ts); the screens offer 'Modifier' by the same rule.
 */
export const EDIT_WINDOW_MS = 24 * 60 * 60_000;

export const EDIT_TEXT = {
  edit: 'Modifier',
  editTitle: 'Modifier le message',
  editLabel: 'Texte du message',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saving: 'Enregistrement…',
  savedToast: 'Le message a bien été modifié',
  /** Beside the time of an edited message. */
  edited: '(modifié)',
  editedAt: (when: string) => `Modifié le ${when}`,
  tooLate: 'Ce message ne peut plus être modifié : le délai de 24 heures est passé.',
  empty: 'Le message est vide',
} as const;

export type Editable = { senderId: number; date: string; conversationId?: string | null };
export type Editor = { id: number; moderator: boolean };

export type EditRight = 'author' | 'moderator' | 'tooLate' | 'none';

/** Why `editor` may (or may not) edit `message` at `now`. */
export function editRight(message: Editable, editor: Editor, now: number): EditRight {
  const own = message.senderId === editor.id;
  const isPrivate = Boolean(message.conversationId);
  if (own && now - Date.parse(message.date) <= EDIT_WINDOW_MS) return 'author';
  if (editor.moderator && !isPrivate) return 'moderator';
  return own ? 'tooLate' : 'none';
}

export const mayEdit = (message: Editable, editor: Editor, now: number): boolean => {
  const right = editRight(message, editor, now);
  return right === 'author' || right === 'moderator';
};
