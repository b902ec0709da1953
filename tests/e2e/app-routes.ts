/**
 * Every screen of `src/views/routes.tsx` as a path a test can open, its parameters filled with
 * demo values. Signed-out paths are the closed list of routes a visitor sees; signed-in ones are
 * the shell's screens, the later issues' 'bientôt disponible' pages and the unknown-path page.
 */
export const SIGNED_OUT_ROUTES: readonly string[] = [
  '/',
  '/register-for-free',
  '/register',
  '/reset_password',
  '/reset_password?code=mauvais-code',
  '/confirm_email',
  '/purchase/0/0',
];

export const SIGNED_IN_ROUTES: readonly string[] = [
  '/',
  '/chat',
  '/chat?room=Forex',
  '/chat?room=Prime',
  '/notification',
  '/qg',
  '/merci-inscription',
  '/profil',
  '/profil/security',
  '/contact',
  '/stripe_connect',
  '/profil/notif',
  '/profil/blocked',
  '/profil/abonnements',
  '/profil/abonnements/thank_you',
  '/profil/abonnements/thank_you_vip',
  '/profil/abonnements/canceled',
  '/purchase/upgrade_live',
  '/purchase/0/0',
  '/confirm_email',
  '/register',
  '/register-for-free',
  // LATER_SCREENS: 'bientôt disponible'.
  '/replay',
  '/replay/exemple',
  '/formation',
  '/formation/1/1',
  '/formation/1/1/2',
  '/tools',
  '/tools/1',
  '/life',
  '/news',
  '/news/exemple',
  '/shop',
  '/socials',
  '/profil/parrainage',
  '/nulle-part',
];
