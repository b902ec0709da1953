import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../src/domain/redirect';

describe('redirect after sign-in', () => {
  it('leaves the app for an https value', () => {
    expect(redirectTarget('https://boutique.example/panier')).toEqual({ kind: 'external', url: 'https://boutique.example/panier' });
  });
  it('navigates inside the app for a path', () => {
    expect(redirectTarget('/profil/abonnements?x=1')).toEqual({ kind: 'internal', path: '/profil/abonnements?x=1' });
  });
  it.each([null, '', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'http://plain.example'])(
    'ignores %s',
    (value) => expect(redirectTarget(value)).toBeNull(),
  );
});
