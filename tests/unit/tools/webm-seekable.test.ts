import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEOS } from '../../../server/learning/demo-formations';
import { makeSeekable } from '../../../tools/webm-seekable';

const file = (name: string) => new Uint8Array(readFileSync(new URL(`../../../server/demo-media/${name}`, import.meta.url)));

describe('the committed demo videos', () => {
  it.each(DEMO_VIDEOS)('%s is small, about 15 s long, with a cue per second', (name) => {
    const bytes = file(name);
    expect(bytes.length).toBeLessThan(300_000);
    const { report } = makeSeekable(bytes);
    expect(report.durationMs).toBeGreaterThan(14_000);
    expect(report.durationMs).toBeLessThan(16_500);
    expect(report.cues).toBeGreaterThanOrEqual(10);
  });

  it('are already in the seekable layout: rewriting them changes no byte', () => {
    for (const name of DEMO_VIDEOS) expect(Buffer.from(makeSeekable(file(name)).bytes).equals(Buffer.from(file(name)))).toBe(true);
  });

  it('refuses what is not WebM', () => {
    expect(() => makeSeekable(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80]))).toThrow('pas un fichier WebM');
  });
});
