import { describe, expect, it, vi } from 'vitest';
import { lazyEffects } from '../../../src/sync/lazy-effects';

type Effects = { add(a: number, b: number): Promise<number>; name(): Promise<string> };
const real: Effects = { add: async (a, b) => a + b, name: async () => 'réel' };

describe('lazyEffects', () => {
  it('loads nothing until the first call, then once for every method', async () => {
    const load = vi.fn(async () => real);
    const effects = lazyEffects<Effects>(load, { add: true, name: true });
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([effects.add(2, 3), effects.name(), effects.add(1, 1)])).resolves.toEqual([5, 'réel', 2]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("passes on the effect's own rejection", async () => {
    const effects = lazyEffects<Effects>(async () => ({ ...real, name: async () => Promise.reject(new Error('Refusé')) }), { add: true, name: true });
    await expect(effects.name()).rejects.toThrow('Refusé');
    await expect(effects.add(1, 2)).resolves.toBe(3);
  });

  it('a failed load rejects that call, and the next call loads again', async () => {
    const load = vi.fn<() => Promise<Effects>>().mockRejectedValueOnce(new Error('réseau')).mockResolvedValue(real);
    const effects = lazyEffects<Effects>(load, { add: true, name: true });
    await expect(effects.add(1, 2)).rejects.toThrow('réseau');
    await expect(effects.add(1, 2)).resolves.toBe(3);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
