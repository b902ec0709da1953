/**
 * socket.io channel names. A member's sockets join their private channel; a socket that opens a
 * room or a thread joins its stream channel; the readers channel of every room a member may read
 * carries the unread badges of rooms they have not opened.
 */
export const userChannel = (userId: number): string => `user:${userId}`;
export const roomChannel = (roomId: string): string => `room:${roomId}`;
export const threadChannel = (parentId: string): string => `thread:${parentId}`;
export const readersChannel = (roomId: string): string => `readers:${roomId}`;
