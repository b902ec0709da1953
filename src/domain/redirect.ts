/**
 * Where a redirect_uri sends the member after sign-in (spec 1 §2): a value starting with https
 * leaves the app by full navigation; an in-app path navigates inside it. Anything else (a
 * protocol-relative '//host', 'javascript:', garbage) is ignored.
 */
export type RedirectTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string } | null;

export function redirectTarget(uri: string | null): RedirectTarget {
  if (uri === null || uri === '') return null;
  if (uri.startsWith('https://')) return { kind: 'external', url: uri };
  if (uri.startsWith('/') && !uri.startsWith('//') && !uri.startsWith('/\\')) return { kind: 'internal', path: uri };
  return null;
}
