/**
 * socket.io channel names. A member's sockets join their private channel; a socket that opens a
 * room or a thread joins its stream channel; the readers channel of every room a member may read
 * carries the unread badges of rooms they have not opened. Alert broadcasts are sent per viewer
 * (server/alerts/alert-broadcast.ts), since what each member may see of an alert differs.
 */
export const userChannel = (userId: number): string => `user:${userId}`;
export const roomChannel = (roomId: string): string => `room:${roomId}`;
export const threadChannel = (parentId: string): string => `thread:${parentId}`;
export const readersChannel = (roomId: string): string => `readers:${roomId}`;
/** The comments under an alert, opened with 'join room' {alertId} by whoever reads the alert whole. */
export const alertChannel = (alertId: string): string => `alert:${alertId}`;
/** A private conversation, opened with 'join room' {conversationId} by its participants. */
export const conversationChannel = (conversationId: string): string => `conversation:${conversationId}`;
/** The moderators' sockets (issue 22: the report queue). */
export const MODERATORS_CHANNEL = 'moderators';
