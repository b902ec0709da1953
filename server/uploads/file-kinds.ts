/** How many leading bytes the checks below need (a JPEG's size marker may sit after its metadata). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Whether the file's first bytes are what its declared mime type says, for the types whose
 * signature is cheap to read (images and PDF); others are trusted to their declared type.
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
    default:
      return true;
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
