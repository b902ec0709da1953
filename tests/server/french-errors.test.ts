import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import '../../server/app';

describe('schema messages on the server', () => {
  it('a refusal without a message of its own reads in French', () => {
    const result = z.safeParse(z.object({ email: z.string() }), { email: 3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/attendu|invalide/i);
    expect(result.error?.issues[0]?.message).not.toMatch(/expected|invalid input/i);
  });
});
