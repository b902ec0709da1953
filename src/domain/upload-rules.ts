import { PROFILE_UPLOAD_MAX_BYTES } from '../contract/account';
import type { AttachmentType } from '../contract/chat';
import { FILE_KINDS, MIME_EXTENSIONS } from '../contract/upload-kinds';
import { KIND_LABELS, UPLOAD_TEXT } from './upload-text-fr';

/** What one picker accepts: its kinds of file, each with its size limit. */
export type UploadRule = { readonly kinds: readonly { readonly kind: AttachmentType; readonly maxBytes: number }[] };

/** What is known of a chosen file before reading it. */
export type FileFacts = { readonly name: string; readonly type: string; readonly size: number };

export type FileCheck = { ok: true; kind: AttachmentType; mimeType: string } | { ok: false; error: string };

/** These kinds at the limits `POST /upload` enforces. */
export function uploadRule(kinds: readonly AttachmentType[]): UploadRule {
  return { kinds: kinds.map((kind) => ({ kind, maxBytes: FILE_KINDS[kind].maxBytes })) };
}

/** Spec 1 §5: the profile upload takes images only, and `POST /api/upload` 5 MB at most. */
export const PROFILE_PICTURE_RULE: UploadRule = { kinds: [{ kind: 'image', maxBytes: PROFILE_UPLOAD_MAX_BYTES }] };

/**
 * The kinds of attachment a member may send (spec 2 §6): videos and audio are the staff's, except
 * the voice notes of private chats, open to every member with messaging access.
 */
export function attachmentKinds(who: { staff: boolean; privateRoom: boolean }): AttachmentType[] {
  if (who.staff) return ['image', 'video', 'audio', 'file'];
  return who.privateRoom ? ['image', 'audio', 'file'] : ['image', 'file'];
}

/** The picker's `accept`: every mime type and extension of the rule's kinds. */
export function acceptAttribute(rule: UploadRule): string {
  return rule.kinds.flatMap(({ kind }) => FILE_KINDS[kind].mimeTypes.flatMap((mime) => [mime, ...(MIME_EXTENSIONS[mime] ?? [])])).join(',');
}

/** 'Images JPEG, PNG, GIF ou WebP — 5 Mo maximum', or each kind with its limit when there are several. */
export function acceptedSummary(rule: UploadRule): string {
  const [only] = rule.kinds;
  const text =
    rule.kinds.length === 1 && only
      ? `${KIND_LABELS[only.kind]} — ${formatSize(only.maxBytes)} maximum`
      : rule.kinds.map(({ kind, maxBytes }) => `${KIND_LABELS[kind]} (${formatSize(maxBytes)} maximum)`).join(' ; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether the rule takes this file, checked in the order the server checks it (empty, type, size),
 * with the French reason when it does not.
 */
export function checkFile(file: FileFacts, rule: UploadRule): FileCheck {
  if (file.size === 0) return { ok: false, error: UPLOAD_TEXT.empty };
  const mimeType = mimeTypeOf(file);
  const entry = rule.kinds.find(({ kind }) => FILE_KINDS[kind].mimeTypes.includes(mimeType));
  if (!entry) return { ok: false, error: UPLOAD_TEXT.typeRefused(rule.kinds.map((k) => k.kind)) };
  if (file.size > entry.maxBytes) return { ok: false, error: UPLOAD_TEXT.tooLarge(entry.kind, formatSize(entry.maxBytes)) };
  return { ok: true, kind: entry.kind, mimeType };
}

/** The file's mime type without parameters; from its extension when the system gave none. */
export function mimeTypeOf(file: Pick<FileFacts, 'name' | 'type'>): string {
  const declared = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  if (declared !== '' && declared !== 'application/octet-stream') return declared;
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot).toLowerCase();
  const known = Object.entries(MIME_EXTENSIONS).find(([, extensions]) => extensions.includes(extension));
  return known ? known[0] : declared;
}

/** '5 Mo', '1,5 Mo', '320 Ko' (binary units, as the limits are written). */
export function formatSize(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${String(Math.round((bytes / MB) * 10) / 10).replace('.', ',')} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

/** A server refusal as the member reads it: its codes in French, its French messages as they are. */
export function uploadErrorText(error: string): string {
  if (error === 'NOT_ALLOWED') return UPLOAD_TEXT.notAllowed;
  if (error.trim() === '') return UPLOAD_TEXT.failed;
  return error;
}
