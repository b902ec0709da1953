import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CaptchaChallenge } from '../../src/contract/account';

/** How the server checks a `recaptchaToken`: the local sum by default, Google's when configured. */
export type CaptchaProvider = {
  challenge(): CaptchaChallenge;
  verify(token: string, remoteIp: string): Promise<boolean>;
};

export const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The self-hosted captcha: a sum of two small numbers. The challenge carries a nonce and an expiry,
 * signed with a key that never leaves the process together with the expected answer, so the
 * client cannot read the answer from it; each challenge is accepted once.
 */
export function localCaptcha(now: () => Date = () => new Date()): CaptchaProvider {
  const key = randomBytes(32);
  const spent = new Map<string, number>();
  const sign = (payload: string, answer: string) => createHmac('sha256', key).update(`${payload}|${answer}`).digest('base64url');
  const payloadShape = z.object({ n: z.string(), e: z.number() });

  return {
    challenge() {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      const payload = Buffer.from(JSON.stringify({ n: randomBytes(12).toString('base64url'), e: now().getTime() + CAPTCHA_LIFETIME_MS })).toString('base64url');
      return { provider: 'local', question: `Combien font ${a} + ${b} ?`, challenge: `${payload}.${sign(payload, String(a + b))}` };
    },
    async verify(token) {
      const cut = token.lastIndexOf('~');
      const [payload, signature] = token.slice(0, Math.max(cut, 0)).split('.');
      const answer = token.slice(cut + 1).trim();
      if (cut < 0 || !payload || !signature || !/^\d{1,3}$/.test(answer)) return false;
      const expected = Buffer.from(sign(payload, String(Number(answer))));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      let decoded: z.infer<typeof payloadShape>;
      try {
        decoded = payloadShape.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return false;
      }
      const at = now().getTime();
      if (decoded.e < at || spent.has(decoded.n)) return false;
      for (const [nonce, expiry] of spent) if (expiry < at) spent.delete(nonce);
      spent.set(decoded.n, decoded.e);
      return true;
    },
  };
}

const siteverifyAnswer = z.object({ success: z.boolean() });

/** Google reCAPTCHA, selected when `RECAPTCHA_SECRET` is set: the token is checked by Google's siteverify. */
export function recaptcha(settings: { secret: string; siteKey: string }): CaptchaProvider {
  return {
    challenge: () => ({ provider: 'recaptcha', siteKey: settings.siteKey }),
    async verify(token, remoteIp) {
      const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return false;
      const answer = siteverifyAnswer.safeParse(await response.json());
      return answer.success && answer.data.success;
    },
  };
}
