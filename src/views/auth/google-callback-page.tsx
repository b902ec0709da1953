import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCore } from '../app-context';
import { usePageTitle } from '../common/use-page-title';
import { AuthLayout } from './auth-layout';

/** `/api/auth/google/callback`: the identity provider's tokens are exchanged for ours; an error goes to `/?error=`. */
export function GoogleCallbackPage() {
  const { accounts, session } = useCore();
  const search = useSearch();
  const [, navigate] = useLocation();
  usePageTitle('Connexion Google');
  useEffect(() => {
    const params = new URLSearchParams(search);
    const idToken = params.get('id_token');
    const failure = params.get('error');
    if (failure || !idToken) {
      navigate(`/?error=${encodeURIComponent(failure ?? 'Connexion Google impossible')}`, { replace: true });
      return;
    }
    let live = true;
    void accounts.googleCallback({ id_token: idToken, access_token: params.get('access_token') ?? '' }).then((answer) => {
      if (!live) return;
      if ('error' in answer) navigate(`/?error=${encodeURIComponent(answer.error)}`, { replace: true });
      else session.send({ type: 'session.tokenReceived', jwt: answer.jwt, redirectUri: '/' });
    });
    return () => {
      live = false;
    };
  }, [accounts, navigate, search, session]);
  return (
    <AuthLayout title="Connexion Google">
      <p role="status">Connexion en cours…</p>
    </AuthLayout>
  );
}
