import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The tools' paid files (`server/tool-files`): outside every static root, read only by the signed
 * download route. A stored `path` is relative to this folder.
 */
export const TOOL_FILES_DIR = fileURLToPath(new URL('../tool-files', import.meta.url));

/** The content types of the files we ship, by extension; anything else is plain bytes. */
const TOOL_FILE_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pine: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export const toolFileType = (name: string): string => TOOL_FILE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * The file a stored path names inside `dir`, if it is a regular file there: a path that climbs out
 * (`../`), an absolute one or a NUL is no file.
 */
export async function toolFileAt(dir: string, path: string): Promise<{ absolute: string; size: number } | null> {
  if (path.includes('\u0000')) return null;
  const absolute = resolve(dir, path);
  const inside = relative(dir, absolute);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  const file = await stat(absolute).catch(() => null);
  return file?.isFile() ? { absolute, size: file.size } : null;
}
