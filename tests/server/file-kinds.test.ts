import { describe, expect, it } from 'vitest';
import { FILE_KINDS } from '../../src/contract/upload-kinds';
import { contentMatches } from '../../server/uploads/file-kinds';

/** A real file's first bytes for each type the uploads accept. */
const HEADS: Record<string, number[] | string> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': 'GIF89a',
  'image/webp': 'RIFF\0\0\0\0WEBPVP8 ',
  'video/mp4': [0, 0, 0, 0x20, ...Buffer.from('ftypisom')],
  'video/webm': [0x1a, 0x45, 0xdf, 0xa3, 0x9f],
  'audio/webm': [0x1a, 0x45, 0xdf, 0xa3, 0x9f],
  'audio/ogg': 'OggS\0\x02',
  'audio/mpeg': 'ID3\x04\0',
  'audio/mp4': [0, 0, 0, 0x1c, ...Buffer.from('ftypM4A ')],
  'application/pdf': '%PDF-1.7\n',
  'text/plain': 'Bonjour, voici mes niveaux.\n',
  'application/msword': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  'application/vnd.ms-excel': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  'application/vnd.ms-powerpoint': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'PK\x03\x04\x14\0',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'PK\x03\x04\x14\0',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PK\x03\x04\x14\0',
  'application/vnd.oasis.opendocument.text': 'PK\x03\x04\x14\0',
  'application/vnd.oasis.opendocument.spreadsheet': 'PK\x03\x04\x14\0',
  'application/vnd.oasis.opendocument.presentation': 'PK\x03\x04\x14\0',
};
const bytes = (head: number[] | string) => (typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head));
const accepted = [...new Set(Object.values(FILE_KINDS).flatMap((kind) => kind.mimeTypes))];

describe('an upload is what its declared type says', () => {
  it('knows the signature of every type the uploads accept', () => {
    expect(accepted.filter((mime) => HEADS[mime] === undefined)).toEqual([]);
  });

  for (const mime of accepted) {
    it(`${mime}: its own first bytes pass, a script or another type's do not`, () => {
      expect(contentMatches(mime, bytes(HEADS[mime]!))).toBe(true);
      expect(contentMatches(mime, Buffer.from('<script>alert(1)</script>\0'))).toBe(false);
      const other = mime === 'application/pdf' ? HEADS['image/png']! : HEADS['application/pdf']!;
      if (mime !== 'text/plain') expect(contentMatches(mime, bytes(other))).toBe(false);
    });
  }

  it('lets no other type through', () => {
    expect(contentMatches('application/x-msdownload', Buffer.from('MZ'))).toBe(false);
    expect(contentMatches('text/html', Buffer.from('<html>'))).toBe(false);
  });
});
