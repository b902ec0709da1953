import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useApp } from './app-context';
import { ConfirmEmailPage } from './auth/confirm-email-page';
import { RegisterPage } from './auth/register-page';
import { ResetPasswordPage } from './auth/reset-password-page';
import { SignInPage } from './auth/sign-in-page';
import { ThanksPage } from './auth/thanks-page';
import { ComingSoonPage, NotFoundPage } from './common/coming-soon-page';
import { Shell } from './shell/shell';
import { NotificationPage } from './alerts/notification-page';
import { ChatPage } from './chat/chat-page';
import { HomePage } from './home/home-page';
import { useCurrentUser } from './use-current-user';

/**
 * The spec's routes (spec 1 §2). Signed-out paths are a closed list: anything else goes to the
 * sign-in screen with `redirect_uri`. Signed-in screens that later issues build show a plain page.
 */
export function AppRoutes() {
  const { session } = useApp();
  const phase = useSelector(session, (s) =>
    s.matches('booting') ? 'booting' : s.matches('signedIn') ? 'signedIn' : s.matches('signingOut') ? 'signingOut' : 'signedOut',
  );
  if (phase === 'booting' || phase === 'signingOut') return null;
  return phase === 'signedIn' ? <SignedInRoutes /> : <SignedOutRoutes />;
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/" component={SignInPage} />
      <Route path="/register-for-free" component={RegisterPage} />
      <Route path="/register">{() => <ComingSoonPage title="Inscription" />}</Route>
      <Route path="/reset_password" component={ResetPasswordPage} />
      <Route path="/confirm_email" component={ConfirmEmailPage} />
      <Route path="/api/auth/google/callback">{() => <ComingSoonPage title="Connexion Google" />}</Route>
      <Route path="/purchase/:id/:time">{() => <ComingSoonPage title="Paiement" />}</Route>
      <Route>
        <RedirectToSignIn />
      </Route>
    </Switch>
  );
}

function RedirectToSignIn() {
  const [location] = useLocation();
  const search = useSearch();
  const target = search === '' ? location : `${location}?${search}`;
  return <Redirect to={`/?redirect_uri=${encodeURIComponent(target)}`} replace />;
}

/** [path, title] of the signed-in screens that later issues build. */
const LATER_SCREENS: readonly (readonly [string, string])[] = [
  ['/replay', 'Replays'],
  ['/replay/:slug', 'Replay'],
  ['/formation', 'Formations'],
  ['/formation/:formationId/:id/:chapter?', 'Formation'],
  ['/tools', 'Toolbox'],
  ['/tools/:toolId', 'Outil'],
  ['/life', 'Life'],
  ['/news', 'Actualités'],
  ['/news/:slug', 'Article'],
  ['/shop', 'Boutique'],
  ['/socials', 'Réseaux sociaux'],
  ['/contact', 'Contact'],
  ['/stripe_connect', 'Compte de paiement'],
  ['/purchase/upgrade_live', 'Passer au Live'],
  ['/purchase/:id/:time', 'Paiement'],
  ['/api/auth/google/callback', 'Connexion Google'],
  ['/profil', 'Mon profil'],
  ['/profil/notif', 'Préférences de notification'],
  ['/profil/abonnements', 'Mes abonnements'],
  ['/profil/abonnements/:subpage', 'Mes abonnements'],
  ['/profil/security', 'Sécurité'],
  ['/profil/parrainage', 'Parrainage'],
  ['/profil/blocked', 'Utilisateurs bloqués'],
];

function SignedInRoutes() {
  const user = useCurrentUser();
  return (
    <Shell>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/chat" component={ChatPage} />
        <Route path="/notification" component={NotificationPage} />
        <Route path="/merci-inscription" component={ThanksPage} />
        <Route path="/confirm_email" component={ConfirmEmailPage} />
        <Route path="/qg" component={NotificationPage} />
        {/* When signed in, both registration routes show the QG screen (spec 1 §2). */}
        <Route path="/register" component={NotificationPage} />
        <Route path="/register-for-free" component={NotificationPage} />
        {user?.settings.displayAvis ? <Route path="/profil/avis">{() => <ComingSoonPage title="Mon avis" />}</Route> : null}
        {LATER_SCREENS.map(([path, title]) => (
          <Route key={path} path={path}>
            {() => <ComingSoonPage title={title} />}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Shell>
  );
}
