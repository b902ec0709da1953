/**
 * Every route of the app (spec 1 §2, `src/views/routes.tsx`), with sample parameters: the screens a
 * sweep (no sideways scroll, axe) walks through. Paths only; each opens inside the running app.
 */
export const SIGNED_OUT_ROUTES: readonly string[] = [
  '/',
  '/?redirect_uri=%2Fchat',
  '/register-for-free',
  '/register',
  '/reset_password?code=exemple',
  '/confirm_email?confirmation=exemple',
  '/purchase/0/0',
];

/** The later screens ('bientôt disponible') included, and a path no screen answers. */
export const SIGNED_IN_ROUTES: readonly string[] = [
  '/',
  '/chat',
  '/notification',
  '/qg',
  '/register',
  '/register-for-free',
  '/replay',
  '/replay/exemple',
  '/formation',
  '/formation/1/2/3',
  '/formation/1/1',
  '/formation/1/1/5',
  '/formation/1/1/certificat',
  '/formation/5/10',
  '/formation/1/999',
  '/tools',
  '/tools/exemple',
  '/life',
  '/news',
  '/news/exemple',
  '/shop',
  '/socials',
  '/contact',
  '/merci-inscription',
  '/profil',
  '/profil/notif',
  '/profil/abonnements',
  '/profil/abonnements/thank_you',
  '/profil/abonnements/thank_you_vip',
  '/profil/abonnements/canceled',
  '/profil/security',
  '/profil/parrainage',
  '/profil/blocked',
  '/purchase/upgrade_live',
  '/purchase/0/0',
  '/page-inconnue',
];
