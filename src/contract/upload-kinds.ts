import type { AttachmentType } from './chat';

const MB = 1024 * 1024;

/**
 * What `POST /upload` accepts for each declared type (spec 2 §7): the size limit and the mime
 * types, with their usual extensions. The server enforces them; the client checks them before
 * sending and names them in its pickers, so both read this one table.
 */
export const FILE_KINDS: Record<AttachmentType, { maxBytes: number; mimeTypes: readonly string[] }> = {
  image: { maxBytes: 10 * MB, mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  video: { maxBytes: 100 * MB, mimeTypes: ['video/mp4', 'video/webm'] },
  audio: { maxBytes: 20 * MB, mimeTypes: ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'] },
  file: {
    maxBytes: 20 * MB,
    mimeTypes: [
      'application/pdf',
      'text/plain',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
    ],
  },
};

/**
 * The extensions of each accepted mime type: a picker's `accept` names both, and a file the
 * system gave no type (some desktops do so for office documents) is typed by its extension.
 */
export const MIME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'audio/webm': ['.weba'],
  'audio/ogg': ['.ogg', '.oga', '.opus'],
  'audio/mpeg': ['.mp3'],
  'audio/mp4': ['.m4a'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
};

export const LARGEST_UPLOAD = Math.max(...Object.values(FILE_KINDS).map((kind) => kind.maxBytes));
