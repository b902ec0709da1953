import { z } from 'zod/mini';

/** `GET /api/chatrooms` entry: rights are computed per user by the server (spec 2 §3 Room). */
export const chatRoom = z.object({
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    icon: z.nullable(z.string()),
    canRead: z.boolean(),
    canWrite: z.boolean(),
    canSendAttachments: z.boolean(),
  }),
});
export type ChatRoom = z.infer<typeof chatRoom>;
export const chatRoomsResponse = z.object({ rooms: z.array(chatRoom) });
