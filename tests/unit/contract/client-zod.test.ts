import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Classic zod always bundles its JSON-schema processors and English locale (about 15 KB gzipped
// more than zod/mini in the entry chunk, against a 300 KB budget): one stray import brings them back.
const CLASSIC_ZOD = /from\s+['"]zod(\/v4)?(\/classic)?['"]/;

describe('client code', () => {
  it('imports zod only as zod/mini', () => {
    const offenders = sourceFiles('src').filter((file) => CLASSIC_ZOD.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
