import Cookies from 'js-cookie';

/** The access token lives in a cookie for 90 days (spec 1 §4, §9) and is sent as a bearer token. */
export const TOKEN_COOKIE = 'access_token';
export const TOKEN_COOKIE_DAYS = 90;

export const readToken = (): string | null => Cookies.get(TOKEN_COOKIE) ?? null;

export function saveToken(jwt: string): void {
  Cookies.set(TOKEN_COOKIE, jwt, {
    expires: TOKEN_COOKIE_DAYS,
    sameSite: 'lax',
    secure: globalThis.location?.protocol === 'https:',
  });
}

export const removeToken = (): void => Cookies.remove(TOKEN_COOKIE);
