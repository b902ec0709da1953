import { apiError } from '../contract/api-error';
import { uploadResponse, type AttachmentType } from '../contract/chat';
import { REST_BASE } from '../contract/hosts';
import type { ApiResult } from './api-client';

/** 'Une erreur est survenue, veuillez réessayer' (spec 1 §8, upload). */
export const UPLOAD_FAILED = 'Une erreur est survenue, veuillez réessayer';

export type UploadResult = ApiResult<{ attachmentId: string; attachmentType: AttachmentType; name: string }>;

/** The attachment type a file is sent as, from its mime type. */
export function attachmentTypeOf(file: { type: string }): AttachmentType {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}

/** `POST /upload` (multipart: a `type` field, then the `file`), decoded at this edge. */
export function createUploader(deps: { getToken: () => string | null; fetch?: typeof fetch }) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  return async function upload(file: File): Promise<UploadResult> {
    const type = attachmentTypeOf(file);
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    const token = deps.getToken();
    let response: Response;
    try {
      response = await doFetch(`${REST_BASE}/upload`, {
        method: 'POST',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        body: form,
      });
    } catch {
      return { ok: false, error: UPLOAD_FAILED, status: null };
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status >= 500 || body === null) return { ok: false, error: UPLOAD_FAILED, status: response.status };
    const failure = apiError.safeParse(body);
    if (failure.success) return { ok: false, error: failure.data.error, status: response.status };
    const parsed = uploadResponse.safeParse(body);
    if (!parsed.success) return { ok: false, error: UPLOAD_FAILED, status: response.status };
    return { ok: true, data: { attachmentId: parsed.data.attachmentId, attachmentType: parsed.data.attachment.attachmentType, name: parsed.data.attachment.name } };
  };
}
export type Uploader = ReturnType<typeof createUploader>;
