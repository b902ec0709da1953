/** The room switcher's and the room shortcuts' French text (issue 21). */
export const ROOM_KEYS_TEXT = {
  switcherTitle: 'Aller à une room',
  searchLabel: 'Rechercher une room',
  searchPlaceholder: 'Nom de la room',
  resultsLabel: 'Rooms trouvées',
  noMatch: 'Aucune room ne correspond',
  hint: '↑ ↓ pour choisir, Entrée pour ouvrir, Échap pour fermer',
  locked: 'réservée',
  unread: (n: number) => `${n} nouveau${n > 1 ? 'x' : ''} message${n > 1 ? 's' : ''}`,
  opened: (room: string) => `Room ${room} ouverte`,
} as const;
