/**
 * One-to-one chats (spec 2 §4): a chat with a member the viewer has no conversation with yet is
 * identified as `user_{id}` until its first message creates the conversation.
 */
export const userChatId = (userId: string): string => `user_${userId}`;
export const isUserChat = (chatId: string): boolean => chatId.startsWith('user_');
export const userOfChat = (chatId: string): string | null => (isUserChat(chatId) ? chatId.slice('user_'.length) : null);

/** The two coach handles whose conversations carry the "not for support" note (spec 2 §2). */
export const COACH_HANDLES: readonly string[] = ['coach', 'analyste'];
/** The support handle, reached with 'Contacter le support' (spec 2 §2). */
export const SUPPORT_HANDLE = 'support';

/** Which note a conversation with this member shows, if any. */
export function conversationNote(username: string): 'coach' | 'support' | null {
  const name = username.toLocaleLowerCase('fr');
  if (name === SUPPORT_HANDLE) return 'support';
  return COACH_HANDLES.includes(name) ? 'coach' : null;
}
