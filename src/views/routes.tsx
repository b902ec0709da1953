import { useSelector } from '@xstate/react';
import { lazy, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { DataProvider, useApp, useCore } from './app-context';
import { SignInPage } from './auth/sign-in-page';
import { FirstPaintSlot } from './chat/first-paint-slot';
import { NotFoundPage } from './common/not-found-page';
import { useCurrentUser } from './use-current-user';

/**
 * Code split by area (issue 4, `initial_js_kb`): the sign-in screen ships in the entry; the shell
 * and each signed-in page, and the other signed-out pages, are chunks loaded when first shown.
 * A page's chunk is asked for together with the shell's (see `preloadPage`), never after it, and a
 * loaded page renders at once: only one still loading suspends (a lazy component suspends on its
 * first render even when its chunk is in, and React then holds the reveal).
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>, needs: readonly LazySyncName[] = []) {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const Loaded = loaded;
    const shown = Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
    return needs.length === 0 ? shown : <WithSyncs needs={needs} preload={preload}>{shown}</WithSyncs>;
  }
  return Object.assign(Page, { preload });
}

/** The syncs loaded on first use (src/data-layer.ts) a page may need. */
type LazySyncName = 'learning' | 'replays' | 'news' | 'referral' | 'landing' | 'billing';

/**
 * A page that needs syncs loaded on first use renders once they are in, asked for beside its own
 * chunk: it suspends before its first render, never once its content is on screen (a component
 * suspending later would hide the whole page while the sync loads).
 */
function WithSyncs({ needs, preload, children }: { needs: readonly LazySyncName[]; preload: () => Promise<unknown>; children: ReactNode }) {
  const services = useApp();
  void preload();
  const loads: Promise<unknown>[] = needs.map((name) => services[name].get());
  for (const loading of loads) use(loading);
  return children;
}

const Shell = page(() => import('./shell/shell').then((m) => m.Shell));
const HomePage = page(() => import('./home/home-page').then((m) => m.HomePage));
const ChatPage = page(() => import('./chat/chat-page').then((m) => m.ChatPage));
const PopoutRoomPage = page(() => import('./chat/popout-room-page').then((m) => m.PopoutRoomPage));
const NotificationPage = page(() => import('./alerts/notification-page').then((m) => m.NotificationPage));
const RegisterPage = page(() => import('./auth/register-page').then((m) => m.RegisterPage));
const ResetPasswordPage = page(() => import('./auth/reset-password-page').then((m) => m.ResetPasswordPage));
const ConfirmEmailPage = page(() => import('./auth/confirm-email-page').then((m) => m.ConfirmEmailPage));
const GoogleCallbackPage = page(() => import('./auth/google-callback-page').then((m) => m.GoogleCallbackPage));
const SignedInGoogleCallbackPage = page(() => import('./auth/google-callback-page').then((m) => m.SignedInGoogleCallbackPage));
const RegisterOnePage = page(() => import('./auth/register-one-page').then((m) => m.RegisterOnePage));
const ThanksPage = page(() => import('./auth/thanks-page').then((m) => m.ThanksPage));
const ProfilePage = page(() => import('./account/profile-page').then((m) => m.ProfilePage));
const SecurityPage = page(() => import('./account/security-page').then((m) => m.SecurityPage));
const ContactPage = page(() => import('./account/contact-page').then((m) => m.ContactPage));
const StripeConnectPage = page(() => import('./account/stripe-connect-page').then((m) => m.StripeConnectPage), ['billing']);
const NotificationSettingsPage = page(() => import('./account/notification-settings-page').then((m) => m.NotificationSettingsPage));
const BlockedUsersPage = page(() => import('./account/blocked-users-page').then((m) => m.BlockedUsersPage));
const SubscriptionsPage = page(() => import('./subscriptions/subscriptions-page').then((m) => m.SubscriptionsPage), ['billing']);
const PurchasePage = page(() => import('./subscriptions/checkout-page').then((m) => m.PurchasePage), ['billing']);
const UpgradePage = page(() => import('./subscriptions/checkout-page').then((m) => m.UpgradePage), ['billing']);
const FormationsPage = page(() => import('./learning/formations-page').then((m) => m.FormationsPage), ['learning']);
const CoursePage = page(() => import('./learning/course-page').then((m) => m.CoursePage), ['learning']);
const CertificatePage = page(() => import('./learning/certificate-page').then((m) => m.CertificatePage), ['learning']);
const ReferralPage = page(() => import('./account/referral-page').then((m) => m.ReferralPage), ['referral']);
const ReplaysPage = page(() => import('./replays/replays-page').then((m) => m.ReplaysPage), ['replays']);
const ToolsPage = page(() => import('./tools/tools-page').then((m) => m.ToolsPage), ['landing']);
const ToolPage = page(() => import('./tools/tool-page').then((m) => m.ToolPage), ['landing']);
const SocialsPage = page(() => import('./landing/socials-page').then((m) => m.SocialsPage), ['landing']);
const ShopPage = page(() => import('./landing/shop-page').then((m) => m.ShopPage), ['landing']);
const LifePage = page(() => import('./landing/life-page').then((m) => m.LifePage), ['landing']);
const PublicLifePage = page(() => import('./landing/life-page').then((m) => m.PublicLifePage));
const ReviewPage = page(() => import('./landing/review-page').then((m) => m.ReviewPage), ['landing']);
const NewsPage = page(() => import('./news/news-page').then((m) => m.NewsPage), ['news']);
const ArticlePage = page(() => import('./news/article-page').then((m) => m.ArticlePage), ['news']);

/** The signed-in page a path shows, started at once so it loads beside the shell (null: none). */
function preloadPage(path: string): Promise<unknown> | null {
  if (path === '/') return HomePage.preload();
  if (path.startsWith('/chat')) return ChatPage.preload();
  if (path === '/fenetre') return PopoutRoomPage.preload();
  if (['/notification', '/qg', '/register', '/register-for-free'].includes(path)) return NotificationPage.preload();
  if (path.startsWith('/profil/abonnements')) return SubscriptionsPage.preload();
  if (path === '/purchase/upgrade_live') return UpgradePage.preload();
  if (path.startsWith('/purchase/')) return PurchasePage.preload();
  if (path === '/formation') return FormationsPage.preload();
  if (path.endsWith('/certificat')) return CertificatePage.preload();
  if (path.startsWith('/formation/')) return CoursePage.preload();
  if (path === '/replay' || path.startsWith('/replay/')) return ReplaysPage.preload();
  if (path === '/profil/parrainage') return ReferralPage.preload();
  if (path === '/tools') return ToolsPage.preload();
  if (path.startsWith('/tools/')) return ToolPage.preload();
  if (path === '/socials') return SocialsPage.preload();
  if (path === '/shop') return ShopPage.preload();
  if (path === '/life') return LifePage.preload();
  if (path === '/profil/avis') return ReviewPage.preload();
  if (path === '/news') return NewsPage.preload();
  if (path.startsWith('/news/')) return ArticlePage.preload();
  return null;
}

/**
 * The spec's routes (spec 1 §2). Signed-out paths are a closed list: anything else goes to the
 * sign-in screen with `redirect_uri`. Every signed-in route has its screen.
 */
export function AppRoutes() {
  const { session } = useCore();
  const phase = useSelector(session, (s) =>
    s.matches('booting')
      ? 'booting'
      : s.matches('signedIn')
        ? 'signedIn'
        : s.matches('signingOut') || s.matches('switchingAccount') || s.matches('enteringApp')
          ? 'leaving'
          : 'signedOut',
  );
  if (phase === 'booting' || phase === 'leaving') return null;
  return phase === 'signedIn' ? <SignedInRoutes /> : <SignedOutRoutes />;
}

function SignedOutRoutes() {
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/" component={SignInPage} />
        <Route path="/register-for-free" component={RegisterPage} />
        <Route path="/register" component={RegisterOnePage} />
        <Route path="/reset_password" component={ResetPasswordPage} />
        <Route path="/confirm_email" component={ConfirmEmailPage} />
        <Route path="/api/auth/google/callback" component={GoogleCallbackPage} />
        <Route path="/purchase/:id/:time">
          {/* Open to visitors too: the checkout reads the catalogue from the store. */}
          <DataProvider>
            <PurchasePage />
          </DataProvider>
        </Route>
        {/* Landing content is public (spec 3 §6): read from the store like every page. */}
        <Route path="/life" component={PublicLifePage} />
        <Route>
          <RedirectToSignIn />
        </Route>
      </Switch>
    </Suspense>
  );
}

