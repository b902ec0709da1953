import { describe, expect, it } from 'vitest';
import { createFreshRead } from '../../../src/sync/fresh-read';

const serial = <T>(work: () => Promise<T>) => work();

describe('a list read whole while the page changes it', () => {
  it('stores an answer when nothing changed on its way, else asks again, three rounds at most', async () => {
    const lists = createFreshRead(serial);
    const stored: number[] = [];
    let asked = 0;
    await lists.read(async () => ({ ok: true, data: ++asked }), async (n) => void stored.push(n));
    expect(stored).toEqual([1]);

    // A change during the first answer only: the second is stored.
    let changeOnce = true;
    await lists.read(
      async () => {
        if (changeOnce) lists.changed();
        changeOnce = false;
        return { ok: true, data: ++asked };
      },
      async (n) => void stored.push(n),
    );
    expect(stored).toEqual([1, 3]);

    // A change during every answer: none is stored, and it stops after three.
    const before = asked;
    await lists.read(
      async () => {
        lists.changed();
        return { ok: true, data: ++asked };
      },
      async (n) => void stored.push(n),
    );
    expect(asked - before).toBe(3);
    expect(stored).toEqual([1, 3]);
  });

  it('returns a failure as it came, storing nothing', async () => {
    const lists = createFreshRead(serial);
    const answer = await lists.read(async () => ({ ok: false as const, error: 'Une erreur est survenue', status: 500 }), async () => {
      throw new Error('never stored');
    });
    expect(answer.ok).toBe(false);
  });
});
