import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { NOT_FOUND } from '../../src/contract/api-error';

/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14): `a-b`, `a-` or the last `n` bytes
 * `-n`. A header we do not serve as a range (other unit, several ranges, bad syntax) is ignored and
 * the whole file is sent, as the RFC allows; a range past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sends a file with range support (206, `Accept-Ranges`, `Content-Range`), so a video can be sought. */
export async function sendFileRange(reply: FastifyReply, path: string, type: string, rangeHeader: string | undefined): Promise<FastifyReply> {
  const file = await stat(path).catch(() => null);
  if (!file?.isFile()) return reply.code(404).send({ error: NOT_FOUND });
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Last-Modified', file.mtime.toUTCString())
    // Per member (the route checks their access): kept by their browser only.
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff')
    .type(type);
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
  if (range === null) return reply.header('Content-Length', file.size).send(createReadStream(path));
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(createReadStream(path, { start: range.start, end: range.end }));
}
