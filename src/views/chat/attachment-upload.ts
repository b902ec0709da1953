import type { ChatSync } from '../../sync/chat-sync';
import type { UploadEffect } from '../common/file-picker';

/** `POST /upload` through the chat's data layer, in the shape a file picker takes. */
export function attachmentUpload(chat: ChatSync | null): UploadEffect | null {
  if (!chat) return null;
  return async (file, options) => {
    const answer = await chat.upload(file, options);
    if (!answer.ok) return { ok: false, error: answer.error };
    const { attachmentId, attachmentType, name, url } = answer.data;
    return { ok: true, data: { id: attachmentId, attachmentType, name, url } };
  };
}
