import { apiError } from '../contract/api-error';
import { uploadResponse, type AttachmentType } from '../contract/chat';
import { REST_BASE } from '../contract/hosts';
import { uploadErrorText } from '../domain/upload-rules';
import { UPLOAD_TEXT } from '../domain/upload-text-fr';
import type { ApiResult } from './api-client';

/** 'Une erreur est survenue, veuillez réessayer' (spec 1 §8, upload). */
export const UPLOAD_FAILED = UPLOAD_TEXT.failed;

export type UploadResult = ApiResult<{ attachmentId: string; attachmentType: AttachmentType; name: string; url: string }>;

/** The attachment type a file is sent as, from its mime type. */
export function attachmentTypeOf(file: { type: string }): AttachmentType {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}

export type UploadOptions = {
  /** Progress of the sent bytes, 0 to 100 (the pickers' and the voice notes' progress bars). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /upload` (multipart: a `type` field, then the `file`), decoded at this edge. With
 * `onProgress` it goes through XMLHttpRequest, the one browser API that reports upload progress.
 */
export function createUploader(deps: { getToken: () => string | null; fetch?: typeof fetch }) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  return async function upload(file: File, options: UploadOptions = {}): Promise<UploadResult> {
    const type = attachmentTypeOf(file);
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    const token = deps.getToken();
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const { onProgress, signal } = options;
    const answer =
      onProgress && typeof XMLHttpRequest !== 'undefined'
        ? // Loaded with the first upload: the chat opens without it.
          await import('./send-with-progress').then(({ sendWithProgress }) => sendWithProgress(`${REST_BASE}/upload`, form, headers, onProgress, signal))
        : await doFetch(`${REST_BASE}/upload`, { method: 'POST', headers, body: form, signal }).then(
            async (response) => ({ status: response.status, body: (await response.json().catch(() => null)) as unknown }),
            () => null,
          );
    if (answer === null) return { ok: false, error: UPLOAD_FAILED, status: null };
    const { status, body } = answer;
    if (status >= 500 || body === null) return { ok: false, error: UPLOAD_FAILED, status };
    const failure = apiError.safeParse(body);
    if (failure.success) return { ok: false, error: uploadErrorText(failure.data.error), status };
    const parsed = uploadResponse.safeParse(body);
    if (!parsed.success) return { ok: false, error: UPLOAD_FAILED, status };
    const { attachment } = parsed.data;
    return { ok: true, data: { attachmentId: parsed.data.attachmentId, attachmentType: attachment.attachmentType, name: attachment.name, url: attachment.resourceUrl } };
  };
}
export type Uploader = ReturnType<typeof createUploader>;