function RedirectToSignIn() {
  const [location] = useLocation();
  const search = useSearch();
  const target = search === '' ? location : `${location}?${search}`;
  return <Redirect to={`/?redirect_uri=${encodeURIComponent(target)}`} replace />;
}


/**
 * Signed-in screens wait for the data layer (the store and the syncs, in their own chunk) and for
 * the shell's and the first page's chunks, loaded beside it: the first screen shows in one go.
 */
function SignedInRoutes() {
  const [location] = useLocation();
  // Only the path of the first render: later navigations load their page as they go.
  const { firstPaint } = useCore();
  // After the chat's first paint, if any: nothing competes with it.
  const [chunks] = useState(() => [(firstPaint?.settled ?? Promise.resolve()).then(() => Promise.all([Shell.preload(), preloadPage(location)]))]);
  return (
    <>
      {firstPaint !== null && location.startsWith('/chat') ? <FirstPaintSlot source={firstPaint} /> : null}
      <Suspense fallback={null}>
        <DataProvider with={chunks}>
          <SignedInScreens />
        </DataProvider>
      </Suspense>
    </>
  );
}

function SignedInScreens() {
  const user = useCurrentUser();
  const [location] = useLocation();
  // A room in its own window (issue 22): no shell around it.
  if (location === '/fenetre') return <PopoutRoomPage />;
  return (
    <Suspense fallback={null}>
      <Shell>
        <Suspense fallback={null}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/chat" component={ChatPage} />
            <Route path="/notification" component={NotificationPage} />
            <Route path="/merci-inscription" component={ThanksPage} />
            <Route path="/profil" component={ProfilePage} />
            <Route path="/profil/security" component={SecurityPage} />
            <Route path="/contact" component={ContactPage} />
            <Route path="/stripe_connect" component={StripeConnectPage} />
            <Route path="/profil/notif" component={NotificationSettingsPage} />
            <Route path="/profil/blocked" component={BlockedUsersPage} />
            <Route path="/profil/parrainage" component={ReferralPage} />
            <Route path="/profil/abonnements" component={SubscriptionsPage} />
            <Route path="/profil/abonnements/:subpage" component={SubscriptionsPage} />
            <Route path="/purchase/upgrade_live" component={UpgradePage} />
            <Route path="/purchase/:id/:time" component={PurchasePage} />
            <Route path="/confirm_email" component={ConfirmEmailPage} />
            <Route path="/api/auth/google/callback" component={SignedInGoogleCallbackPage} />
            <Route path="/formation" component={FormationsPage} />
            {/*
              The course address (spec 3 §2) is read the second way the spec gives it:
              /formation/{categoryId}/{formationId}/{step}, the card's link plus the 1-based step.
            */}
            <Route path="/formation/:categoryId/:formationId/certificat" component={CertificatePage} />
            <Route path="/formation/:categoryId/:formationId/:step?" component={CoursePage} />
            {/* One route for the list and a replay's address: the list stays under the replay's modal. */}
            <Route path="/replay/:slug?" component={ReplaysPage} />
            <Route path="/news" component={NewsPage} />
            <Route path="/news/:slug" component={ArticlePage} />
            <Route path="/qg" component={NotificationPage} />
            {/* When signed in, both registration routes show the QG screen (spec 1 §2). */}
            <Route path="/register" component={NotificationPage} />
            <Route path="/register-for-free" component={NotificationPage} />
            <Route path="/tools" component={ToolsPage} />
            <Route path="/tools/:toolId" component={ToolPage} />
            <Route path="/socials" component={SocialsPage} />
            <Route path="/shop" component={ShopPage} />
            <Route path="/life" component={LifePage} />
            {/* Spec 1 §2, spec 3 §2: only when the member's displayAvis is set. */}
            {user?.settings.displayAvis ? <Route path="/profil/avis" component={ReviewPage} /> : null}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Shell>
    </Suspense>
  );
}
