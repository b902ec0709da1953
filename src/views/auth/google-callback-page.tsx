import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { GOOGLE_CALLBACK_TEXT } from '../../domain/account-text-fr';
import { useCore } from '../app-context';
import { toast } from '../common/toast';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { AuthLayout } from './auth-layout';

const T = GOOGLE_CALLBACK_TEXT;

/**
 * `/api/auth/google/callback` signed out: the identity provider's tokens are exchanged for ours and
 * the member is signed in; an error goes to `/?error=` (spec 1 §4, §8).
 */
export function GoogleCallbackPage() {
  useGoogleCallback(null);
  return (
    <AuthLayout title={T.title}>
      <p role="status">{T.pending}</p>
    </AuthLayout>
  );
}

/**
 * The same return point for a member already signed in (spec 1 §2 lists it among the signed-in
 * routes): the same account carries on with the new token; another account takes over, the first
 * one's local data cleared first.
 */
export function SignedInGoogleCallbackPage() {
  const user = useCurrentUser();
  useGoogleCallback({ userId: user?.id ?? null });
  return (
    <div style={{ padding: 32 }}>
      <h1>{T.title}</h1>
      <p role="status">{T.pending}</p>
    </div>
  );
}

/** `signedIn`: who is signed in now (null: signed out; `userId` null: not known yet, so treated as another account). */
function useGoogleCallback(signedIn: { userId: number | null } | null) {
  const { accounts, session } = useCore();
  const search = useSearch();
  const [, navigate] = useLocation();
  usePageTitle(T.title);
  // Read at answer time: the current member may be stored while the call runs.
  const currentUserId = useRef<number | null>(null);
  currentUserId.current = signedIn?.userId ?? null;
  const isSignedIn = signedIn !== null;
  useEffect(() => {
    const params = new URLSearchParams(search);
    const idToken = params.get('id_token');
    const failure = params.get('error');
    const fail = (message: string) => {
      if (isSignedIn) toast.error(message);
      navigate(`/?error=${encodeURIComponent(message)}`, { replace: true });
    };
    if (failure || !idToken) return fail(failure ?? T.failed);
    let live = true;
    void accounts.googleCallback({ id_token: idToken, access_token: params.get('access_token') ?? '' }).then((answer) => {
      if (!live) return;
      if ('error' in answer) fail(answer.error);
      else if (isSignedIn && answer.userId !== currentUserId.current) session.send({ type: 'session.switchAccount', jwt: answer.jwt, redirectUri: '/' });
      else session.send({ type: 'session.tokenReceived', jwt: answer.jwt, redirectUri: '/' });
    });
    return () => {
      live = false;
    };
  }, [accounts, navigate, search, session, isSignedIn]);
}
