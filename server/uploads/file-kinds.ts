/** How many leading bytes the checks below need (a JPEG's size marker may sit after its metadata). */
export const SNIFF_BYTES = 64 * 1024;

/** Office's legacy documents (.doc, .xls, .ppt): an OLE2 compound file. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Office Open XML and OpenDocument files (.docx, .xlsx, .pptx, .odt, .ods, .odp): a zip archive. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** WebM (Matroska) files begin with an EBML header. */
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * Whether the file's first bytes are what its declared mime type says: every type the uploads accept
 * is checked by its signature (a text, by holding no NUL byte), so a file declared as a voice note or
 * a document cannot be something else the browser or a member's office suite would open as such.
 */
export function contentMatches(mimeType: string, head: Buffer): boolean {
  switch (mimeType) {
    case 'image/png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a';
    case 'image/webp':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
    case 'application/pdf':
      return ascii(head, 0, 5) === '%PDF-';
    case 'video/webm':
    case 'audio/webm':
      return startsWith(head, EBML);
    case 'video/mp4':
    case 'audio/mp4':
      // An ISO media file opens on its 'ftyp' box: its size, then the type.
      return ascii(head, 4, 8) === 'ftyp';
    case 'audio/ogg':
      return ascii(head, 0, 4) === 'OggS';
    case 'audio/mpeg':
      // An ID3 tag, or straight an MPEG audio frame (eleven sync bits).
      return ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case 'text/plain':
      return !head.includes(0);
    case 'application/msword':
    case 'application/vnd.ms-excel':
    case 'application/vnd.ms-powerpoint':
      return startsWith(head, OLE2);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    case 'application/vnd.oasis.opendocument.text':
    case 'application/vnd.oasis.opendocument.spreadsheet':
    case 'application/vnd.oasis.opendocument.presentation':
      return startsWith(head, ZIP);
    default:
      // The uploads accept no other type (FILE_KINDS): nothing unknown is let through.
      return false;
  }
}

/** Pixel size read from an image's header, so the client reserves its space; null when unread. */
export function imageSize(mimeType: string, head: Buffer): { width: number; height: number } | null {
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (mimeType === 'image/png' && head.length >= 24) return size(head.readUInt32BE(16), head.readUInt32BE(20));
  if (mimeType === 'image/gif' && head.length >= 10) return size(head.readUInt16LE(6), head.readUInt16LE(8));
  if (mimeType === 'image/webp' && head.length >= 30) {
    const chunk = ascii(head, 12, 16);
    if (chunk === 'VP8X') return size(1 + head.readUIntLE(24, 3), 1 + head.readUIntLE(27, 3));
    if (chunk === 'VP8 ') return size(head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = head.readUInt32LE(21);
      return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
  }
  if (mimeType === 'image/jpeg') return jpegSize(head);
  return null;
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(head: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = head.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = head.readUInt16BE(at + 5);
      const width = head.readUInt16BE(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

const startsWith = (head: Buffer, bytes: number[]): boolean => bytes.every((byte, i) => head[i] === byte);
const ascii = (head: Buffer, from: number, to: number): string => head.subarray(from, to).toString('latin1');
