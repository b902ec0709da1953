import Cookies from 'js-cookie';
import { REFERRAL_COOKIES } from '../domain/registration';

/** `?aff=` (30 days) and `?affint=` (1 day) from the address are kept in cookies (spec 1 §9). */
export function rememberReferral(search: string): void {
  const params = new URLSearchParams(search);
  for (const [name, days] of Object.entries(REFERRAL_COOKIES)) {
    const value = params.get(name);
    // A referral code is a short token; anything else in the address is ignored.
    if (value && /^[\w-]{1,64}$/.test(value)) Cookies.set(name, value, { expires: days, sameSite: 'lax' });
  }
}
